#include "merkleforge/binary/openzeppelin.hpp"

#include <algorithm>
#include <numeric>
#include <string>

#include "merkleforge/hash/keccak.hpp"

namespace merkleforge::openzeppelin {

Digest32 leaf_hash(ByteSpan abi_encoded_values) {
  return Keccak256::digest(Keccak256::digest(abi_encoded_values));
}

Digest32 node_hash(const Digest32& a, const Digest32& b) {
  const bool in_order = a <= b;
  Keccak256 hasher;
  hasher.update(in_order ? a : b);
  hasher.update(in_order ? b : a);
  return hasher.finalize();
}

Result<StandardMerkleTree> StandardMerkleTree::from_leaf_hashes(
    std::span<const Digest32> leaf_hashes, bool sort_leaves) {
  const std::size_t count = leaf_hashes.size();
  if (count == 0) return make_error(Errc::invalid_argument, "OpenZeppelin tree of no leaves");
  std::vector<std::size_t> order(count);  // order[k]: the value whose leaf comes k-th
  std::iota(order.begin(), order.end(), std::size_t{0});
  if (sort_leaves) {
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return leaf_hashes[a] < leaf_hashes[b]; });
  }
  StandardMerkleTree tree;
  tree.nodes_.resize(2 * count - 1);
  tree.tree_index_.resize(count);
  for (std::size_t k = 0; k < count; ++k) {
    const std::size_t position = tree.nodes_.size() - 1 - k;
    tree.nodes_[position] = leaf_hashes[order[k]];
    tree.tree_index_[order[k]] = position;
  }
  for (std::size_t i = count - 1; i-- > 0;) {
    tree.nodes_[i] = node_hash(tree.nodes_[2 * i + 1], tree.nodes_[2 * i + 2]);
  }
  return tree;
}

Result<std::vector<Digest32>> StandardMerkleTree::proof(std::size_t value_index) const {
  if (value_index >= size()) {
    return make_error(Errc::invalid_argument, "value index " + std::to_string(value_index) +
                                                  " is out of range (must be below " +
                                                  std::to_string(size()) + ")");
  }
  std::vector<Digest32> path;
  for (std::size_t i = tree_index_[value_index]; i > 0; i = (i - 1) / 2) {
    path.push_back(nodes_[(i & 1) ? i + 1 : i - 1]);
  }
  return path;
}

bool verify(const Digest32& root, const Digest32& leaf_hash, std::span<const Digest32> proof) {
  Digest32 hash = leaf_hash;
  for (const Digest32& sibling : proof) hash = node_hash(hash, sibling);
  return hash == root;
}

}  // namespace merkleforge::openzeppelin
