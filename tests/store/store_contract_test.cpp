// The NodeStore contract, checked identically on every implementation.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "merkleforge/store/memory_store.hpp"
#include "merkleforge/store/rocksdb_store.hpp"
#include "support/temp_dir.hpp"

namespace merkleforge {
namespace {

Bytes bytes_of(std::string_view text) {
  const ByteSpan span = as_bytes(text);
  return {span.begin(), span.end()};
}

// std::less<Bytes> would do, but GCC 12 at -O3 warns falsely (stringop-overread) inside it.
struct BytesLess {
  bool operator()(const Bytes& a, const Bytes& b) const {
    return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end());
  }
};
using BytesMap = std::map<Bytes, Bytes, BytesLess>;

struct MemoryFactory {
  std::unique_ptr<NodeStore> make() { return std::make_unique<MemoryNodeStore>(); }
};

struct RocksDbFactory {
  test::TempDir dir;
  std::unique_ptr<NodeStore> make() {
    auto store = RocksDbNodeStore::open(dir.path() / "db");
    if (!store) throw std::runtime_error(store.error().message);
    return std::move(store).value();
  }
};

template <class Factory>
class NodeStoreContract : public ::testing::Test {
 protected:
  Factory factory;
  std::unique_ptr<NodeStore> store = factory.make();

  void write(const WriteBatch& batch) {
    const Status status = store->write_batch(batch);
    ASSERT_TRUE(status.ok()) << status.error().message;
  }
  std::optional<Bytes> read(ByteSpan key) {
    auto value = store->get(key);
    if (!value) throw std::runtime_error(value.error().message);
    return std::move(value).value();
  }
  std::vector<std::pair<Bytes, Bytes>> scan(ByteSpan prefix, std::size_t limit = SIZE_MAX) {
    std::vector<std::pair<Bytes, Bytes>> entries;
    const Status status = store->scan_prefix(prefix, [&](ByteSpan key, ByteSpan value) {
      entries.emplace_back(Bytes(key.begin(), key.end()), Bytes(value.begin(), value.end()));
      return entries.size() < limit;
    });
    if (!status) throw std::runtime_error(status.error().message);
    return entries;
  }
};

using Factories = ::testing::Types<MemoryFactory, RocksDbFactory>;
class FactoryNames {
 public:
  template <class T>
  static std::string GetName(int) {
    return std::is_same_v<T, MemoryFactory> ? "Memory" : "RocksDb";
  }
};
TYPED_TEST_SUITE(NodeStoreContract, Factories, FactoryNames);

TYPED_TEST(NodeStoreContract, AbsentKeyIsNullopt) {
  EXPECT_EQ(this->read(as_bytes("missing")), std::nullopt);
  WriteBatch batch;
  batch.put(as_bytes("present"), as_bytes("value"));
  this->write(batch);
  EXPECT_EQ(this->read(as_bytes("missing")), std::nullopt);
  EXPECT_EQ(this->read(as_bytes("presen")), std::nullopt);
  EXPECT_EQ(this->read(as_bytes("present!")), std::nullopt);
}

TYPED_TEST(NodeStoreContract, PutThenGet) {
  WriteBatch batch;
  batch.put(as_bytes("a"), as_bytes("1"));
  batch.put(bytes_of("b"), bytes_of("2"));
  this->write(batch);
  EXPECT_EQ(this->read(as_bytes("a")), bytes_of("1"));
  EXPECT_EQ(this->read(as_bytes("b")), bytes_of("2"));
}

TYPED_TEST(NodeStoreContract, EmptyValueIsPresentNotAbsent) {
  WriteBatch batch;
  batch.put(as_bytes("empty"), ByteSpan());
  this->write(batch);
  EXPECT_EQ(this->read(as_bytes("empty")), Bytes());
}

TYPED_TEST(NodeStoreContract, ErasesApplyAfterPutsOfTheSameBatch) {
  WriteBatch first;
  first.put(as_bytes("kept"), as_bytes("old"));
  first.put(as_bytes("doomed"), as_bytes("old"));
  this->write(first);

  WriteBatch second;
  second.erase(as_bytes("doomed"));                 // erase listed before the put below...
  second.put(as_bytes("doomed"), as_bytes("new"));  // ...still applies after it
  second.put(as_bytes("born-dead"), as_bytes("x"));
  second.erase(as_bytes("born-dead"));
  second.erase(as_bytes("never-existed"));
  second.put(as_bytes("kept"), as_bytes("new"));
  this->write(second);

  EXPECT_EQ(this->read(as_bytes("doomed")), std::nullopt);
  EXPECT_EQ(this->read(as_bytes("born-dead")), std::nullopt);
  EXPECT_EQ(this->read(as_bytes("never-existed")), std::nullopt);
  EXPECT_EQ(this->read(as_bytes("kept")), bytes_of("new"));
}

TYPED_TEST(NodeStoreContract, LaterPutOfAKeyWins) {
  WriteBatch batch;
  batch.put(as_bytes("k"), as_bytes("first"));
  batch.put(as_bytes("k"), as_bytes("second"));
  this->write(batch);
  EXPECT_EQ(this->read(as_bytes("k")), bytes_of("second"));
  EXPECT_EQ(this->scan(as_bytes("k")).size(), 1u);
}

TYPED_TEST(NodeStoreContract, EmptyBatchChangesNothing) {
  WriteBatch batch;
  batch.put(as_bytes("k"), as_bytes("v"));
  this->write(batch);
  this->write(WriteBatch());
  EXPECT_EQ(this->read(as_bytes("k")), bytes_of("v"));
}

TYPED_TEST(NodeStoreContract, LargeValues) {
  std::mt19937_64 random(1);
  std::vector<Bytes> values;
  WriteBatch batch;
  for (std::size_t size : {std::size_t{1} << 16, std::size_t{1} << 20, std::size_t{9} << 20}) {
    Bytes value(size);
    for (auto& byte : value) byte = static_cast<std::uint8_t>(random());
    const Bytes key = {static_cast<std::uint8_t>(values.size())};
    batch.put(key, value);
    values.push_back(std::move(value));
  }
  this->write(batch);
  for (std::size_t i = 0; i < values.size(); ++i) {
    const Bytes key = {static_cast<std::uint8_t>(i)};
    EXPECT_EQ(this->read(key), values[i]) << "value " << i;
  }
}

TYPED_TEST(NodeStoreContract, BinaryKeysAreDistinctAndExact) {
  // Keys that differ only in zero bytes, trailing bytes, or high bits; and the empty key.
  const std::vector<Bytes> keys = {{},     {0x00},       {0x00, 0x00}, {0x00, 0x01},
                                   {0x01}, {0x01, 0x00}, {0x7f},       {0x80},
                                   {0xff}, {0xff, 0xff}, {0xff, 0x00}, Bytes(33, 0x00)};
  WriteBatch batch;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    batch.put(keys[i], Bytes{static_cast<std::uint8_t>(i), 0x00, 0xff});
  }
  this->write(batch);
  for (std::size_t i = 0; i < keys.size(); ++i) {
    EXPECT_EQ(this->read(keys[i]), (Bytes{static_cast<std::uint8_t>(i), 0x00, 0xff})) << i;
  }
  EXPECT_EQ(this->read(Bytes{0x00, 0x00, 0x00}), std::nullopt);
  EXPECT_EQ(this->read(Bytes{0xfe}), std::nullopt);
}

