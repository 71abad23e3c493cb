// Fixture files of the proof system's verifier fuzz targets (docs/fuzzing.md, "Fixtures"). A
// verifier target links only verifier modules, so it cannot make the honest proofs its oracle
// compares against: make_fuzz_fixtures (which links the provers) writes them at build time, with
// everything else the target needs that a prover computes, into
// <build>/fuzz/fixtures/<target>.fixture, and the target reads that file once at start-up.
//
// Format: "MFFX" ‖ version ‖ string(target name) ‖ the target's fields, each field one of
//   u64      8 bytes little-endian;
//   bytes    u64 length ‖ the bytes;
//   string   as bytes;
//   b128     a B128's bits, 16 bytes little-endian;
// and nothing after the last field. Header-only and core-only: the generator and the targets
// share it.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "merkleforge/binius/tower.hpp"
#include "merkleforge/core/bytes.hpp"

namespace merkleforge::fuzz {

using binius::B128;
using binius::uint128;

inline constexpr std::uint8_t kFixtureMagic[4] = {'M', 'F', 'F', 'X'};
inline constexpr std::uint8_t kFixtureVersion = 1;

/// Appends fields (see the format above).
class FixtureWriter {
 public:
  /// Starts the fixture of `target`.
  explicit FixtureWriter(std::string_view target) {
    out_.assign(std::begin(kFixtureMagic), std::end(kFixtureMagic));
    out_.push_back(kFixtureVersion);
    string(target);
  }
  void u64(std::uint64_t value) {
    for (int i = 0; i < 8; ++i) out_.push_back(static_cast<std::uint8_t>(value >> (8 * i)));
  }
  void bytes(ByteSpan data) {
    u64(data.size());
    out_.insert(out_.end(), data.begin(), data.end());
  }
  void string(std::string_view text) { bytes(as_bytes(text)); }
  void b128(B128 value) {
    for (int i = 0; i < 16; ++i) {
      out_.push_back(static_cast<std::uint8_t>(value.value() >> (8 * i)));
    }
  }
  void b128s(const std::vector<B128>& values) {
    u64(values.size());
    for (B128 value : values) b128(value);
  }
  const Bytes& data() const noexcept { return out_; }

 private:
  Bytes out_;
};

/// Reads fields strictly: a field past the end, a length beyond the file or bytes left after the
/// last field throw std::runtime_error naming the file.
class FixtureReader {
 public:
  /// Checks the header: magic, version and that the file is `target`'s.
  FixtureReader(Bytes data, std::string origin, std::string_view target)
      : data_(std::move(data)), origin_(std::move(origin)) {
    if (data_.size() < 5 || std::memcmp(data_.data(), kFixtureMagic, 4) != 0) {
      fail("not a fixture file (no MFFX header)");
    }
    if (data_[4] != kFixtureVersion) {
      fail("fixture version " + std::to_string(data_[4]) + ", this target reads version " +
           std::to_string(kFixtureVersion));
    }
    at_ = 5;
    const std::string name = string();
    if (name != target) fail("fixture of " + name + ", not of " + std::string(target));
  }
  std::uint64_t u64() {
    need(8);
    std::uint64_t value = 0;
    for (int i = 0; i < 8; ++i) value |= std::uint64_t{data_[at_ + i]} << (8 * i);
    at_ += 8;
    return value;
  }
  /// A u64 that must be at most `limit` (counts and small parameters).
  std::size_t count(std::uint64_t limit) {
    const std::uint64_t value = u64();
    if (value > limit)
      fail("a count of " + std::to_string(value) + " (at most " + std::to_string(limit) + ")");
    return static_cast<std::size_t>(value);
  }
  unsigned small(unsigned limit) { return static_cast<unsigned>(count(limit)); }
  Bytes bytes() {
    const std::size_t size = count(data_.size());
    need(size);
    Bytes out(data_.begin() + static_cast<std::ptrdiff_t>(at_),
              data_.begin() + static_cast<std::ptrdiff_t>(at_ + size));
    at_ += size;
    return out;
  }
  std::string string() {
    const Bytes raw = bytes();
    return std::string(raw.begin(), raw.end());
  }
  B128 b128() {
    need(16);
    uint128 value = 0;
    for (int i = 0; i < 16; ++i) value |= uint128{data_[at_ + i]} << (8 * i);
    at_ += 16;
    return B128(value);
  }
  std::vector<B128> b128s() {
    std::vector<B128> values(count((data_.size() - at_) / 16));
    for (B128& value : values) value = b128();
    return values;
  }
  /// Every byte was read.
  void finish() const {
    if (at_ != data_.size())
      fail(std::to_string(data_.size() - at_) + " bytes after the last field");
  }
  [[noreturn]] void fail(const std::string& what) const {
    throw std::runtime_error(origin_ + ": " + what);
  }

