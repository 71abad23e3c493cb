// The tree-key commitment: a constant CRS[0] term and four 16-byte chunks through the 16-bit-window
// tables of CRS[1..4] (wide_crs_tables.hpp).
#include "tree_key_tables.hpp"

#include <array>

#include "merkleforge/verkle/crs.hpp"
#include "verkle/wide_crs_tables.hpp"

namespace merkleforge::verkle::detail {

namespace {

constexpr std::size_t kFirstChunkBase = 1;
constexpr std::uint64_t kTreeKeyInputBytes = 64;

const Element& constant_term() {
  static const Element term = crs_points()[0] * Fr::from_u64(2 + 256 * kTreeKeyInputBytes);
  return term;
}

}  // namespace

Element tree_key_point(const Address32& address, const TreeIndex& tree_index) {
  const std::array<Fr, 4> chunks = {
      Fr::from_bytes_le_reduced(ByteSpan(address.data(), 16)),
      Fr::from_bytes_le_reduced(ByteSpan(address.data() + 16, 16)),
      Fr::from_canonical({tree_index[0], tree_index[1], 0, 0}),
      Fr::from_canonical({tree_index[2], tree_index[3], 0, 0}),
  };
  Element point = constant_term();
  for (std::size_t i = 0; i < chunks.size(); ++i) {
    add_crs_multiple_wide(point, kFirstChunkBase + i, chunks[i]);
  }
  return point;
}

}  // namespace merkleforge::verkle::detail
