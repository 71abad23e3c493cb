// MerklePatriciaTrie::put_batch: many puts applied in key order.
#include <stdexcept>
#include <vector>

#include "key_order.hpp"
#include "merkleforge/mpt/trie.hpp"
#include "sorted_builder.hpp"

namespace merkleforge::mpt {
namespace {

constexpr std::size_t kPrefetchAhead = 8;

}  // namespace

Status MerklePatriciaTrie::put_batch(std::span<const KeyValue> pairs) {
  if (pairs.size() > 0xffffffffu) throw std::length_error("put_batch of 2^32 pairs or more");
  const std::vector<detail::KeyEntry> order =
      detail::key_order(pairs, pairs.size() >= parallel_threshold_);
  if (empty()) {  // nothing to descend into: the trie is built from the sorted keys directly
    SortedBuilder::build(*this, pairs, detail::surviving_keys(pairs, order));
    return Ok{};
  }
  for (std::size_t i = 0; i < order.size(); ++i) {
    // In key order the trie path is in cache, but the caller's pairs, keys and values are not:
    // the pair is fetched 2 * kPrefetchAhead puts ahead, so that its key and value can be
    // fetched kPrefetchAhead puts ahead (without both, these misses cost more than the puts).
    if (i + 2 * kPrefetchAhead < order.size())
      __builtin_prefetch(&pairs[order[i + 2 * kPrefetchAhead].index]);
    if (i + kPrefetchAhead < order.size()) {
      const KeyValue& ahead = pairs[order[i + kPrefetchAhead].index];
      __builtin_prefetch(ahead.key.data());
      __builtin_prefetch(ahead.value.data());
    }
    const KeyValue& pair = pairs[order[i].index];
    if (auto status = put(pair.key, pair.value); !status) return status;
  }
  return Ok{};
}

}  // namespace merkleforge::mpt
