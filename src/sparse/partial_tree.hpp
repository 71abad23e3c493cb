// Walking a partial tree (sparse/multiproof.hpp) top-down with a query: the key intervals of
// subtrees, the queries of multiproofs and range proofs, and the verifiers' root computation,
// shared by the tree's prover (sparse_merkle_tree.cpp) and the verifiers (multiproof.cpp).
// Internal to the sparse tree (src/sparse), not installed.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <span>
#include <string>

#include "merkleforge/core/result.hpp"
#include "merkleforge/sparse/jmt_hashing.hpp"
#include "merkleforge/sparse/multiproof.hpp"

namespace merkleforge::sparse_detail {

/// The keys of a subtree: those between `low` and `high` (inclusive), i.e. starting with its path.
struct KeyInterval {
  Digest32 low;
  Digest32 high;

  static KeyInterval all() noexcept {
    KeyInterval interval;
    interval.low.fill(0x00);
    interval.high.fill(0xFF);
    return interval;
  }
  /// The interval of the child on side `bit` of a node at `depth`.
  KeyInterval child(unsigned depth, unsigned bit) const noexcept {
    KeyInterval out = *this;
    const auto mask = static_cast<std::uint8_t>(0x80u >> (depth % 8));
    if (bit) {
      out.low[depth / 8] |= mask;
    } else {
      out.high[depth / 8] &= static_cast<std::uint8_t>(~mask);
    }
    return out;
  }
  bool contains(const Digest32& key) const noexcept { return low <= key && key <= high; }
  bool meets(const Digest32& first, const Digest32& last) const noexcept {
    return low <= last && first <= high;
  }
};

// Queries. The prover and the verifiers walk the tree top-down with a query: at each subtree they
// ask whether the query reaches it (given the subtree's key interval) and hand each child the
// part of the query that concerns it, so no step searches the whole query again.

inline const Digest32& key_of(const Digest32& key) noexcept {
  return key;
}
inline const Digest32& key_of(const SparseClaim& claim) noexcept {
  return claim.key_hash;
}

/// Keys (or claims, by key) sorted by key, all in the current subtree: it is reached when any
/// is there, and each child gets those with its bit (a contiguous part, as they are sorted).
template <class T>
struct SortedKeysQuery {
  std::span<const T> sorted;

  bool reaches(const KeyInterval&) const noexcept { return !sorted.empty(); }
  std::array<SortedKeysQuery, 2> children(unsigned depth) const noexcept {
    const auto split = std::partition_point(sorted.begin(), sorted.end(), [&](const T& item) {
      return key_bit(key_of(item), depth) == 0;
    });
    return {SortedKeysQuery{{sorted.begin(), split}}, SortedKeysQuery{{split, sorted.end()}}};
  }
};

/// The keys from *first to *last: a subtree is reached when its interval meets them.
struct RangeQuery {
  const Digest32* first;
  const Digest32* last;

  bool reaches(const KeyInterval& interval) const noexcept { return interval.meets(*first, *last); }
  std::array<RangeQuery, 2> children(unsigned) const noexcept { return {*this, *this}; }
};

inline Error proof_error(const char* what) {
  return make_error(Errc::invalid_argument, std::string("sparse multiproof: ") + what);
}

/// Recomputes the root of a partial tree while checking it is canonical for `Query` (the rule in
/// sparse/multiproof.hpp). `on_terminal(query, leaf)` is called, in key order, for every reached
/// subtree where a walk ends (leaf nullptr: empty), with the part of the query in that subtree.
template <Hasher H, class Query, class OnTerminal>
class PartialTreeRoot {
 public:
  PartialTreeRoot(std::span<const SparseProofNode> nodes, Query query, OnTerminal on_terminal)
      : nodes_(nodes), query_(query), on_terminal_(on_terminal) {}

  Result<Digest32> run() {
    Result<Digest32> root = subtree(0, KeyInterval::all(), query_);
    if (root && next_ != nodes_.size()) return proof_error("nodes after the root's subtree");
    return root;
  }

