// Tables of the tree-key terms: CRS[1..4] with 16-bit windows, 4·9·2^15 affine points (108 MiB).
#include "tree_key_tables.hpp"

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

}  // namespace

const Element& tree_key_constant_term() {
  static const Element term = crs_points()[0] * Fr::from_u64(2 + 256 * kTreeKeyInputBytes);
  return term;
}

void add_tree_key_term(Element& accumulator, std::size_t index, const Fr& chunk) {
  chunk_tables().add_multiple(accumulator, index - kFirstChunkBase, chunk);
}

std::size_t tree_key_term_table_bytes() {
  return chunk_tables().bytes();
}

}  // namespace merkleforge::verkle::detail
