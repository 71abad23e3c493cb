// The `merkletreejs` profile: `new MerkleTree(leaves, hashFn)` of the merkletreejs package with its
// default options — node = H(left ‖ right) without prefixes, leaves used as given, the last node of
// an odd level promoted unchanged. That is the RFC 6962 shape with ConcatHashing, so the whole
// BinaryMerkleTree API (proofs, multiproofs, append) applies. Build with from_leaf_hashes() for the
// default options, or from_leaves() for `hashLeaves: true`. Leaves must be 32 bytes; the
// JavaScript library also accepts other lengths, which this profile does not cover.
#pragma once

#include "merkleforge/binary/tree.hpp"

namespace merkleforge {

template <Hasher H>
using MerkletreejsTree = BinaryMerkleTree<H, ConcatHashing<H>>;

}  // namespace merkleforge
