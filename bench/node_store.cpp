// NodeStore: the storage share of a tree commit and of node reads. MerkleForge's stores against
// RocksDB driven directly through its own API (default options, sync=true writes) in the same run.
//
//   write_batch100k   one batch of 100,000 fresh 33-byte keys (a namespace byte and a 32-byte hash)
//                     with 100-byte values, synced: the store's share of a 100K-account commit
//   get_hot           random reads of existing keys, everything in the block cache
//   get_cold          random reads with a 64 KiB block cache and the table files evicted from the
//                     OS page cache before every read (posix_fadvise DONTNEED): a read from disk
#include <benchmark/benchmark.h>
#include <fcntl.h>
#include <rocksdb/cache.h>
#include <rocksdb/db.h>
#include <rocksdb/table.h>
#include <rocksdb/write_batch.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "merkleforge/store/memory_store.hpp"
#include "merkleforge/store/rocksdb_store.hpp"

namespace merkleforge {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t kBatchEntries = 100'000;
constexpr std::size_t kKeySize = 33;
constexpr std::size_t kValueSize = 100;
constexpr std::size_t kColdCacheBytes = 64 << 10;

class ScratchDir {
 public:
  ScratchDir() {
    std::string pattern = fs::temp_directory_path() / "merkleforge-bench-XXXXXX";
    if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
  }
  ~ScratchDir() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

using Entries = std::vector<std::pair<Bytes, Bytes>>;

Entries random_entries(std::mt19937_64& random, std::size_t count) {
  Entries entries(count);
  for (auto& [key, value] : entries) {
    key.resize(kKeySize);
    value.resize(kValueSize);
    key[0] = 0x01;
    for (std::size_t i = 1; i < kKeySize; ++i) key[i] = static_cast<std::uint8_t>(random());
    for (auto& byte : value) byte = static_cast<std::uint8_t>(random());
  }
  return entries;
}

WriteBatch to_batch(const Entries& entries) {
  WriteBatch batch;
  for (const auto& [key, value] : entries) batch.put(key, value);
  return batch;
}

rocksdb::Slice slice(const Bytes& bytes) {
  return {reinterpret_cast<const char*>(bytes.data()), bytes.size()};
}

std::unique_ptr<RocksDbNodeStore> open_store(const fs::path& path, RocksDbOptions options = {}) {
  auto store = RocksDbNodeStore::open(path, options);
  if (!store) throw std::runtime_error(store.error().message);
  return std::move(store).value();
}

std::unique_ptr<rocksdb::DB> open_raw(const fs::path& path, std::size_t cache_bytes = 0) {
  rocksdb::Options options;
  options.create_if_missing = true;
  if (cache_bytes != 0) {
    rocksdb::BlockBasedTableOptions table;
    table.block_cache = rocksdb::NewLRUCache(cache_bytes);
    options.table_factory.reset(rocksdb::NewBlockBasedTableFactory(table));
  }
  rocksdb::DB* db = nullptr;
  const rocksdb::Status status = rocksdb::DB::Open(options, path.string(), &db);
  if (!status.ok()) throw std::runtime_error(status.ToString());
  return std::unique_ptr<rocksdb::DB>(db);
}

void write_raw(rocksdb::DB& db, const Entries& entries) {
  rocksdb::WriteBatch batch;
  for (const auto& [key, value] : entries) batch.Put(slice(key), slice(value));
  rocksdb::WriteOptions options;
  options.sync = true;
  if (!db.Write(options, &batch).ok()) throw std::runtime_error("RocksDB write failed");
}

// Times `write(entries)` on a fresh batch of random entries per iteration.
template <class Write>
void run_write_batch(benchmark::State& state, Write write) {
  std::mt19937_64 random(1);
  for (auto _ : state) {
    state.PauseTiming();
    const Entries entries = random_entries(random, kBatchEntries);
    const WriteBatch batch = to_batch(entries);
    state.ResumeTiming();
    write(entries, batch);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(kBatchEntries));
}

void write_batch_merkleforge_rocksdb(benchmark::State& state) {
  const ScratchDir dir;
  const auto store = open_store(dir.path());
  run_write_batch(state, [&](const Entries&, const WriteBatch& batch) {
    if (!store->write_batch(batch)) state.SkipWithError("write_batch failed");
  });
}

void write_batch_rocksdb(benchmark::State& state) {
  const ScratchDir dir;
  const auto db = open_raw(dir.path());
  run_write_batch(state,
                  [&](const Entries& entries, const WriteBatch&) { write_raw(*db, entries); });
}

void write_batch_merkleforge_memory(benchmark::State& state) {
  MemoryNodeStore store;
  run_write_batch(state, [&](const Entries&, const WriteBatch& batch) {
    if (!store.write_batch(batch)) state.SkipWithError("write_batch failed");
  });
}

// The table files of `folder` leave the OS page cache.
void evict_page_cache(const fs::path& folder) {
  for (const auto& entry : fs::directory_iterator(folder)) {
    if (entry.path().extension() != ".sst") continue;
    const int fd = ::open(entry.path().c_str(), O_RDONLY);
    if (fd < 0) continue;
    posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
    ::close(fd);
  }
}

// Times single reads of random existing keys; `cold` evicts the table files before each read.
template <class Get>
void run_get(benchmark::State& state, const Entries& entries, const fs::path& folder, bool cold,
             Get get) {
  std::mt19937_64 random(2);
  for (auto _ : state) {
    const Bytes& key = entries[random() % entries.size()].first;
    if (cold) {
      state.PauseTiming();
      evict_page_cache(folder);
      state.ResumeTiming();
    }
    get(key);
  }
  state.SetItemsProcessed(state.iterations());
}

// A compacted database holding one batch of entries.
struct ReadFixture {
  ScratchDir dir;
  Entries entries;
  ReadFixture() {
    std::mt19937_64 random(3);
    entries = random_entries(random, kBatchEntries);
    const auto store = open_store(dir.path());
    if (!store->write_batch(to_batch(entries)) || !store->compact()) {
      throw std::runtime_error("cannot build the read fixture");
    }
  }
};

void get_merkleforge_rocksdb(benchmark::State& state, bool cold) {
  const ReadFixture fixture;
  RocksDbOptions options;
  if (cold) options.block_cache_bytes = kColdCacheBytes;
  const auto store = open_store(fixture.dir.path(), options);
  run_get(state, fixture.entries, fixture.dir.path(), cold, [&](const Bytes& key) {
    auto value = store->get(key);
    if (!value || !*value) state.SkipWithError("missing key");
    benchmark::DoNotOptimize(value);
  });
}

void get_rocksdb(benchmark::State& state, bool cold) {
  const ReadFixture fixture;
  const auto db = open_raw(fixture.dir.path(), cold ? kColdCacheBytes : 0);
  run_get(state, fixture.entries, fixture.dir.path(), cold, [&](const Bytes& key) {
    std::string value;
    if (!db->Get(rocksdb::ReadOptions(), slice(key), &value).ok()) {
      state.SkipWithError("missing key");
    }
    benchmark::DoNotOptimize(value);
  });
}

void get_merkleforge_memory(benchmark::State& state) {
  std::mt19937_64 random(3);
  const Entries entries = random_entries(random, kBatchEntries);
  MemoryNodeStore store;
  if (!store.write_batch(to_batch(entries))) state.SkipWithError("write_batch failed");
  run_get(state, entries, {}, false, [&](const Bytes& key) {
    auto value = store.get(key);
    benchmark::DoNotOptimize(value);
  });
}

BENCHMARK(write_batch_merkleforge_rocksdb)
    ->Name("node_store/rocksdb/write_batch100k/merkleforge")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(write_batch_rocksdb)
    ->Name("node_store/rocksdb/write_batch100k/rocksdb-direct")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(write_batch_merkleforge_memory)
    ->Name("node_store/memory/write_batch100k/merkleforge")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(get_merkleforge_rocksdb, hot, false)
    ->Name("node_store/rocksdb/get_hot/merkleforge")
    ->UseRealTime();
BENCHMARK_CAPTURE(get_rocksdb, hot, false)
    ->Name("node_store/rocksdb/get_hot/rocksdb-direct")
    ->UseRealTime();
BENCHMARK(get_merkleforge_memory)->Name("node_store/memory/get_hot/merkleforge")->UseRealTime();
BENCHMARK_CAPTURE(get_merkleforge_rocksdb, cold, true)
    ->Name("node_store/rocksdb/get_cold/merkleforge")
    ->Unit(benchmark::kMicrosecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(get_rocksdb, cold, true)
    ->Name("node_store/rocksdb/get_cold/rocksdb-direct")
    ->Unit(benchmark::kMicrosecond)
    ->UseRealTime();

}  // namespace
}  // namespace merkleforge