TYPED_TEST(NodeStoreContract, ScanVisitsThePrefixInBytewiseOrder) {
  WriteBatch batch;
  for (const Bytes& key : std::vector<Bytes>{{0x02, 0x00},
                                             {0x01, 0xff, 0xff},
                                             {0x01},
                                             {0x01, 0x80},
                                             {0x01, 0x00, 0x05},
                                             {0x00, 0xff},
                                             {0x02}}) {
    batch.put(key, Bytes{static_cast<std::uint8_t>(key.size())});
  }
  this->write(batch);

  const auto entries = this->scan(Bytes{0x01});
  const std::vector<Bytes> expected_keys = {
      {0x01}, {0x01, 0x00, 0x05}, {0x01, 0x80}, {0x01, 0xff, 0xff}};
  ASSERT_EQ(entries.size(), expected_keys.size());
  for (std::size_t i = 0; i < entries.size(); ++i) {
    EXPECT_EQ(entries[i].first, expected_keys[i]);
    EXPECT_EQ(entries[i].second, Bytes{static_cast<std::uint8_t>(expected_keys[i].size())});
  }
  EXPECT_EQ(this->scan(Bytes{0x01, 0xff}).size(), 1u);
  EXPECT_EQ(this->scan(Bytes{0x03}).size(), 0u);
  EXPECT_EQ(this->scan(ByteSpan()).size(), 7u);
  EXPECT_EQ(this->scan(ByteSpan(), 2).size(), 2u) << "a visitor returning false stops the scan";
}

