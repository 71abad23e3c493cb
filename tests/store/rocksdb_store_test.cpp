// RocksDbNodeStore beyond the shared contract: persistence across reopen, locking, bad paths, and
// damaged files (an error, never a wrong value).
#include "merkleforge/store/rocksdb_store.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "support/temp_dir.hpp"

namespace merkleforge {
namespace {

namespace fs = std::filesystem;

struct BytesLess {  // std::less<Bytes> trips a false GCC 12 -O3 stringop-overread warning
  bool operator()(const Bytes& a, const Bytes& b) const {
    return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end());
  }
};
using Contents = std::map<Bytes, Bytes, BytesLess>;

std::unique_ptr<RocksDbNodeStore> open_or_fail(const fs::path& path, RocksDbOptions options = {}) {
  auto store = RocksDbNodeStore::open(path, options);
  if (!store) throw std::runtime_error("open failed: " + store.error().message);
  return std::move(store).value();
}

Bytes random_bytes(std::mt19937_64& random, std::size_t size) {
  Bytes bytes(size);
  for (auto& byte : bytes) byte = static_cast<std::uint8_t>(random());
  return bytes;
}

// Writes `batches` batches of random puts (and erases of earlier keys); returns the contents.
Contents fill(NodeStore& store, int batches, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  Contents contents;
  for (int round = 0; round < batches; ++round) {
    WriteBatch batch;
    for (int i = 0; i < 100; ++i) {
      Bytes key = random_bytes(random, 1 + random() % 40);
      Bytes value = random_bytes(random, random() % 300);
      batch.put(key, value);
      contents.insert_or_assign(std::move(key), std::move(value));
    }
    for (int i = 0; i < 10 && !contents.empty(); ++i) {
      auto victim = contents.begin();
      std::advance(victim, static_cast<long>(random() % contents.size()));
      batch.erase(victim->first);
      contents.erase(victim);
    }
    const Status status = store.write_batch(batch);
    if (!status) throw std::runtime_error(status.error().message);
  }
  return contents;
}

Contents read_all(const NodeStore& store) {
  Contents contents;
  const Status status = store.scan_prefix(ByteSpan(), [&](ByteSpan key, ByteSpan value) {
    contents.emplace(Bytes(key.begin(), key.end()), Bytes(value.begin(), value.end()));
    return true;
  });
  if (!status) throw std::runtime_error(status.error().message);
  return contents;
}

void expect_holds(const NodeStore& store, const Contents& expected) {
  EXPECT_TRUE(read_all(store) == expected);
  for (const auto& [key, value] : expected) {
    const auto found = store.get(key);
    ASSERT_TRUE(found.ok()) << found.error().message;
    ASSERT_EQ(*found, value);
  }
}

std::vector<fs::path> files_with_extension(const fs::path& folder, const std::string& extension) {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(folder)) {
    if (entry.path().extension() == extension) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

// Inverts `length` bytes of `file` at `offset`.
void damage(const fs::path& file, std::uintmax_t offset, std::size_t length) {
  std::fstream stream(file, std::ios::in | std::ios::out | std::ios::binary);
  ASSERT_TRUE(stream) << file;
  std::string bytes(length, '\0');
  stream.seekg(static_cast<std::streamoff>(offset));
  stream.read(bytes.data(), static_cast<std::streamsize>(length));
  for (char& byte : bytes) byte = static_cast<char>(~byte);
  stream.seekp(static_cast<std::streamoff>(offset));
  stream.write(bytes.data(), static_cast<std::streamsize>(length));
  ASSERT_TRUE(stream) << file;
}

TEST(RocksDbStore, ReopenGivesBackTheSameContents) {
  test::TempDir dir;
  Contents contents;
  {
    auto store = open_or_fail(dir.path());
    contents = fill(*store, 20, 11);
  }
  RocksDbOptions existing_only;
  existing_only.create_if_missing = false;
  {
    auto store = open_or_fail(dir.path(), existing_only);
    expect_holds(*store, contents);
    ASSERT_TRUE(store->compact().ok());
    EXPECT_FALSE(files_with_extension(dir.path(), ".sst").empty());
  }
  auto store = open_or_fail(dir.path(), existing_only);
  expect_holds(*store, contents);
  EXPECT_TRUE(store->verify_checksums().ok());
}

TEST(RocksDbStore, SecondOpenOfALockedDatabaseIsAnError) {
  test::TempDir dir;
  auto first = open_or_fail(dir.path());
  const auto second = RocksDbNodeStore::open(dir.path());
  ASSERT_FALSE(second.ok());
  EXPECT_EQ(second.error().code, Errc::io_error);
  EXPECT_NE(second.error().message.find("already open"), std::string::npos)
      << second.error().message;
  first.reset();
  EXPECT_TRUE(RocksDbNodeStore::open(dir.path()).ok()) << "closing releases the lock";
}

TEST(RocksDbStore, PathThatIsAFileIsInvalidArgument) {
  test::TempDir dir;
  const fs::path file = dir.path() / "plain-file";
  std::ofstream(file) << "not a database";
  const auto store = RocksDbNodeStore::open(file);
  ASSERT_FALSE(store.ok());
  EXPECT_EQ(store.error().code, Errc::invalid_argument);
  EXPECT_NE(store.error().message.find("not a folder"), std::string::npos);
}

TEST(RocksDbStore, MissingDatabaseIsNotFoundUnlessCreating) {
  test::TempDir dir;
  RocksDbOptions existing_only;
  existing_only.create_if_missing = false;
  for (const fs::path& path : {dir.path() / "absent", dir.path()}) {
    const auto store = RocksDbNodeStore::open(path, existing_only);
    ASSERT_FALSE(store.ok()) << path;
    EXPECT_EQ(store.error().code, Errc::not_found);
  }
  EXPECT_FALSE(fs::exists(dir.path() / "absent"));
  EXPECT_TRUE(RocksDbNodeStore::open(dir.path() / "absent" / "nested").ok());
}

// Builds a database of one compacted table file; returns its contents.
Contents build_compacted(const fs::path& path) {
  auto store = open_or_fail(path);
  Contents contents = fill(*store, 30, 23);
  if (!store->compact().ok()) throw std::runtime_error("compaction failed");
  return contents;
}

// Opens a damaged database and reads everything back: every outcome must be a corrupt_data error
// or the right value. Returns whether the damage was reported at all.
bool reads_are_right_or_corrupt(const fs::path& path, const Contents& contents) {
  RocksDbOptions existing_only;
  existing_only.create_if_missing = false;
  const auto store = RocksDbNodeStore::open(path, existing_only);
  if (!store) {
    EXPECT_EQ(store.error().code, Errc::corrupt_data) << store.error().message;
    return true;
  }
  bool reported = false;
  for (const auto& [key, value] : contents) {
    const auto found = (*store)->get(key);
    if (found.ok()) {
      EXPECT_EQ(*found, value) << "a damaged database returned a wrong value";
    } else {
      EXPECT_EQ(found.error().code, Errc::corrupt_data) << found.error().message;
      reported = true;
    }
  }
  const Status scrub = (*store)->verify_checksums();
  if (!scrub) {
    EXPECT_EQ(scrub.error().code, Errc::corrupt_data) << scrub.error().message;
    reported = true;
  }
  return reported;
}

TEST(RocksDbStore, DamagedTableFileIsReportedNeverReadWrong) {
  test::TempDir dir;
  const fs::path pristine = dir.path() / "pristine";
  const Contents contents = build_compacted(pristine);
  const auto tables = files_with_extension(pristine, ".sst");
  ASSERT_EQ(tables.size(), 1u);
  const std::uintmax_t size = fs::file_size(tables[0]);
  ASSERT_GT(size, 100'000u);

  // Data blocks come first, then filter, index, properties, meta-index and the footer.
  const std::vector<std::uintmax_t> offsets = {
      0, size / 10, size / 3, size / 2, size * 9 / 10, size - 200, size - 64, size - 16};
  for (const std::uintmax_t offset : offsets) {
    SCOPED_TRACE("damage at offset " + std::to_string(offset) + " of " + std::to_string(size));
    const fs::path copy = dir.path() / ("copy-" + std::to_string(offset));
    fs::copy(pristine, copy, fs::copy_options::recursive);
    damage(copy / tables[0].filename(), offset, 16);
    EXPECT_TRUE(reads_are_right_or_corrupt(copy, contents)) << "damage went unnoticed";
  }
}

TEST(RocksDbStore, MissingTableFileFailsToOpen) {
  test::TempDir dir;
  build_compacted(dir.path());
  const auto tables = files_with_extension(dir.path(), ".sst");
  ASSERT_EQ(tables.size(), 1u);
  fs::remove(tables[0]);
  RocksDbOptions existing_only;
  existing_only.create_if_missing = false;
  const auto store = RocksDbNodeStore::open(dir.path(), existing_only);
  ASSERT_FALSE(store.ok());
  EXPECT_TRUE(store.error().code == Errc::corrupt_data || store.error().code == Errc::io_error)
      << store.error().message;
}

}  // namespace
}  // namespace merkleforge