 private:
  void need(std::size_t n) const {
    if (n > data_.size() - at_) fail("cut short at byte " + std::to_string(at_));
  }
  Bytes data_;
  std::string origin_;
  std::size_t at_ = 0;
};

/// The folder the fixtures are read from: $MERKLEFORGE_FUZZ_FIXTURES when set, else the build's
/// own (MERKLEFORGE_FUZZ_FIXTURE_DIR, where make_fuzz_fixtures writes them).
inline std::filesystem::path fixture_dir() {
  if (const char* dir = std::getenv("MERKLEFORGE_FUZZ_FIXTURES"); dir != nullptr && *dir != 0) {
    return dir;
  }
#ifdef MERKLEFORGE_FUZZ_FIXTURE_DIR
  return MERKLEFORGE_FUZZ_FIXTURE_DIR;
#else
  return ".";
#endif
}

/// Reads `target`'s fixture and hands it to `parse`, which returns what the target keeps. A
/// missing, unreadable or malformed file ends the program with a message saying so (exit status
/// 2, before any input: not a finding).
template <typename Parse>
auto load_fixture(std::string_view target, Parse&& parse) {
  const std::filesystem::path path = fixture_dir() / (std::string(target) + ".fixture");
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr,
                 "%.*s: cannot read its fixture %s (written at build time by make_fuzz_fixtures; "
                 "build the target with CMake, or set MERKLEFORGE_FUZZ_FIXTURES to the folder "
                 "holding %.*s.fixture)\n",
                 static_cast<int>(target.size()), target.data(), path.c_str(),
                 static_cast<int>(target.size()), target.data());
    std::exit(2);
  }
  Bytes data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  try {
    FixtureReader reader(std::move(data), path.string(), target);
    auto out = parse(reader);
    reader.finish();
    return out;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%.*s: malformed fixture: %s (run make_fuzz_fixtures again)\n",
                 static_cast<int>(target.size()), target.data(), e.what());
    std::exit(2);
  }
}

/// Writes `fixture` to `path` through a temporary file, so an interrupted run leaves no partial
/// fixture. Returns false (with a message) on an I/O error.
inline bool write_fixture(const std::filesystem::path& path, const FixtureWriter& fixture) {
  const std::filesystem::path temporary = path.string() + ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(fixture.data().data()),
              static_cast<std::streamsize>(fixture.data().size()));
    if (!out) {
      std::fprintf(stderr, "cannot write %s\n", temporary.c_str());
      return false;
    }
  }
  std::error_code error;
  std::filesystem::rename(temporary, path, error);
  if (error) {
    std::fprintf(stderr, "cannot rename %s: %s\n", temporary.c_str(), error.message().c_str());
    return false;
  }
  return true;
}

/// Sparse edits of an honest proof: each 3 bytes of `edits` XOR their last byte into the proof at
/// the position their first two scale to (so short inputs reach every part of a long proof).
/// Returns false when nothing changed.
inline bool apply_edits(ByteSpan edits, Bytes& proof) {
  bool changed = false;
  for (std::size_t i = 0; i + 3 <= edits.size(); i += 3) {
    const std::size_t at =
        ((std::size_t{edits[i]} | std::size_t{edits[i + 1]} << 8) * proof.size()) >> 16;
    proof[at] ^= edits[i + 2];
    changed |= edits[i + 2] != 0;
  }
  return changed;
}

}  // namespace merkleforge::fuzz
