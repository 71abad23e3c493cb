// libFuzzer target: the execution-witness JSON parser and the stateless verifier. The first 32
// bytes are taken as the pre-state root, the rest as the witness; anything may be rejected, but
// nothing may crash, and a verifier result must not change when asked twice.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "merkleforge/verkle/witness.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace merkleforge::verkle;
  if (size < 32) return 0;
  Point32 root;
  std::copy(data, data + 32, root.begin());
  const std::string_view text(reinterpret_cast<const char*>(data + 32), size - 32);
  if (const auto witness = parse_execution_witness(text)) {
    const bool first = verify_execution_witness(*witness, root).ok();
    if (verify_execution_witness(*witness, root).ok() != first) std::abort();
  }
  return 0;
}
