// libFuzzer target: the execution-witness SSZ decoder and the stateless verifier. The first 32
// bytes are taken as the pre-state root, the rest as the witness. Anything may be rejected, but
// nothing may crash, and what decodes must encode back to the same bytes (the decoder accepts
// only the canonical form).
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "merkleforge/verkle/witness.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace merkleforge::verkle;
  if (size < 32) return 0;
  Point32 root;
  std::copy(data, data + 32, root.begin());
  const merkleforge::ByteSpan bytes(data + 32, size - 32);
  if (const auto witness = parse_execution_witness_ssz(bytes)) {
    const merkleforge::Bytes again = to_ssz(*witness);
    if (again.size() != bytes.size() ||
        std::memcmp(again.data(), bytes.data(), bytes.size()) != 0) {
      std::abort();
    }
    (void)verify_execution_witness(*witness, root);
  }
  return 0;
}
