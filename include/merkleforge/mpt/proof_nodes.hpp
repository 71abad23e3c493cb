// ProofNodes: the nodes of one Merkle Patricia proof, back to back in one byte buffer.
//
// A std::vector<Bytes> proof costs an allocation per node. A ProofNodes keeps every node's RLP in
// one buffer plus the end offset of each node, and clear() keeps both capacities: a server that
// answers many proofs (eth_getProof) through one ProofNodes stops allocating once it has held a
// proof as large as the next one. Nodes are read as views, valid until the next change.
#pragma once

#include <cstddef>
#include <vector>

#include "merkleforge/core/bytes.hpp"

namespace merkleforge::mpt {

class ProofNodes {
 public:
  /// Number of nodes.
  std::size_t size() const noexcept { return ends_.size(); }
  /// No node (size() == 0).
  bool empty() const noexcept { return ends_.empty(); }
  /// Node `index` (< size()), a view into the buffer.
  ByteSpan operator[](std::size_t index) const noexcept {
    const std::size_t begin = index == 0 ? 0 : ends_[index - 1];
    return {bytes_.data() + begin, ends_[index] - begin};
  }
  /// Every node, concatenated in order (the buffer itself).
  ByteSpan bytes() const noexcept { return bytes_; }

  /// Forgets the nodes, keeping the storage.
  void clear() noexcept {
    bytes_.clear();
    ends_.clear();
  }
  /// Appends a copy of `node`.
  void push_back(ByteSpan node) {
    bytes_.insert(bytes_.end(), node.begin(), node.end());
    ends_.push_back(bytes_.size());
  }
  /// Appends the node that `write(Bytes& buffer)` appends to the buffer: for encoders that write
  /// a node in place (they must only append).
  template <class Write>
  void emplace_back(Write&& write) {
    write(bytes_);
    ends_.push_back(bytes_.size());
  }

  /// The nodes as separate byte strings (the std::vector<Bytes> form of proofs).
  std::vector<Bytes> to_vector() const;

 private:
  Bytes bytes_;
  std::vector<std::size_t> ends_;  // ends_[i]: offset just past node i
};

}  // namespace merkleforge::mpt
