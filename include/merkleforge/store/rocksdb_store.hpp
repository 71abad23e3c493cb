// RocksDbNodeStore: a persistent NodeStore in a RocksDB database (one folder on disk).
//
// Durability and atomicity: write_batch is one rocksdb::WriteBatch written through the write-ahead
// log with sync=true, so when it returns the batch is on stable storage, and after a crash (process
// kill or power loss) reopening recovers a state that holds each batch wholly or not at all, with
// every batch that returned present (point-in-time WAL recovery).
//
// Integrity: every byte RocksDB persists is under a checksum that is verified on use: table blocks
// (XXH3 per block, checked on every read: ReadOptions::verify_checksums), write-ahead-log and
// MANIFEST records (CRC32C, checked on recovery with paranoid_checks). A key is stored in the same
// checksummed block as its value, so a block that is damaged, truncated or misplaced yields an
// error or a miss, never another key's value. Batches and the memtable also carry 8-byte per-entry
// protection against corruption in memory before they reach disk. We therefore add no checksum of
// our own to each value: it would cost space and a hash per read and catch only what the block
// checksums already catch; and trees that key nodes by their hash re-check content for free. A
// failed check is reported as Errc::corrupt_data (see docs/storage.md).
//
// Thread safety: get and scan_prefix may run concurrently with each other and with write_batch;
// concurrent write_batch calls are serialised by RocksDB. One process holds a database at a time
// (RocksDB's LOCK file); opening it again, from this or another process, is an io_error.
#pragma once

#include <cstddef>
#include <filesystem>
#include <memory>

#include "merkleforge/store/node_store.hpp"

namespace rocksdb {
class DB;
}

namespace merkleforge {

struct RocksDbOptions {
  /// Create the database (and its folder) when `path` holds none; when false, a missing database
  /// is Errc::not_found.
  bool create_if_missing = true;
  /// Capacity of the cache of uncompressed table blocks shared by all reads.
  std::size_t block_cache_bytes = std::size_t{256} << 20;
  /// Writes buffered in memory (and in the log) before they are sorted into a table file.
  std::size_t write_buffer_bytes = std::size_t{64} << 20;
};

class RocksDbNodeStore final : public NodeStore {
 public:
  /// Opens (or creates) the database in folder `path`, recovering from the write-ahead log.
  /// Errors: invalid_argument when `path` exists and is not a folder; not_found when there is no
  /// database and options.create_if_missing is false; io_error when the database is locked (open
  /// elsewhere) or the OS fails; corrupt_data when its files fail their checksums or are missing.
  static Result<std::unique_ptr<RocksDbNodeStore>> open(const std::filesystem::path& path,
                                                        const RocksDbOptions& options = {});

  /// Closes the database, releasing its lock; every batch written is already durable.
  ~RocksDbNodeStore() override;
  RocksDbNodeStore(const RocksDbNodeStore&) = delete;
  RocksDbNodeStore& operator=(const RocksDbNodeStore&) = delete;

  /// NodeStore::get. Errors: io_error, corrupt_data (a block failing its checksum).
  Result<std::optional<Bytes>> get(ByteSpan key) const override;
  /// NodeStore::write_batch, synced to disk before returning. Errors: io_error.
  Status write_batch(const WriteBatch& batch) override;
  /// NodeStore::scan_prefix over one snapshot. Errors: io_error, corrupt_data.
  Status scan_prefix(ByteSpan prefix, const ScanVisitor& visit) const override;

  /// Moves everything written into table files and merges them into one sorted level, dropping
  /// erased and overwritten entries (reclaims space after pruning). Slow; for maintenance and
  /// tests.
  Status compact();

  /// Reads every table file in full and checks all its block checksums (a scrub). Errors:
  /// corrupt_data naming the damaged file, io_error.
  Status verify_checksums() const;

  /// The folder holding the database.
  const std::filesystem::path& path() const noexcept { return path_; }

 private:
  RocksDbNodeStore(std::filesystem::path path, std::unique_ptr<rocksdb::DB> db);

  std::filesystem::path path_;
  std::unique_ptr<rocksdb::DB> db_;
};

}  // namespace merkleforge
