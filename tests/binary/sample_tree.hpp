// A SHA-256 RFC 6962 tree whose leaf i holds the decimal text of i: the common fixture of the
// proof tests.
#pragma once

#include <string>
#include <vector>

#include "merkleforge/binary/tree.hpp"

namespace merkleforge::test {

using SampleTree = BinaryMerkleTree<Sha256>;

inline SampleTree make_sample_tree(std::uint64_t size) {
  std::vector<Digest32> leaves(size);
  for (std::uint64_t i = 0; i < size; ++i) {
    leaves[i] = Rfc6962Hashing<Sha256>::leaf(as_bytes(std::to_string(i)));
  }
  return SampleTree::from_leaf_hashes(std::move(leaves));
}

}  // namespace merkleforge::test
