// Crash consistency of the Merkle Patricia trie on RocksDB: a writer process applies a fixed,
// seeded sequence of commits (puts, updates, erases, and a "version" key) and is SIGKILLed at
// random moments over several rounds. After each kill the reopened trie must load completely
// (every node present and matching its hash) and equal the trie of the last commit that returned,
// or of the one in flight: same contents as a plain map replaying that sequence, and the same root
// as an in-memory trie replaying it.
#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <random>

#include "merkleforge/mpt/trie.hpp"
#include "merkleforge/store/rocksdb_store.hpp"
#include "store/crash_harness.hpp"
#include "support/temp_dir.hpp"

namespace merkleforge {
namespace {

using mpt::MerklePatriciaTrie;

constexpr std::uint64_t kSeed = 0x6d70742d63726173;
constexpr std::uint64_t kKeySpace = 4000;
constexpr int kChangesPerCommit = 40;
const Bytes kVersionKey = {'v', 'e', 'r', 's', 'i', 'o', 'n'};

struct BytesLess {  // std::less<Bytes> trips a false GCC 12 -O3 stringop-overread warning
  bool operator()(const Bytes& a, const Bytes& b) const {
    return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end());
  }
};
using Model = std::map<Bytes, Bytes, BytesLess>;

Bytes account_key(std::uint64_t index) {
  std::mt19937_64 random(kSeed ^ (index * 0x9e3779b97f4a7c15));
  Bytes key(32);
  for (auto& byte : key) byte = static_cast<std::uint8_t>(random());
  return key;
}

Bytes version_value(std::uint64_t version) {
  Bytes value(8);
  for (std::size_t i = 0; i < 8; ++i) value[i] = static_cast<std::uint8_t>(version >> (56 - 8 * i));
  return value;
}

// The changes of commit `version`: key -> new value, an empty value erasing the key.
std::vector<std::pair<Bytes, Bytes>> changes_of(std::uint64_t version) {
  std::mt19937_64 random(kSeed + version);
  std::vector<std::pair<Bytes, Bytes>> changes;
  for (int i = 0; i < kChangesPerCommit; ++i) {
    Bytes key = account_key(random() % kKeySpace);
    Bytes value;
    if (random() % 5 != 0) {
      value.resize(1 + random() % 80);
      for (auto& byte : value) byte = static_cast<std::uint8_t>(random());
    }
    changes.emplace_back(std::move(key), std::move(value));
  }
  changes.emplace_back(kVersionKey, version_value(version));
  return changes;
}

void apply(MerklePatriciaTrie& trie, std::uint64_t version) {
  for (const auto& [key, value] : changes_of(version)) {
    const Status status = value.empty() ? trie.erase(key) : trie.put(key, value);
    if (!status) throw std::runtime_error(status.error().message);
  }
}

void apply(Model& model, std::uint64_t version) {
  for (auto& [key, value] : changes_of(version)) {
    if (value.empty()) {
      model.erase(key);
    } else {
      model.insert_or_assign(std::move(key), std::move(value));
    }
  }
}

RocksDbOptions crash_options() {
  RocksDbOptions options;
  options.write_buffer_bytes = 256 << 10;  // frequent flushes and compactions to be killed in
  return options;
}

std::uint64_t version_of(const MerklePatriciaTrie& trie) {
  const auto value = trie.get(kVersionKey);
  if (!value) throw std::runtime_error(value.error().message);
  if (!*value) return 0;
  if ((*value)->size() != 8) throw std::runtime_error("malformed version value");
  std::uint64_t version = 0;
  for (const std::uint8_t byte : **value) version = (version << 8) | byte;
  return version;
}

// The child: reopens the trie and commits the sequence from where it stands until killed.
TEST(MptCrashWriter, CommitsUntilKilled) {
  const char* db = test::crash_writer_db();
  if (db == nullptr) GTEST_SKIP() << "runs only as the child of MptCrash tests";
  test::die_with_parent();
  auto store = RocksDbNodeStore::open(db, crash_options());
  ASSERT_TRUE(store.ok()) << store.error().message;
  auto opened = MerklePatriciaTrie::open(**store);
  ASSERT_TRUE(opened.ok() || opened.error().code == Errc::not_found) << opened.error().message;
  MerklePatriciaTrie trie = opened.ok() ? std::move(opened).value() : MerklePatriciaTrie();
  for (std::uint64_t version = version_of(trie) + 1;; ++version) {
    apply(trie, version);
    const Status status = trie.commit(**store);
    ASSERT_TRUE(status.ok()) << status.error().message;
    test::report_committed(version);
  }
}

// The parent: replays the sequence in a map and an in-memory trie as the stored version advances.
class Replay {
 public:
  std::uint64_t version() const { return version_; }
  void advance_to(std::uint64_t version) {
    for (; version_ < version; ++version_) {
      apply(model_, version_ + 1);
      apply(trie_, version_ + 1);
    }
  }
  const Model& model() const { return model_; }
  Digest32 root() { return trie_.root_hash(); }

 private:
  std::uint64_t version_ = 0;
  Model model_;
  MerklePatriciaTrie trie_;
};

std::uint64_t expect_consistent(const std::filesystem::path& db, std::uint64_t start,
                                std::optional<std::uint64_t> returned, Replay& replay) {
  RocksDbOptions existing = crash_options();
  existing.create_if_missing = false;
  auto store = RocksDbNodeStore::open(db, existing);
  const bool nothing_committed = start == 0 && !returned;
  if (!store && store.error().code == Errc::not_found && nothing_committed) return 0;
  EXPECT_TRUE(store.ok()) << store.error().message;
  if (!store) return 0;
  auto trie = MerklePatriciaTrie::open(**store);
  if (!trie && trie.error().code == Errc::not_found && nothing_committed) return 0;
  EXPECT_TRUE(trie.ok()) << "the stored trie does not load: " << trie.error().message;
  if (!trie) return 0;

  const std::uint64_t version = version_of(*trie);
  test::expect_stored_version(version, start, returned);
  if (version < replay.version()) return version;  // reported above
  replay.advance_to(version);
  EXPECT_EQ(trie->root_hash(), replay.root()) << "the stored trie is not commit " << version;
  for (const auto& [key, value] : replay.model()) {
    const auto found = trie->get(key);
    EXPECT_TRUE(found.ok() && *found &&
                std::equal(value.begin(), value.end(), (*found)->begin(), (*found)->end()))
        << "a key of commit " << version << " is missing or wrong";
    if (::testing::Test::HasFailure()) break;
  }
  return version;
}

TEST(MptCrash, KilledCommitterLeavesTheLastReturnedTrieOrTheNext) {
  test::TempDir dir;
  const std::filesystem::path db = dir.path() / "db";
  Replay replay;
  test::run_crash_rounds("MptCrashWriter.CommitsUntilKilled", db.string(), 6,
                         [&](std::uint64_t start, std::optional<std::uint64_t> returned) {
                           return expect_consistent(db, start, returned, replay);
                         });
}

}  // namespace
}  // namespace merkleforge
