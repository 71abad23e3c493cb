// Tables of the tree-key terms: CRS[1..4] with 16-bit windows, 4·9·2^15 affine points (108 MiB).
#include "tree_key_tables.hpp"

#include <array>

#include "fixed_base_tables.hpp"
#include "merkleforge/verkle/crs.hpp"

namespace merkleforge::verkle::detail {

namespace {

constexpr std::size_t kFirstChunkBase = 1;
constexpr std::size_t kChunkBases = 4;
constexpr std::uint64_t kTreeKeyInputBytes = 64;

using ChunkTables = FixedBaseTables<16, 128>;

const ChunkTables& chunk_tables() {
  static const ChunkTables instance(crs_points().subspan(kFirstChunkBase, kChunkBases));
  return instance;
}

const Element& constant_term() {
  static const Element term = crs_points()[0] * Fr::from_u64(2 + 256 * kTreeKeyInputBytes);
  return term;
}

}  // namespace

Element tree_key_point(const Address32& address, const TreeIndex& tree_index) {
  const std::array<Fr, kChunkBases> chunks = {
      Fr::from_bytes_le_reduced(ByteSpan(address.data(), 16)),
      Fr::from_bytes_le_reduced(ByteSpan(address.data() + 16, 16)),
      Fr::from_canonical({tree_index[0], tree_index[1], 0, 0}),
      Fr::from_canonical({tree_index[2], tree_index[3], 0, 0}),
  };
  Element point = constant_term();
  for (std::size_t i = 0; i < chunks.size(); ++i) {
    if (!chunks[i].is_zero()) chunk_tables().add_multiple(point, i, chunks[i]);
  }
  return point;
}

std::size_t tree_key_term_table_bytes() {
  return chunk_tables().bytes();
}

}  // namespace merkleforge::verkle::detail
