// Crash consistency of RocksDbNodeStore: a writer process commits tree-like batches (new nodes, the
// root record naming them, erases of the nodes the previous root named) and is SIGKILLed at random
// moments over several rounds; after each kill the reopened database must hold a whole commit at
// least as new as the last one whose write_batch returned, with every node present and intact.
#include <gtest/gtest.h>
#include <openssl/evp.h>

#include <algorithm>
#include <cstdint>
#include <random>

#include "merkleforge/store/rocksdb_store.hpp"
#include "store/crash_harness.hpp"
#include "support/temp_dir.hpp"

namespace merkleforge {
namespace {

// Key layout of the simulated tree.
constexpr std::uint8_t kRootSpace = 0x00;     // 0x00 -> root record
constexpr std::uint8_t kNodeSpace = 0x01;     // 0x01 || SHA-256(node) -> node
constexpr std::uint8_t kVersionSpace = 0x02;  // 0x02 || version (8 bytes BE) -> batch digest
constexpr std::size_t kDigestSize = 32;
constexpr std::size_t kNodeKeySize = 1 + kDigestSize;

Digest32 sha256(ByteSpan data) {
  Digest32 digest;
  unsigned size = 0;
  if (EVP_Digest(data.data(), data.size(), digest.data(), &size, EVP_sha256(), nullptr) != 1) {
    throw std::runtime_error("EVP_Digest failed");
  }
  return digest;
}

void append_u64(Bytes& out, std::uint64_t value) {
  for (int shift = 56; shift >= 0; shift -= 8)
    out.push_back(static_cast<std::uint8_t>(value >> shift));
}

std::uint64_t read_u64(ByteSpan bytes) {
  std::uint64_t value = 0;
  for (std::size_t i = 0; i < 8; ++i) value = (value << 8) | bytes[i];
  return value;
}

Bytes version_key(std::uint64_t version) {
  Bytes key = {kVersionSpace};
  append_u64(key, version);
  return key;
}

// Root record: version (8 bytes BE) || SHA-256 over the nodes (key || value, in order) || keys.
struct Root {
  std::uint64_t version = 0;
  Digest32 digest{};
  std::vector<Bytes> node_keys;

