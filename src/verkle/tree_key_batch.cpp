// Tree keys in blocks: each block's commitments are computed projectively and mapped to the scalar
// field together, blocks in parallel.
#include "merkleforge/verkle/tree_key_batch.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/partitioner.h>

#include <algorithm>
#include <array>

#include "merkleforge/verkle/banderwagon.hpp"
#include "verkle/tree_key_tables.hpp"

namespace merkleforge::verkle {

namespace {

// Keys per block, each block sharing one inversion (TBB's simple partitioner makes blocks of
// kBlock / 2 to kBlock keys): large enough that the inversion is negligible per key, small enough
// that a batch of a few hundred keys still fills two threads.
constexpr std::size_t kBlock = 128;

/// The pedersen_hash point of address32 ‖ LE32(tree_index): the constant length term, then the
/// four 16-byte little-endian chunks (two of the address, two of the index; each below 2^128)
/// through the tree-key tables.
Element tree_key_point(const Address32& address, const TreeIndex& tree_index) {
  const std::array<Fr, 4> chunks = {
      Fr::from_bytes_le_reduced(ByteSpan(address.data(), 16)),
      Fr::from_bytes_le_reduced(ByteSpan(address.data() + 16, 16)),
      Fr::from_canonical({tree_index[0], tree_index[1], 0, 0}),
      Fr::from_canonical({tree_index[2], tree_index[3], 0, 0}),
  };
  Element point = detail::tree_key_constant_term();
  for (std::size_t i = 0; i < chunks.size(); ++i) {
    if (!chunks[i].is_zero()) detail::add_tree_key_term(point, 1 + i, chunks[i]);
  }
  return point;
}

/// The keys of at most kBlock requests; their points stay on the stack (16 KiB).
void derive_block(std::span<const TreeKeyRequest> requests, std::span<TreeKey> keys) {
  std::array<Element, kBlock> points;
  std::transform(requests.begin(), requests.end(), points.begin(),
                 [](const TreeKeyRequest& r) { return tree_key_point(r.address, r.tree_index); });
  const std::vector<Fr> hashes =
      Element::batch_map_to_scalar_field(std::span(points).first(requests.size()));
  for (std::size_t i = 0; i < requests.size(); ++i) {
    keys[i] = hashes[i].to_bytes_le();
    keys[i][31] = requests[i].sub_index;
  }
}

}  // namespace

std::vector<TreeKey> get_tree_keys(std::span<const TreeKeyRequest> requests) {
  std::vector<TreeKey> keys(requests.size());
  tbb::parallel_for(
      tbb::blocked_range<std::size_t>(0, requests.size(), kBlock),
      [&](const tbb::blocked_range<std::size_t>& range) {
        derive_block(requests.subspan(range.begin(), range.size()),
                     std::span(keys).subspan(range.begin(), range.size()));
      },
      tbb::simple_partitioner());  // blocks of at most kBlock keys
  return keys;
}

std::vector<TreeKey> basic_data_keys(std::span<const Address32> addresses) {
  std::vector<TreeKeyRequest> requests(addresses.size());
  std::transform(addresses.begin(), addresses.end(), requests.begin(), [](const Address32& a) {
    return TreeKeyRequest{a, {}, kBasicDataLeafKey};
  });
  return get_tree_keys(requests);
}

}  // namespace merkleforge::verkle
