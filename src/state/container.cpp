#include "container.hpp"

#include <algorithm>
#include <string>

namespace merkleforge::state::detail {

namespace {
constexpr std::size_t kHeader = sizeof kProofMagic + 2;
}

Bytes encode_container(TreeKind kind, ByteSpan body) {
  Bytes out(kProofMagic, kProofMagic + sizeof kProofMagic);
  out.push_back(kProofVersion);
  out.push_back(static_cast<std::uint8_t>(kind));
  out.insert(out.end(), body.begin(), body.end());
  return out;
}

Result<ByteSpan> decode_container(TreeKind kind, ByteSpan proof) {
  if (proof.size() < kHeader || !std::equal(kProofMagic, kProofMagic + 4, proof.begin())) {
    return make_error(Errc::malformed_input, "state: not a state proof");
  }
  if (proof[4] != kProofVersion) {
    return make_error(Errc::malformed_input,
                      "state: proof format version " + std::to_string(proof[4]) +
                          ", this verifier reads version " + std::to_string(kProofVersion));
  }
  if (proof[5] != static_cast<std::uint8_t>(kind)) {
    return make_error(Errc::malformed_input, "state: a proof about another kind of tree (" +
                                                 std::to_string(proof[5]) + ")");
  }
  return proof.subspan(kHeader);
}

}  // namespace merkleforge::state::detail