  Bytes encode() const {
    Bytes out;
    append_u64(out, version);
    out.insert(out.end(), digest.begin(), digest.end());
    for (const Bytes& key : node_keys) out.insert(out.end(), key.begin(), key.end());
    return out;
  }
  static std::optional<Root> decode(ByteSpan bytes) {
    if (bytes.size() < 8 + kDigestSize || (bytes.size() - 8 - kDigestSize) % kNodeKeySize != 0) {
      return std::nullopt;
    }
    Root root;
    root.version = read_u64(bytes);
    std::copy_n(bytes.begin() + 8, kDigestSize, root.digest.begin());
    for (std::size_t at = 8 + kDigestSize; at < bytes.size(); at += kNodeKeySize) {
      root.node_keys.emplace_back(bytes.begin() + static_cast<long>(at),
                                  bytes.begin() + static_cast<long>(at + kNodeKeySize));
    }
    return root;
  }
};

Digest32 nodes_digest(const std::vector<std::pair<Bytes, Bytes>>& nodes) {
  Bytes all;
  for (const auto& [key, value] : nodes) {
    all.insert(all.end(), key.begin(), key.end());
    all.insert(all.end(), value.begin(), value.end());
  }
  return sha256(all);
}

// Commit `version`: new random nodes and the root naming them; the previous root's nodes go.
WriteBatch make_commit(std::uint64_t version, const std::optional<Root>& previous,
                       std::mt19937_64& random, Root& root) {
  std::vector<std::pair<Bytes, Bytes>> nodes;
  const std::size_t count = 1 + random() % 48;
  for (std::size_t i = 0; i < count; ++i) {
    Bytes value;
    append_u64(value, version);  // version and index make every node (so every key) unique
    append_u64(value, i);
    value.resize(value.size() + random() % 3000);
    for (std::size_t at = 16; at < value.size(); ++at)
      value[at] = static_cast<std::uint8_t>(random());
    const Digest32 hash = sha256(value);
    Bytes key = {kNodeSpace};
    key.insert(key.end(), hash.begin(), hash.end());
    nodes.emplace_back(std::move(key), std::move(value));
  }
  root = Root{version, nodes_digest(nodes), {}};
  WriteBatch batch;
  for (auto& [key, value] : nodes) {
    root.node_keys.push_back(key);
    batch.put(std::move(key), std::move(value));
  }
  batch.put(version_key(version), Bytes(root.digest.begin(), root.digest.end()));
  batch.put(Bytes{kRootSpace}, root.encode());
  if (previous) {
    for (const Bytes& key : previous->node_keys) batch.erase(key);
  }
  return batch;
}

RocksDbOptions crash_options() {
  RocksDbOptions options;
  options.write_buffer_bytes = 256 << 10;  // frequent flushes and compactions to be killed in
  return options;
}

std::optional<Root> read_root(const NodeStore& store) {
  auto record = store.get(Bytes{kRootSpace});
  if (!record) throw std::runtime_error(record.error().message);
  if (!*record) return std::nullopt;
  auto root = Root::decode(**record);
  if (!root) throw std::runtime_error("malformed root record");
  return root;
}

// The child: resumes from the stored root and commits until it is killed.
TEST(RocksDbCrashWriter, CommitsUntilKilled) {
  const char* db = test::crash_writer_db();
  if (db == nullptr) GTEST_SKIP() << "runs only as the child of RocksDbCrash tests";
  test::die_with_parent();
  auto store = RocksDbNodeStore::open(db, crash_options());
  ASSERT_TRUE(store.ok()) << store.error().message;
  std::optional<Root> previous = read_root(**store);
  std::mt19937_64 random(std::random_device{}());
  for (std::uint64_t version = previous ? previous->version + 1 : 1;; ++version) {
    Root root;
    const Status status = (*store)->write_batch(make_commit(version, previous, random, root));
    ASSERT_TRUE(status.ok()) << status.error().message;
    test::report_committed(version);
    previous = std::move(root);
  }
}

// The parent's check after a kill. The child started from the stored version `start` and
// reported version `returned` (if any) as its last commit that returned; the stored root must be
// at least as new as both and at most one commit newer (the commit in flight), and whole.
// Returns the stored version.
std::uint64_t expect_consistent(const std::filesystem::path& db, std::uint64_t start,
                                std::optional<std::uint64_t> returned) {
  RocksDbOptions existing = crash_options();
  existing.create_if_missing = false;
  auto opened = RocksDbNodeStore::open(db, existing);
  if (!opened && opened.error().code == Errc::not_found && start == 0 && !returned) {
    return 0;  // killed before it created the database
  }
  EXPECT_TRUE(opened.ok()) << opened.error().message;
  if (!opened) return 0;
  const RocksDbNodeStore& store = **opened;
  const std::optional<Root> root = read_root(store);
  if (!root) {
    EXPECT_FALSE(start != 0 || returned) << "commits returned but no root is stored";
    return 0;
  }
  test::expect_stored_version(root->version, start, returned);

  std::vector<std::pair<Bytes, Bytes>> nodes;
  for (const Bytes& key : root->node_keys) {
    auto value = store.get(key);
    EXPECT_TRUE(value.ok() && value->has_value()) << "root " << root->version << " lost a node";
    if (!value.ok() || !value->has_value()) return root->version;
    const Digest32 hash = sha256(**value);
    EXPECT_TRUE(std::equal(hash.begin(), hash.end(), key.begin() + 1)) << "a node is corrupt";
    nodes.emplace_back(key, std::move(**value));
  }
  EXPECT_EQ(nodes_digest(nodes), root->digest) << "the root's nodes are not the ones committed";

  // Every version up to the root's was logged once, none beyond it (no half-applied commit).
  std::uint64_t next_version = 1;
  const Status versions = store.scan_prefix(Bytes{kVersionSpace}, [&](ByteSpan key, ByteSpan) {
    EXPECT_EQ(read_u64(key.subspan(1)), next_version);
    ++next_version;
    return true;
  });
  EXPECT_TRUE(versions.ok()) << versions.error().message;
  EXPECT_EQ(next_version, root->version + 1);

  std::size_t stored_nodes = 0;
  const Status scan = store.scan_prefix(Bytes{kNodeSpace}, [&](ByteSpan, ByteSpan) {
    ++stored_nodes;
    return true;
  });
  EXPECT_TRUE(scan.ok()) << scan.error().message;
  EXPECT_EQ(stored_nodes, root->node_keys.size()) << "nodes of an older root survived its erase";
  EXPECT_TRUE(store.verify_checksums().ok());
  return root->version;
}

TEST(RocksDbCrash, KilledWriterLeavesTheLastReturnedCommitOrTheNext) {
  test::TempDir dir;
  const std::filesystem::path db = dir.path() / "db";
  test::run_crash_rounds("RocksDbCrashWriter.CommitsUntilKilled", db.string(), 8,
                         [&](std::uint64_t start, std::optional<std::uint64_t> returned) {
                           return expect_consistent(db, start, returned);
                         });
}

}  // namespace
}  // namespace merkleforge
