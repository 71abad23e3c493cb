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

// Tree positions: children of i at 2i+1 and 2i+2, so odd positions are left children.
namespace {
std::size_t sibling_of(std::size_t position) {
  return (position & 1) ? position + 1 : position - 1;
}
std::size_t parent_of(std::size_t position) {
  return (position - 1) / 2;
}
}  // namespace

Result<MultiProof> StandardMerkleTree::multiproof(
    std::span<const std::size_t> value_indices) const {
  MultiProof out;
  out.value_indices.assign(value_indices.begin(), value_indices.end());
  for (std::size_t value : out.value_indices) {
    if (value >= size()) {
      return make_error(Errc::invalid_argument, "value index " + std::to_string(value) +
                                                    " is out of range (must be below " +
                                                    std::to_string(size()) + ")");
    }
  }
  // Deepest positions first: leaves sit at the end of the array, and a parent always has a
  // smaller position than its children, so a queue in descending order meets siblings adjacently.
  std::sort(out.value_indices.begin(), out.value_indices.end(),
            [&](std::size_t a, std::size_t b) { return tree_index_[a] > tree_index_[b]; });
  if (std::adjacent_find(out.value_indices.begin(), out.value_indices.end()) !=
      out.value_indices.end()) {
    return make_error(Errc::invalid_argument, "a value index is given twice");
  }
  std::vector<std::size_t> queue;
  for (std::size_t value : out.value_indices) {
    queue.push_back(tree_index_[value]);
    out.leaves.push_back(nodes_[tree_index_[value]]);
  }
  for (std::size_t head = 0; head < queue.size() && queue[head] > 0;) {
    const std::size_t position = queue[head++];
    const bool sibling_is_known = head < queue.size() && queue[head] == sibling_of(position);
    out.proof_flags.push_back(sibling_is_known);
    if (sibling_is_known) {
      ++head;
    } else {
      out.proof.push_back(nodes_[sibling_of(position)]);
    }
    queue.push_back(parent_of(position));
  }
  if (value_indices.empty()) out.proof.push_back(root());
  return out;
}

bool verify(const Digest32& root, const Digest32& leaf_hash, std::span<const Digest32> proof) {
  Digest32 hash = leaf_hash;
  for (const Digest32& sibling : proof) hash = node_hash(hash, sibling);
  return hash == root;
}

Result<Digest32> process_multiproof(std::span<const Digest32> leaves,
                                    std::span<const Digest32> proof,
                                    const std::vector<bool>& proof_flags) {
  const auto proof_hashes_used =
      static_cast<std::size_t>(std::count(proof_flags.begin(), proof_flags.end(), false));
  if (leaves.size() + proof.size() != proof_flags.size() + 1 || proof_hashes_used > proof.size()) {
    return make_error(Errc::invalid_argument,
                      "multiproof counts do not fit: " + std::to_string(leaves.size()) +
                          " leaves + " + std::to_string(proof.size()) + " proof hashes must be " +
                          std::to_string(proof_flags.size()) + " flags + 1");
  }
  // A queue of computed hashes: the leaves, then each new node hash appended as it is made.
  // Given the count checks, every flag finds its operands (each step consumes two entries of
  // queue + proof and appends one, ending with exactly one).
  std::vector<Digest32> queue(leaves.begin(), leaves.end());
  queue.reserve(leaves.size() + proof_flags.size());
  std::size_t head = 0;
  std::size_t next_proof = 0;
  for (const bool flag : proof_flags) {
    if (head >= queue.size() || (flag && head + 1 >= queue.size())) {
      return make_error(Errc::invalid_argument, "multiproof flags consume more leaves than exist");
    }
    const Digest32 a = queue[head++];
    const Digest32 b = flag ? queue[head++] : proof[next_proof++];
    queue.push_back(node_hash(a, b));
  }
  if (proof_flags.empty()) return leaves.empty() ? proof[0] : leaves[0];
  return queue.back();
}

bool verify_multiproof(const Digest32& root, std::span<const Digest32> leaves,
                       std::span<const Digest32> proof, const std::vector<bool>& proof_flags) {
  const Result<Digest32> computed = process_multiproof(leaves, proof, proof_flags);
  return computed.ok() && *computed == root;
}

}  // namespace merkleforge::openzeppelin
