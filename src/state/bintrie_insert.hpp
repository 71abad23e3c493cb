// go-ethereum's insertion into the binary tree, applied to the pruned tree a multiproof's walk
// spans (the keys' paths and their siblings), and the wiring of the tree it gives: what a write
// statement's prover and verifier derive alike (state/bintrie.hpp, BintrieWrites).
//
// Every node the insertion makes is new and the pre-state's nodes are left as they were, so one
// arena holds both trees: the post-state's tree shares every subtree no write touched, and its
// wiring links those to where the pre-state's wiring holds them (an instance's output, or the
// input chunk where a private sibling was placed).
#pragma once

#include <vector>

#include "merkleforge/bintrie/trie.hpp"
#include "wiring_maker.hpp"

namespace merkleforge::state::detail {

/// A node of the pruned tree. `internal` is an internal node on an internal level or in a stem's
/// subtree (the insertion knows which by its depth); `empty` an empty node or a zero subtree.
struct PrunedNode {
  enum class Kind : std::uint8_t { empty, sibling, leaf, internal, stem } kind = Kind::empty;
  bool hashed_anew = false;     ///< made by a write: the post-state's wiring hashes it
  std::uint32_t child[2] = {};  ///< internal: the children; stem: child[1] is the subtree's root
  const std::uint8_t* stem = nullptr;  ///< stem: its 31 bytes (in a key or the proof's shape)
  WiredNode wired;                     ///< where the pre-state's wiring holds it (or its value)
};

/// stem ‖ 0x00: a stem node's left input.
Digest32 stem_chunk(const std::uint8_t* stem);

class PrunedTree {
 public:
  /// Room for `nodes` nodes: the walk adds one per node it reads, and growing the arena as it
  /// goes copied it several times (a fifth of a large statement's verification).
  void reserve(std::size_t nodes) { nodes_.reserve(nodes); }
  std::uint32_t add(const PrunedNode& node);
  const PrunedNode& operator[](std::uint32_t n) const { return nodes_[n]; }
  PrunedNode& operator[](std::uint32_t n) { return nodes_[n]; }

  /// The root after writing `leaf` (a value's hash) at `key` under `root` (at depth 0). The key's
  /// path must be in the tree, as the walk of a statement's keys leaves every key's.
  std::uint32_t insert(std::uint32_t root, const bintrie::TreeKey& key, const Digest32& leaf);

  /// The node's value in the post-state's wiring: the pre-state's for a node no write touched,
  /// else a new instance of `maker` (its children wired first).
  WiredNode wire(std::uint32_t n, WiringMaker& maker) const;

 private:
  std::uint32_t insert_at(std::uint32_t n, unsigned depth, const bintrie::TreeKey& key,
                          const Digest32& leaf);
  std::uint32_t set_slot(std::uint32_t n, unsigned level, std::uint8_t suffix,
                         const Digest32& leaf);
  std::uint32_t new_stem(const bintrie::TreeKey& key, const Digest32& leaf);
  std::uint32_t split(std::uint32_t stem, unsigned depth, const bintrie::TreeKey& key,
                      const Digest32& leaf);
  std::uint32_t new_internal(std::uint32_t left, std::uint32_t right);
  std::uint32_t new_empty();

  std::vector<PrunedNode> nodes_;
};

}  // namespace merkleforge::state::detail