TYPED_TEST(NodeStoreContract, AgreesWithAModelOverRandomBatches) {
  std::mt19937_64 random(7);
  BytesMap model;
  for (int round = 0; round < 40; ++round) {
    WriteBatch batch;
    BytesMap puts;
    std::vector<Bytes> erases;
    for (int op = 0; op < 50; ++op) {
      const Bytes key = {static_cast<std::uint8_t>(random() % 4),
                         static_cast<std::uint8_t>(random() % 64)};
      if (random() % 3 == 0) {
        batch.erase(key);
        erases.push_back(key);
      } else {
        const Bytes value(random() % 40, static_cast<std::uint8_t>(random()));
        batch.put(key, value);
        puts[key] = value;
      }
    }
    this->write(batch);
    for (auto& [key, value] : puts) model[key] = value;
    for (const auto& key : erases) model.erase(key);
  }
  const std::vector<std::pair<Bytes, Bytes>> expected(model.begin(), model.end());
  EXPECT_EQ(this->scan(ByteSpan()), expected);
  for (std::uint8_t a = 0; a < 4; ++a) {
    for (std::uint8_t b = 0; b < 64; ++b) {
      const Bytes key = {a, b};
      const auto found = model.find(key);
      EXPECT_EQ(this->read(key),
                found == model.end() ? std::nullopt : std::optional(found->second));
    }
  }
}

// A writer stamps every key of a batch with the same generation; scans running concurrently must
// never see two generations at once, and concurrent gets must only see whole values.
TYPED_TEST(NodeStoreContract, ConcurrentReadersSeeWholeBatches) {
  constexpr int kKeys = 64;
  constexpr std::uint32_t kGenerations = 200;
  constexpr std::uint32_t kMaxGenerations = 0xffff;
  constexpr int kScans = 20;
  auto stamp = [](std::uint32_t generation) {
    return Bytes{static_cast<std::uint8_t>(generation >> 8), static_cast<std::uint8_t>(generation),
                 0xaa, static_cast<std::uint8_t>(generation),
                 static_cast<std::uint8_t>(generation >> 8)};
  };
  auto write_generation = [&](std::uint32_t generation) {
    WriteBatch batch;
    for (int i = 0; i < kKeys; ++i)
      batch.put(Bytes{0x05, static_cast<std::uint8_t>(i)}, stamp(generation));
    return this->store->write_batch(batch);
  };
  ASSERT_TRUE(write_generation(0).ok());

  std::atomic<bool> done{false};
  std::atomic<int> torn{0};
  std::atomic<int> scans{0};
  auto reader = [&] {
    while (!done.load()) {
      std::optional<Bytes> first;
      int seen = 0;
      const Status status = this->store->scan_prefix(Bytes{0x05}, [&](ByteSpan, ByteSpan value) {
        const Bytes bytes(value.begin(), value.end());
        if (first && *first != bytes) torn.fetch_add(1);
        first = bytes;
        ++seen;
        return true;
      });
      if (!status || seen != kKeys) torn.fetch_add(1);
      auto value = this->store->get(Bytes{0x05, 0x07});
      if (!value || !*value || (**value)[0] != (**value)[4] || (**value)[1] != (**value)[3]) {
        torn.fetch_add(1);
      }
      scans.fetch_add(1);
    }
  };
  std::thread reader_a(reader);
  std::thread reader_b(reader);
  // Writes at least kGenerations, and on until the readers have overlapped some of them: on a fast
  // machine the writer can finish before a reader thread has started. The stamp holds 16 bits.
  bool writes_ok = true;
  std::uint32_t generation = 0;
  while (++generation < kMaxGenerations && (generation <= kGenerations || scans.load() < kScans)) {
    writes_ok = writes_ok && write_generation(generation).ok();
  }
  const std::uint32_t last_generation = generation - 1;
  done = true;
  reader_a.join();
  reader_b.join();
  EXPECT_TRUE(writes_ok);
  EXPECT_EQ(torn.load(), 0);
  EXPECT_GE(scans.load(), kScans);
  EXPECT_EQ(this->read(Bytes{0x05, 0x3f}), stamp(last_generation));
}

}  // namespace
}  // namespace merkleforge
