#include "bintrie_insert.hpp"

#include <cstring>

#include "merkleforge/bintrie/proof_walk.hpp"

namespace merkleforge::state::detail {

using Kind = PrunedNode::Kind;

Digest32 stem_chunk(const std::uint8_t* stem) {
  Digest32 chunk{};
  std::memcpy(chunk.data(), stem, sizeof(bintrie::Stem));
  return chunk;
}

std::uint32_t PrunedTree::add(const PrunedNode& node) {
  nodes_.push_back(node);
  return static_cast<std::uint32_t>(nodes_.size() - 1);
}

std::uint32_t PrunedTree::new_empty() {
  return add({Kind::empty, false, {}, nullptr, WiredNode::fixed(Digest32{})});
}

std::uint32_t PrunedTree::new_internal(std::uint32_t left, std::uint32_t right) {
  return add({Kind::internal, true, {left, right}, nullptr, {}});
}

std::uint32_t PrunedTree::insert(std::uint32_t root, const bintrie::TreeKey& key,
                                 const Digest32& leaf) {
  return insert_at(root, 0, key, leaf);
}

// go-ethereum's InternalNode / StemNode / Empty insertion: an empty child takes a new stem node;
// a stem node of the key's stem sets the slot; a stem node of another stem is split.
std::uint32_t PrunedTree::insert_at(std::uint32_t n, unsigned depth, const bintrie::TreeKey& key,
                                    const Digest32& leaf) {
  const PrunedNode node = nodes_[n];  // a copy: adding nodes moves the arena
  switch (node.kind) {
    case Kind::internal: {
      std::uint32_t child[2] = {node.child[0], node.child[1]};
      const unsigned bit = bintrie::detail::stem_bit(key.data(), depth);
      child[bit] = insert_at(child[bit], depth + 1, key, leaf);
      return new_internal(child[0], child[1]);
    }
    case Kind::stem:
      if (std::memcmp(node.stem, key.data(), sizeof(bintrie::Stem)) != 0) {
        return split(n, depth, key, leaf);
      }
      return add({Kind::stem,
                  true,
                  {0, set_slot(node.child[1], bintrie::kStemSubtreeLevels, key[31], leaf)},
                  node.stem,
                  {}});
    default:  // empty: the walk ends a key's path only at an empty node or a stem node
      return new_stem(key, leaf);
  }
}

std::uint32_t PrunedTree::new_stem(const bintrie::TreeKey& key, const Digest32& leaf) {
  const std::uint32_t subtree = set_slot(new_empty(), bintrie::kStemSubtreeLevels, key[31], leaf);
  return add({Kind::stem, true, {0, subtree}, key.data(), {}});
}

// A level's node above the slot `suffix`: a zero subtree (empty) opens into two zero children.
std::uint32_t PrunedTree::set_slot(std::uint32_t n, unsigned level, std::uint8_t suffix,
                                   const Digest32& leaf) {
  if (level == 0) return add({Kind::leaf, false, {}, nullptr, WiredNode::fixed(leaf)});
  std::uint32_t child[2];
  if (nodes_[n].kind == Kind::internal) {
    child[0] = nodes_[n].child[0], child[1] = nodes_[n].child[1];
  } else {
    child[0] = child[1] = new_empty();
  }
  const unsigned bit = (suffix >> (level - 1)) & 1u;
  child[bit] = set_slot(child[bit], level - 1, suffix, leaf);
  return new_internal(child[0], child[1]);
}

// The stem node moves down unchanged (its hash does not depend on its depth) until the first bit
// where the stems differ; the levels between get an empty child each.
std::uint32_t PrunedTree::split(std::uint32_t stem, unsigned depth, const bintrie::TreeKey& key,
                                const Digest32& leaf) {
  const unsigned stem_bit = bintrie::detail::stem_bit(nodes_[stem].stem, depth);
  std::uint32_t child[2];
  if (stem_bit != bintrie::detail::stem_bit(key.data(), depth)) {
    child[stem_bit] = stem;
    child[1 - stem_bit] = new_stem(key, leaf);
  } else {
    child[stem_bit] = split(stem, depth + 1, key, leaf);
    child[1 - stem_bit] = new_empty();
  }
  return new_internal(child[0], child[1]);
}

WiredNode PrunedTree::wire(std::uint32_t n, WiringMaker& maker) const {
  const PrunedNode& node = nodes_[n];
  if (!node.hashed_anew) return node.wired;
  const WiredNode left = node.kind == Kind::stem ? WiredNode::fixed(stem_chunk(node.stem))
                                                 : wire(node.child[0], maker);
  return maker.node(left, wire(node.child[1], maker));
}

}  // namespace merkleforge::state::detail
