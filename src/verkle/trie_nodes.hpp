// The nodes of VerkleTrie (trie.hpp), shared by the trie and its prover (trie_proof.cpp).
#pragma once

#include <algorithm>
#include <array>
#include <bitset>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "leaf_values.hpp"
#include "merkleforge/verkle/pedersen.hpp"
#include "merkleforge/verkle/trie.hpp"

namespace merkleforge::verkle {

namespace detail {

struct Node {
  explicit Node(bool leaf) : is_leaf(leaf) {}
  virtual ~Node() = default;
  const bool is_leaf;
  Fr hash = Fr::zero();  ///< map_to_scalar_field(commitment) as of the last commit
};

/// One stem's values and commitments. The first commit computes them from the values (`fresh`);
/// later ones by deltas: each value changed since the last commit remembers what it was then, so
/// the commit adds (new − old) per changed slot.
struct LeafNode final : Node {
  explicit LeafNode(const Stem& s) : Node(true), stem(s) {}

  /// Returns true when the suffix had no value before.
  bool set(std::uint8_t suffix, const Digest32& value) {
    const auto it = find(suffix);
    const bool added = it == values.end() || it->first != suffix;
    remember_committed(suffix, added ? std::nullopt : std::optional<Digest32>(it->second));
    if (added) {
      values.insert(it, {suffix, value});
    } else {
      it->second = value;
    }
    return added;
  }

  /// Returns false when the suffix had no value.
  bool remove(std::uint8_t suffix) {
    const auto it = find(suffix);
    if (it == values.end() || it->first != suffix) return false;
    remember_committed(suffix, it->second);
    values.erase(it);
    return true;
  }

  std::optional<Digest32> get(std::uint8_t suffix) const {
    const auto it =
        std::lower_bound(values.begin(), values.end(), suffix,
                         [](const auto& entry, std::uint8_t s) { return entry.first < s; });
    if (it == values.end() || it->first != suffix) return std::nullopt;
    return it->second;
  }

  Stem stem;
  std::vector<std::pair<std::uint8_t, Digest32>> values;  // sorted by suffix
  std::vector<std::pair<std::uint8_t, std::optional<Digest32>>> committed_before;
  Element commitment = Element::identity();
  Element c1 = Element::identity(), c2 = Element::identity();
  Fr c1_hash = Fr::zero(), c2_hash = Fr::zero();  // as included in `commitment`
  bool fresh = true;    ///< never committed: commitments not computed, committed_before unused
  bool dirty = true;    ///< commitments not up to date
  bool unsaved = true;  ///< values not yet written to a NodeStore

 private:
  std::vector<std::pair<std::uint8_t, Digest32>>::iterator find(std::uint8_t suffix) {
    return std::lower_bound(values.begin(), values.end(), suffix,
                            [](const auto& entry, std::uint8_t s) { return entry.first < s; });
  }

  void remember_committed(std::uint8_t suffix, std::optional<Digest32> old_value) {
    dirty = true;
    unsaved = true;
    if (fresh) return;
    const bool known = std::any_of(committed_before.begin(), committed_before.end(),
                                   [&](const auto& entry) { return entry.first == suffix; });
    if (!known) committed_before.emplace_back(suffix, old_value);
  }
};

struct InternalNode final : Node {
  InternalNode() : Node(false) {}

  std::size_t child_count() const {
    return static_cast<std::size_t>(std::count_if(children.begin(), children.end(),
                                                  [](const auto& c) { return c != nullptr; }));
  }

  std::array<std::unique_ptr<Node>, 256> children;
  std::array<Fr, 256> slots{};  ///< the scalar each child contributes to `commitment` now
  std::bitset<256> dirty;       ///< children whose hash may differ from their slot
  Element commitment = Element::identity();
};

}  // namespace detail

}  // namespace merkleforge::verkle
