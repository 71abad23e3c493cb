// The tree-key commitment: a constant CRS[0] term and four 16-byte chunks through the 16-bit-window
// tables of CRS[1..4] (wide_crs_tables.hpp).
#include "tree_key_tables.hpp"

#include <array>

#include "merkleforge/verkle/crs.hpp"
#include "wide_crs_tables.hpp"

namespace merkleforge::verkle::detail {

namespace {

constexpr std::size_t kFirstChunkBase = 1;
constexpr std::uint64_t kTreeKeyInputBytes = 64;

/// The CRS[0] term as one more table entry.
const AffinePoint& constant_term() {
  static const AffinePoint term =
      (crs_points()[0] * Fr::from_u64(2 + 256 * kTreeKeyInputBytes)).to_affine();
  return term;
}

}  // namespace

std::size_t write_tree_key_terms(const Address32& address, const TreeIndex& tree_index,
                                 SignedPoint* out) {
  const std::array<Fr, 4> chunks = {
      Fr::from_bytes_le_reduced(ByteSpan(address.data(), 16)),
      Fr::from_bytes_le_reduced(ByteSpan(address.data() + 16, 16)),
      Fr::from_canonical({tree_index[0], tree_index[1], 0, 0}),
      Fr::from_canonical({tree_index[2], tree_index[3], 0, 0}),
  };
  std::size_t count = 0;
  out[count++] = {&constant_term(), false};
  for (std::size_t i = 0; i < chunks.size(); ++i) {
    count += write_crs_terms_wide(kFirstChunkBase + i, chunks[i], out + count);
  }
  return count;
}

Element tree_key_point(const Address32& address, const TreeIndex& tree_index) {
  std::array<SignedPoint, kMaxTreeKeyTerms> terms;
  const std::size_t count = write_tree_key_terms(address, tree_index, terms.data());
  return sum_points(Element::identity(), std::span(terms).first(count));
}

}  // namespace merkleforge::verkle::detail
