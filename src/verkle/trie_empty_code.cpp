#include "trie_empty_code.hpp"

#include "leaf_values.hpp"
#include "merkleforge/hash/keccak.hpp"
#include "merkleforge/verkle/pedersen.hpp"
#include "merkleforge/verkle/tree_key.hpp"

namespace merkleforge::verkle::detail {

namespace {

const Digest32& empty_code_hash() {
  static const Digest32 hash = Keccak256::digest(ByteSpan{});
  return hash;
}

}  // namespace

bool is_empty_code_hash_slot(std::uint8_t suffix, const Digest32& value) {
  return suffix == kCodeHashLeafKey && value == empty_code_hash();
}

const AffinePoint& empty_code_hash_term() {
  static const AffinePoint term = [] {
    const auto [lo, hi] = value_scalars(empty_code_hash());
    Element point;
    add_crs_multiple(point, 2 * std::size_t{kCodeHashLeafKey}, lo);
    add_crs_multiple(point, 2 * std::size_t{kCodeHashLeafKey} + 1, hi);
    return point.to_affine();
  }();
  return term;
}

}  // namespace merkleforge::verkle::detail
