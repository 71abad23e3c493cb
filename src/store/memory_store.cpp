#include "merkleforge/store/memory_store.hpp"

#include <algorithm>
#include <mutex>
#include <utility>

namespace merkleforge {

bool MemoryNodeStore::BytewiseLess::operator()(ByteSpan a, ByteSpan b) const noexcept {
  return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end());
}

std::shared_lock<std::shared_mutex> MemoryNodeStore::lock_for_reading() const {
  const std::lock_guard gate(gate_);
  return std::shared_lock(mutex_);
}

Result<std::optional<Bytes>> MemoryNodeStore::get(ByteSpan key) const {
  const auto lock = lock_for_reading();
  const auto found = entries_.find(key);
  if (found == entries_.end()) return std::optional<Bytes>();
  return std::optional<Bytes>(found->second);
}

Status MemoryNodeStore::write_batch(const WriteBatch& batch) {
  // Stage the puts in a map of their own (a later put of a key replaces an earlier one), so that
  // all allocation happens before the shared map is touched; splicing nodes in cannot throw.
  Map staged;
  for (const auto& [key, value] : batch.puts()) staged.insert_or_assign(key, value);

  const std::lock_guard gate(gate_);
  const std::unique_lock lock(mutex_);
  while (!staged.empty()) {
    auto node = staged.extract(staged.begin());
    const auto existing = entries_.find(node.key());
    if (existing != entries_.end()) {
      existing->second.swap(node.mapped());
    } else {
      entries_.insert(std::move(node));
    }
  }
  for (const auto& key : batch.erases()) {
    const auto existing = entries_.find(ByteSpan(key));
    if (existing != entries_.end()) entries_.erase(existing);
  }
  return Ok{};
}

Status MemoryNodeStore::scan_prefix(ByteSpan prefix, const ScanVisitor& visit) const {
  const auto lock = lock_for_reading();
  for (auto entry = entries_.lower_bound(prefix); entry != entries_.end(); ++entry) {
    const Bytes& key = entry->first;
    if (key.size() < prefix.size() || !std::equal(prefix.begin(), prefix.end(), key.begin())) break;
    if (!visit(key, entry->second)) break;
  }
  return Ok{};
}

std::size_t MemoryNodeStore::size() const {
  const auto lock = lock_for_reading();
  return entries_.size();
}

}  // namespace merkleforge
