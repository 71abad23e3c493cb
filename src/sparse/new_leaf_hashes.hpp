// The leaf hashes of a sparse-tree batch's inserts, computed together before the batch applies
// them.
//
// A new leaf is H(value) and then H("JMT::LeafNode" ‖ key_hash ‖ H(value)): two short, dependent
// hashes. Computed one leaf at a time as the update reaches it, each is a single SHA-NI stream
// waiting on its own rounds (~58 + ~110 ns here). The leaves of a batch are independent, so a
// batch piece hashes all of its inserts first through H::hash_many, whose interleaved streams (or
// SIMD lanes) keep several messages in flight: the value hashes of a group together, then its
// leaf messages together.
// Internal to the sparse tree (src/sparse), not installed.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "merkleforge/hash/hasher.hpp"
#include "merkleforge/sparse/jmt_hashing.hpp"
#include "merkleforge/sparse/sparse_update.hpp"

namespace merkleforge::sparse_detail {

template <Hasher H>
class NewLeafHashes {
 public:
  /// Room for the leaf hashes of `updates` (a batch's sorted updates, which must outlive this).
  explicit NewLeafHashes(std::span<const SparseUpdate> updates)
      : first_(updates.data()), hashes_(updates.size()) {}

  /// Hashes the leaves of the inserts among `part`, a part of the batch's updates. Parts hashed
  /// on different threads must not overlap.
  void hash(std::span<const SparseUpdate> part) {
    for (std::size_t done = 0; done < part.size(); done += kGroup)
      hash_group(part.subspan(done, std::min(kGroup, part.size() - done)));
  }

  /// The leaf hash of `insert`, one of the batch's updates with a value, once its part is hashed.
  const Digest32& of(const SparseUpdate& insert) const noexcept {
    return hashes_[static_cast<std::size_t>(&insert - first_)];
  }

 private:
  /// Messages handed to hash_many per call.
  static constexpr std::size_t kGroup = 64;
  /// Values up to this size are hashed together when a group's values all have the same size
  /// (the usual case: fixed-size account hashes); other groups hash their values one by one.
  static constexpr std::size_t kMaxGatheredValue = 128;

  void hash_group(std::span<const SparseUpdate> group) {
    std::array<const SparseUpdate*, kGroup> inserts;
    std::size_t count = 0;
    for (const SparseUpdate& update : group)
      if (update.value) inserts[count++] = &update;
    if (count == 0) return;
    std::array<Digest32, kGroup> value_hashes;
    hash_values(std::span(inserts.data(), count), value_hashes.data());
    // Leaf messages: key_hash ‖ H(value), after the domain, which hash_many takes as the prefix.
    std::array<std::array<Digest32, 2>, kGroup> messages;
    std::array<Digest32, kGroup> leaves;
    for (std::size_t i = 0; i < count; ++i) messages[i] = {inserts[i]->key_hash, value_hashes[i]};
    H::hash_many(JmtHashing<H>::kLeafDomain, reinterpret_cast<const std::uint8_t*>(messages.data()),
                 sizeof messages[0], count, leaves.data());
    for (std::size_t i = 0; i < count; ++i)
      hashes_[static_cast<std::size_t>(inserts[i] - first_)] = leaves[i];
  }

  static void hash_values(std::span<const SparseUpdate* const> inserts, Digest32* out) {
    const std::size_t size = inserts.front()->value->size();
    const bool gather = size <= kMaxGatheredValue &&
                        std::all_of(inserts.begin(), inserts.end(), [&](const SparseUpdate* u) {
                          return u->value->size() == size;
                        });
    if (!gather) {
      for (std::size_t i = 0; i < inserts.size(); ++i)
        out[i] = JmtHashing<H>::value_hash(*inserts[i]->value);
      return;
    }
    std::array<std::uint8_t, kGroup * kMaxGatheredValue> values;
    for (std::size_t i = 0; i < inserts.size(); ++i)
      std::copy(inserts[i]->value->begin(), inserts[i]->value->end(), values.data() + i * size);
    H::hash_many({}, values.data(), size, inserts.size(), out);
  }

  const SparseUpdate* first_;
  std::vector<Digest32> hashes_;
};

}  // namespace merkleforge::sparse_detail
