// last_update_per_key: a batch's updates in the order it applies them.
#include "batch_order.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>

namespace merkleforge::sparse_detail {

namespace {

/// An update's place in the batch, ordered by key (its first 8 bytes, big-endian, decide almost
/// every comparison) and then by position.
struct Position {
  std::uint64_t head;
  std::uint32_t index;
};

std::uint64_t key_head(const Digest32& key) noexcept {
  std::uint64_t head;
  std::memcpy(&head, key.data(), sizeof head);
  return std::endian::native == std::endian::little ? __builtin_bswap64(head) : head;
}

}  // namespace

std::vector<SparseUpdate> last_update_per_key(std::vector<SparseUpdate> updates) {
  std::vector<Position> order(updates.size());
  for (std::size_t i = 0; i < updates.size(); ++i)
    order[i] = {key_head(updates[i].key_hash), static_cast<std::uint32_t>(i)};
  std::sort(order.begin(), order.end(), [&](const Position& a, const Position& b) {
    if (a.head != b.head) return a.head < b.head;
    const Digest32& a_key = updates[a.index].key_hash;
    const Digest32& b_key = updates[b.index].key_hash;
    return a_key != b_key ? a_key < b_key : a.index < b.index;
  });
  std::vector<SparseUpdate> sorted;
  sorted.reserve(updates.size());
  for (std::size_t i = 0; i < order.size(); ++i) {
    const bool superseded =
        i + 1 < order.size() && order[i + 1].head == order[i].head &&
        updates[order[i + 1].index].key_hash == updates[order[i].index].key_hash;
    if (!superseded) sorted.push_back(std::move(updates[order[i].index]));
  }
  return sorted;
}

}  // namespace merkleforge::sparse_detail
