// Tree keys in blocks: each block's commitments are computed projectively and mapped to the scalar
// field together, blocks in parallel.
#include "merkleforge/verkle/tree_key_batch.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "batch_kernels.hpp"
#include "merkleforge/parallel/parallel.hpp"
#include "merkleforge/verkle/banderwagon.hpp"
#include "tree_key_tables.hpp"

namespace merkleforge::verkle {

namespace {

// Keys per block at most, each block sharing one inversion: large enough that the inversion is
// negligible per key, small enough that a batch of a few hundred keys still fills two threads.
// It is also the grain: ranges of more than kBlock keys are cut into equal blocks of at most
// kBlock (so blocks hold kBlock / 2 to kBlock keys, as halving ranges down to kBlock would).
constexpr std::size_t kBlock = 128;

/// The keys of at most kBlock requests: their commitments' terms are summed side by side (one
/// key per lane with the IFMA kernel) and mapped to the scalar field with one inversion.
void derive_block(std::span<const TreeKeyRequest> requests, std::span<TreeKey> keys) {
  detail::SumScratch scratch;
  std::vector<detail::SignedPoint>& terms = scratch.get().terms;
  std::vector<std::uint32_t>& ends = scratch.get().ends;
  for (const TreeKeyRequest& request : requests) {
    std::array<detail::SignedPoint, detail::kMaxTreeKeyTerms> key_terms;
    const std::size_t count =
        detail::write_tree_key_terms(request.address, request.tree_index, key_terms.data());
    terms.insert(terms.end(), key_terms.begin(), key_terms.begin() + count);
    ends.push_back(static_cast<std::uint32_t>(terms.size()));
  }
  std::array<Element, kBlock> points;
  detail::sum_point_groups(terms, ends, std::span(points).first(requests.size()));
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
  parallel_for(requests.size(), kBlock, [&](std::size_t begin, std::size_t end) {
    const std::size_t size = end - begin, blocks = (size + kBlock - 1) / kBlock;
    for (std::size_t b = 0; b < blocks; ++b) {
      const std::size_t first = begin + size * b / blocks, last = begin + size * (b + 1) / blocks;
      derive_block(requests.subspan(first, last - first),
                   std::span(keys).subspan(first, last - first));
    }
  });
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
