// NodeStore: the key-value storage under every persistent tree (MPT, sparse tree, Verkle trie).
//
// Keys and values are opaque bytes; each tree chooses its key layout (typically a one-byte
// namespace, then a node hash or path). A tree writes everything a commit creates — new nodes and
// the record naming the new root — in ONE write_batch, which is atomic: after a crash the store
// holds either all of it or none of it. Reads of a key that is absent return std::nullopt; a read
// that fails (I/O error, corrupt database) returns an error, never a wrong value.
//
// Implementations: MemoryNodeStore (memory_store.hpp, the default) and RocksDbNodeStore
// (rocksdb_store.hpp). Key layout, crash guarantees and integrity checks: docs/storage.md.
#pragma once

#include <functional>
#include <optional>
#include <utility>
#include <vector>

#include "merkleforge/core/bytes.hpp"
#include "merkleforge/core/result.hpp"

namespace merkleforge {

/// An ordered list of puts and deletes applied atomically by NodeStore::write_batch.
class WriteBatch {
 public:
  /// Adds a put of `value` under `key` (both copied; any lengths).
  void put(ByteSpan key, ByteSpan value) {
    puts_.emplace_back(Bytes(key.begin(), key.end()), Bytes(value.begin(), value.end()));
  }
  /// Adds a put, taking the bytes over.
  void put(Bytes key, Bytes value) { puts_.emplace_back(std::move(key), std::move(value)); }
  /// Adds a delete of `key` (no effect at write time when it is absent).
  void erase(ByteSpan key) { erases_.emplace_back(key.begin(), key.end()); }

  /// The puts so far, in the order added.
  const std::vector<std::pair<Bytes, Bytes>>& puts() const noexcept { return puts_; }
  /// The deletes so far, in the order added.
  const std::vector<Bytes>& erases() const noexcept { return erases_; }
  /// True when the batch holds no operation.
  bool empty() const noexcept { return puts_.empty() && erases_.empty(); }
  /// Drops every operation.
  void clear() noexcept {
    puts_.clear();
    erases_.clear();
  }

 private:
  std::vector<std::pair<Bytes, Bytes>> puts_;  // applied first, in order
  std::vector<Bytes> erases_;                  // applied after the puts
};

class NodeStore {
 public:
  virtual ~NodeStore() = default;

  /// The value stored under `key`, std::nullopt if there is none.
  /// Errors: io_error / corrupt_data when the backend cannot read it reliably.
  virtual Result<std::optional<Bytes>> get(ByteSpan key) const = 0;

  /// Applies all puts, then all erases, atomically and durably (synced before returning for
  /// persistent stores). Errors: io_error; on error nothing of the batch is visible.
  virtual Status write_batch(const WriteBatch& batch) = 0;

  /// Receives one entry of a scan; returns false to stop the scan. The spans are valid only
  /// during the call.
  using ScanVisitor = std::function<bool(ByteSpan key, ByteSpan value)>;

  /// Calls `visit` for every entry whose key starts with `prefix` (all entries when it is empty),
  /// in ascending bytewise key order, until `visit` returns false. The scan sees one consistent
  /// state: a concurrent write_batch is either wholly visible or not at all. `visit` must not
  /// write to the same store. For pruning, restore and export, not for the hot path.
  /// Errors: io_error / corrupt_data as for get; unsupported for a store that cannot iterate
  /// (the default; both stores of this library implement it).
  virtual Status scan_prefix(ByteSpan prefix, const ScanVisitor& visit) const {
    (void)prefix;
    (void)visit;
    return make_error(Errc::unsupported, "this NodeStore cannot scan its keys");
  }
};

}  // namespace merkleforge
