// How a leaf node's contents enter its commitments (EIP-6800), shared by the trie and the
// witness verifier.
#pragma once

#include <array>
#include <optional>
#include <utility>

#include "merkleforge/verkle/field.hpp"
#include "merkleforge/verkle/trie.hpp"

namespace merkleforge::verkle::detail {

/// (lo, hi) of a value slot: lo = int_le(value[0:16]) + 2^128 (the marker of a written value),
/// hi = int_le(value[16:32]); (0, 0) when absent.
inline std::pair<Fr, Fr> value_scalars(const std::optional<Digest32>& value) {
  if (!value) return {Fr::zero(), Fr::zero()};
  std::array<std::uint8_t, 17> low_with_marker{};
  std::copy(value->begin(), value->begin() + 16, low_with_marker.begin());
  low_with_marker[16] = 1;
  return {Fr::from_bytes_le_reduced(low_with_marker),
          Fr::from_bytes_le_reduced(ByteSpan(value->data() + 16, 16))};
}

/// The stem as a scalar, int_le(stem) (below 2^248, so never reduced).
inline Fr stem_scalar(const Stem& stem) {
  return Fr::from_bytes_le_reduced(stem);
}

}  // namespace merkleforge::verkle::detail
