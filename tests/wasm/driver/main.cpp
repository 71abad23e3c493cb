// The wasm32 side of tests/wasm: the proof system's verifier modules compiled by Emscripten and
// run by Node. Rebuilds the statement of tests/support/small_system.hpp from its seed (the proofs
// carry none of it) and verifies each proof file named on the command line, printing one line
// "<verdict>" per file (verdict.hpp). Files are the host's own (NODERAWFS).
#include <cstdio>
#include <fstream>
#include <iterator>

#include "support/small_system.hpp"
#include "wasm/verdict.hpp"

int main(int argc, char** argv) {
  using namespace merkleforge;
  const cs::test::SmallSystem small = cs::test::small_system();
  const Result<cs::PreparedStatement> statement =
      cs::PreparedStatement::prepare(small.system, small.publics);
  if (!statement) {
    std::fprintf(stderr, "statement: %s\n", wasm_test::verdict(Status(statement.error())).c_str());
    return 2;
  }
  for (int i = 1; i < argc; ++i) {
    std::ifstream in(argv[i], std::ios::binary);
    if (!in) {
      std::fprintf(stderr, "cannot read %s\n", argv[i]);
      return 2;
    }
    const Bytes proof((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::printf("%s\n", wasm_test::verdict(statement->verify(proof)).c_str());
  }
  return 0;
}
