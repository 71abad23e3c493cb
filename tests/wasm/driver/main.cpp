// The wasm32 side of tests/wasm: the proof system's verifier modules compiled by Emscripten and
// run by Node. Rebuilds the statement of tests/support/small_system.hpp from its seed (the proofs
// carry none of it) and verifies each proof file named on the command line, printing one line
// "<verdict>" per file (verdict.hpp). With `--boolean-keccakf <count> <outputs file>` first, the
// proofs are the Boolean engine's, of Keccak-f with those outputs; with `--boolean-blake3-chain
// <count> <head file> <tail file>`, of a chain of BLAKE3 compressions (the circuit builder's).
// Files are the host's own (NODERAWFS).
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string_view>

#include "merkleforge/boolean/engine.hpp"
#include "support/small_system.hpp"
#include "wasm/verdict.hpp"

namespace {

merkleforge::Bytes read_file(const char* path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "cannot read %s\n", path);
    std::exit(2);
  }
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

int verify_boolean_keccakf(int argc, char** argv) {
  using namespace merkleforge;
  const auto count = static_cast<std::size_t>(std::strtoull(argv[2], nullptr, 10));
  const Bytes outputs = read_file(argv[3]);
  for (int i = 4; i < argc; ++i) {
    const Status verified =
        boolean::verify(boolean::keccakf_circuit(), count, outputs, read_file(argv[i]));
    std::printf("%s\n", wasm_test::verdict(verified).c_str());
  }
  return 0;
}

int verify_boolean_blake3_chain(int argc, char** argv) {
  using namespace merkleforge;
  const auto count = static_cast<std::size_t>(std::strtoull(argv[2], nullptr, 10));
  const Bytes head = read_file(argv[3]), tail = read_file(argv[4]);
  for (int i = 5; i < argc; ++i) {
    const Status verified =
        boolean::verify_chain(boolean::blake3_circuit(), count, head, tail, read_file(argv[i]));
    std::printf("%s\n", wasm_test::verdict(verified).c_str());
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace merkleforge;
  if (argc >= 4 && std::string_view(argv[1]) == "--boolean-keccakf") {
    return verify_boolean_keccakf(argc, argv);
  }
  if (argc >= 5 && std::string_view(argv[1]) == "--boolean-blake3-chain") {
    return verify_boolean_blake3_chain(argc, argv);
  }
  const cs::test::SmallSystem small = cs::test::small_system();
  const Result<cs::PreparedStatement> statement =
      cs::PreparedStatement::prepare(small.system, small.publics);
  if (!statement) {
    std::fprintf(stderr, "statement: %s\n", wasm_test::verdict(Status(statement.error())).c_str());
    return 2;
  }
  for (int i = 1; i < argc; ++i) {
    std::printf("%s\n", wasm_test::verdict(statement->verify(read_file(argv[i]))).c_str());
  }
  return 0;
}