 private:
  Result<Digest32> subtree(unsigned depth, const KeyInterval& interval, const Query& query) {
    if (next_ == nodes_.size()) return proof_error("truncated");
    const SparseProofNode& node = nodes_[next_++];
    const bool reached = query.reaches(interval);
    switch (node.kind) {
      case SparseNodeKind::empty:
        if (reached) {
          Status ok = on_terminal_(query, nullptr);
          if (!ok) return ok.error();
        }
        return kSparsePlaceholder;
      case SparseNodeKind::hash:
        if (reached) return proof_error("a subtree the query reaches is sent as a hash");
        if (node.digest == kSparsePlaceholder) return proof_error("an empty subtree sent as hash");
        return node.digest;
      case SparseNodeKind::leaf:
        return leaf(node.leaf, interval, query, reached);
      case SparseNodeKind::interior:
        return interior(depth, interval, query, reached);
    }
    return proof_error("unknown node kind");
  }

  Result<Digest32> leaf(const SparseProofLeaf& leaf, const KeyInterval& interval,
                        const Query& query, bool reached) {
    if (!reached) return proof_error("a leaf the query does not reach");
    if (!interval.contains(leaf.key_hash)) return proof_error("a leaf lies off its key's path");
    Status ok = on_terminal_(query, &leaf);
    if (!ok) return ok.error();
    return JmtHashing<H>::leaf(leaf.key_hash, leaf.value_hash);
  }

  Result<Digest32> interior(unsigned depth, const KeyInterval& interval, const Query& query,
                            bool reached) {
    if (!reached) return proof_error("an expanded subtree the query does not reach");
    if (depth == kSparseKeyBits) return proof_error("deeper than 256 levels");
    const std::array<Query, 2> children = query.children(depth);
    const std::size_t left_at = next_;
    Result<Digest32> left = subtree(depth + 1, interval.child(depth, 0), children[0]);
    if (!left) return left;
    const std::size_t right_at = next_;
    Result<Digest32> right = subtree(depth + 1, interval.child(depth, 1), children[1]);
    if (!right) return right;
    if (!can_be_interior(nodes_[left_at].kind, nodes_[right_at].kind))
      return proof_error("an interior node with fewer than two leaves below");
    return JmtHashing<H>::internal(*left, *right);
  }

  /// A real interior node has two leaves below it: it is never over two empty subtrees, nor over
  /// one empty subtree and one leaf (that leaf would have moved up).
  static bool can_be_interior(SparseNodeKind left, SparseNodeKind right) noexcept {
    const auto terminal = [](SparseNodeKind kind) {
      return kind == SparseNodeKind::empty || kind == SparseNodeKind::leaf;
    };
    return !(terminal(left) && terminal(right) &&
             (left == SparseNodeKind::empty || right == SparseNodeKind::empty));
  }

  std::span<const SparseProofNode> nodes_;
  Query query_;
  OnTerminal on_terminal_;
  std::size_t next_ = 0;
};

inline Status check_root(const Result<Digest32>& computed, const Digest32& root) {
  if (!computed) return computed.error();
  if (*computed != root) return proof_error("root mismatch");
  return Ok{};
}

template <Hasher H>
Status check_hash(const SparseMultiproof& proof) {
  if (hash_from_name(H::kName) != proof.hash) return proof_error("made with another hash function");
  return Ok{};
}

/// Checks the claims of a subtree where the walk ends on `leaf` (nullptr: empty).
inline Status check_claims_at(std::span<const SparseClaim> claims, const SparseProofLeaf* leaf) {
  for (const SparseClaim& claim : claims) {
    const bool present = leaf && leaf->key_hash == claim.key_hash;
    if (!claim.value_hash) {
      if (present) return proof_error("a key claimed absent is present");
      continue;
    }
    if (!present) return proof_error("a key claimed present is absent");
    if (leaf->value_hash != *claim.value_hash) return proof_error("a value differs");
  }
  return Ok{};
}

}  // namespace merkleforge::sparse_detail
