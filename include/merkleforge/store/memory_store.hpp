// MemoryNodeStore: the default NodeStore, an ordered map in process memory.
//
// Any number of threads may call get / scan_prefix concurrently; write_batch excludes them while
// it applies a batch, so a reader sees every batch either wholly or not at all. A batch is also
// atomic against allocation failure: everything it needs is allocated before the map changes.
// Nothing survives the process; use RocksDbNodeStore for persistence.
#pragma once

#include <cstddef>
#include <map>
#include <mutex>
#include <shared_mutex>

#include "merkleforge/store/node_store.hpp"

namespace merkleforge {

class MemoryNodeStore final : public NodeStore {
 public:
  MemoryNodeStore() = default;
  MemoryNodeStore(const MemoryNodeStore&) = delete;
  MemoryNodeStore& operator=(const MemoryNodeStore&) = delete;

  /// Never fails; the Result is the NodeStore contract.
  Result<std::optional<Bytes>> get(ByteSpan key) const override;
  /// Fails only by throwing std::bad_alloc, and then changes nothing.
  Status write_batch(const WriteBatch& batch) override;
  /// NodeStore::scan_prefix; never fails.
  Status scan_prefix(ByteSpan prefix, const ScanVisitor& visit) const override;

  /// Number of stored entries.
  std::size_t size() const;

 private:
  std::shared_lock<std::shared_mutex> lock_for_reading() const;

  /// Bytewise order (as RocksDB's default comparator), with lookups by ByteSpan without a copy.
  struct BytewiseLess {
    using is_transparent = void;
    bool operator()(ByteSpan a, ByteSpan b) const noexcept;
  };
  using Map = std::map<Bytes, Bytes, BytewiseLess>;

  /// Readers pass through the gate before taking the shared lock; a writer holds it while it
  /// waits for the exclusive one, so a steady stream of readers cannot starve it.
  mutable std::mutex gate_;
  mutable std::shared_mutex mutex_;
  Map entries_;
};

}  // namespace merkleforge
