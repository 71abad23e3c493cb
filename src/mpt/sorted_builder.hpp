// MerklePatriciaTrie::SortedBuilder: put_batch into an empty trie (trie_sorted_build.cpp).
#pragma once

#include <span>

#include "key_order.hpp"
#include "merkleforge/mpt/trie.hpp"

namespace merkleforge::mpt {

class MerklePatriciaTrie::SortedBuilder {
 public:
  /// Builds the trie of `keys` (surviving_keys of a batch: distinct, increasing, non-empty values)
  /// into `trie`, which must be empty, and hashes it (every node then has its reference, as after
  /// root_hash()); the 16 subtries under the first branch are built and hashed in parallel when
  /// there are at least trie.parallel_threshold() keys.
  static void build(MerklePatriciaTrie& trie, std::span<const KeyValue> pairs,
                    std::span<const detail::KeyEntry> keys);

 private:
  struct Extent;
  struct Part;
  struct Built;
  class Counter;
  class Writer;

  SortedBuilder(std::span<const KeyValue> pairs, std::span<const detail::KeyEntry> keys)
      : pairs_(pairs), keys_(keys) {}

  Extent count(std::size_t first, std::size_t last, std::size_t depth) const;
  template <class Out, class Child>
  Built node(Out& out, std::size_t first, std::size_t last, std::size_t depth, Child child) const;
  template <class Out>
  Built subtrie(Out& out, std::size_t first, std::size_t last, std::size_t depth) const;
  template <class Visit>
  void for_each_run(std::size_t first, std::size_t last, std::size_t depth, Visit visit) const;
  std::uint8_t nibble_at(std::size_t i, std::size_t depth) const noexcept;
  const KeyValue& pair(std::size_t i) const noexcept { return pairs_[keys_[i].index]; }

  std::span<const KeyValue> pairs_;
  std::span<const detail::KeyEntry> keys_;
};

}  // namespace merkleforge::mpt
