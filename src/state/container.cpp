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

Bytes join_shape(ByteSpan shape, ByteSpan rest) {
  Bytes out(4 + shape.size() + rest.size());
  const auto size = static_cast<std::uint32_t>(shape.size());
  for (int i = 0; i < 4; ++i) out[i] = static_cast<std::uint8_t>(size >> (8 * i));
  std::copy(shape.begin(), shape.end(), out.begin() + 4);
  std::copy(rest.begin(), rest.end(), out.begin() + 4 + static_cast<std::ptrdiff_t>(shape.size()));
  return out;
}

Result<ShapeAndRest> split_shape(ByteSpan body) {
  if (body.size() < 4) return make_error(Errc::malformed_input, "state: truncated shape length");
  std::uint32_t size = 0;
  for (int i = 0; i < 4; ++i) size |= std::uint32_t{body[i]} << (8 * i);
  if (size > body.size() - 4) {
    return make_error(Errc::malformed_input, "state: the shape runs past the proof");
  }
  return ShapeAndRest{body.subspan(4, size), body.subspan(4 + size)};
}

}  // namespace merkleforge::state::detail
