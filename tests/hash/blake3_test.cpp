// BLAKE3 against the official test vectors (tests/vectors/hash/blake3_test_vectors.json), for
// every kernel this CPU runs, one-shot, incremental and with extendable output at any offset.
#include "merkleforge/hash/blake3.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>

#include "hash/blake3_support.hpp"
#include "support/vectors.hpp"

namespace merkleforge {
namespace {

using test::for_each_blake3_kernel;

constexpr std::size_t kVectorOutputLen = 131;

struct VectorCase {
  Bytes input;
  Bytes hash;
  Bytes keyed_hash;
  Bytes derive_key;
};

struct Vectors {
  Blake3::Key key;
  std::string context;
  std::vector<VectorCase> cases;
};

const Vectors& vectors() {
  static const Vectors loaded = [] {
    const auto json = test::load_vectors("hash/blake3_test_vectors.json");
    Vectors v;
    const std::string key = json.at("key");
    EXPECT_EQ(key.size(), Blake3::kKeySize);
    std::copy_n(key.begin(), v.key.size(), v.key.begin());
    v.context = json.at("context_string");
    for (const auto& c : json.at("cases")) {
      VectorCase vc;
      vc.input.resize(c.at("input_len").get<std::size_t>());
      for (std::size_t i = 0; i < vc.input.size(); ++i)
        vc.input[i] = static_cast<std::uint8_t>(i % 251);
      vc.hash = test::hex_bytes(c.at("hash"));
      vc.keyed_hash = test::hex_bytes(c.at("keyed_hash"));
      vc.derive_key = test::hex_bytes(c.at("derive_key"));
      v.cases.push_back(std::move(vc));
    }
    return v;
  }();
  return loaded;
}

Bytes xof(const Blake3& hasher, std::size_t len, std::uint64_t seek = 0) {
  Bytes out(len);
  hasher.finalize_xof(out, seek);
  return out;
}

Bytes first32(const Bytes& output) {
  return Bytes(output.begin(), output.begin() + 32);
}

Bytes as_vector(const Digest32& d) {
  return Bytes(d.begin(), d.end());
}

/// The three modes of one vector case: a fresh hasher and the expected 131-byte output.
std::vector<std::pair<Blake3, const Bytes*>> modes(const VectorCase& c) {
  return {{Blake3(), &c.hash},
          {Blake3::keyed(vectors().key), &c.keyed_hash},
          {Blake3::derive_key(vectors().context), &c.derive_key}};
}

TEST(Blake3Vectors, FileHasAllCases) {
  EXPECT_EQ(vectors().cases.size(), 35u);
  EXPECT_EQ(vectors().cases.back().input.size(), 102400u);
  for (const auto& c : vectors().cases) EXPECT_EQ(c.hash.size(), kVectorOutputLen);
}

TEST(Blake3Vectors, OneShotDigestsEveryKernel) {
  for_each_blake3_kernel([] {
    for (const auto& c : vectors().cases) {
      SCOPED_TRACE("input_len " + std::to_string(c.input.size()));
      EXPECT_EQ(as_vector(Blake3::digest(c.input)), first32(c.hash));
      EXPECT_EQ(as_vector(Blake3::keyed_digest(vectors().key, c.input)), first32(c.keyed_hash));
    }
  });
}

TEST(Blake3Vectors, AllModesFullOutputEveryKernel) {
  for_each_blake3_kernel([] {
    for (const auto& c : vectors().cases) {
      SCOPED_TRACE("input_len " + std::to_string(c.input.size()));
      for (auto& [hasher, expected] : modes(c)) {
        hasher.update(c.input);
        EXPECT_EQ(as_vector(hasher.finalize()), first32(*expected));
        EXPECT_EQ(xof(hasher, kVectorOutputLen), *expected);
      }
    }
  });
}

TEST(Blake3Vectors, IncrementalInRandomPiecesEveryKernel) {
  std::mt19937_64 rng(3);
  for_each_blake3_kernel([&rng] {
    for (const auto& c : vectors().cases) {
      SCOPED_TRACE("input_len " + std::to_string(c.input.size()));
      for (std::size_t max_piece : {1u, 70u, 1100u, 40000u}) {
        for (auto& [hasher, expected] : modes(c)) {
          test::update_in_pieces(hasher, c.input, rng, max_piece);
          EXPECT_EQ(xof(hasher, kVectorOutputLen), *expected) << "pieces up to " << max_piece;
        }
      }
    }
  });
}

TEST(Blake3Vectors, ExtendableOutputFromAnyOffsetEveryKernel) {
  std::mt19937_64 rng(4);
  for_each_blake3_kernel([&rng] {
    for (const auto& c : vectors().cases) {
      for (auto& [hasher, expected] : modes(c)) {
        hasher.update(c.input);
        for (int trial = 0; trial < 8; ++trial) {
          const std::size_t seek = rng() % kVectorOutputLen;
          const std::size_t len = rng() % (kVectorOutputLen - seek + 1);
          const Bytes want(expected->begin() + static_cast<std::ptrdiff_t>(seek),
                           expected->begin() + static_cast<std::ptrdiff_t>(seek + len));
          EXPECT_EQ(xof(hasher, len, seek), want) << "seek " << seek << " len " << len;
        }
      }
    }
  });
}

TEST(Blake3Hasher, FinalizeLeavesStateUsable) {
  const auto& c = vectors().cases.back();
  Blake3 hasher;
  const std::size_t half = c.input.size() / 2 + 17;
  hasher.update(ByteSpan(c.input).first(half));
  (void)hasher.finalize();
  hasher.update(ByteSpan(c.input).subspan(half));
  EXPECT_EQ(as_vector(hasher.finalize()), first32(c.hash));
}

TEST(Blake3Kernels, PortableAlwaysAvailableAndUnknownRejected) {
  const auto kernels = Blake3::available_kernels();
  EXPECT_NE(std::find(kernels.begin(), kernels.end(), Isa::portable), kernels.end());
  const Status shani = Blake3::set_kernel(Isa::shani);
  ASSERT_FALSE(shani.ok());
  EXPECT_EQ(shani.error().code, Errc::unsupported);
  EXPECT_NE(shani.error().message.find("blake3"), std::string::npos);
}

// Hashing one input in parts (as mforge hash does on several threads): parts of S chunks, each a
// subtree hashed by its own part hasher, appended in order, the rest absorbed normally — the
// digest must be the one-shot one (itself checked against the published vectors above), in every
// mode, for part sizes from one chunk up, and inputs ending anywhere.
TEST(Blake3Hasher, PartsHashedApartGiveTheWholeDigest) {
  std::mt19937_64 rng(77);
  Bytes data(std::size_t{300} * 1024 + 77);
  for (auto& b : data) b = static_cast<std::uint8_t>(rng());
  Blake3::Key key{};
  key[3] = 9;
  for (const std::uint64_t part_chunks : {1u, 2u, 8u, 64u}) {
    const std::size_t part_bytes = part_chunks * Blake3::kChunkSize;
    for (const std::size_t size : {std::size_t{0}, part_bytes, part_bytes + 1, 2 * part_bytes,
                                   3 * part_bytes + 500, data.size()}) {
      if (size > data.size()) continue;
      for (const Blake3& mode : {Blake3(), Blake3::keyed(key), Blake3::derive_key("mforge")}) {
        Blake3 whole = mode;
        // Whole parts while more than one byte remains after them (the hasher keeps the last
        // chunk back, which may be the root).
        const std::size_t parts = size == 0 ? 0 : (size - 1) / part_bytes;
        for (std::size_t k = 0; k < parts; ++k) {
          Blake3 piece = mode.part(k * part_chunks);
          piece.update(ByteSpan(data.data() + k * part_bytes, part_bytes));
          auto value = piece.subtree_chaining_value();
          ASSERT_TRUE(value.ok()) << value.error().message;
          ASSERT_TRUE(whole.append_subtree(*value, part_chunks).ok());
        }
        whole.update(ByteSpan(data.data() + parts * part_bytes, size - parts * part_bytes));
        Blake3 reference = mode;
        reference.update(ByteSpan(data.data(), size));
        ASSERT_EQ(whole.finalize(), reference.finalize())
            << "part " << part_chunks << " chunks, size " << size;
      }
    }
  }
}

TEST(Blake3Hasher, PartsRefuseShapesThatAreNotSubtrees) {
  Bytes data(3 * Blake3::kChunkSize, 7);
  Blake3 three = Blake3().part(0);
  three.update(data);
  EXPECT_FALSE(three.subtree_chaining_value().ok());  // 3 chunks: not a power of two
  Blake3 misaligned = Blake3().part(1);
  misaligned.update(ByteSpan(data.data(), 2 * Blake3::kChunkSize));
  EXPECT_FALSE(misaligned.subtree_chaining_value().ok());  // 2 chunks starting at chunk 1
  Blake3 partial = Blake3().part(0);
  partial.update(ByteSpan(data.data(), 100));
  EXPECT_FALSE(partial.subtree_chaining_value().ok());
  Blake3 whole;
  EXPECT_FALSE(whole.append_subtree({}, 3).ok());
  whole.update(ByteSpan(data.data(), 10));
  EXPECT_FALSE(whole.append_subtree({}, 1).ok());  // not at a chunk boundary
  Blake3 at_one;
  ASSERT_TRUE(at_one.append_subtree({}, 1).ok());
  EXPECT_FALSE(at_one.append_subtree({}, 2).ok());  // chunk 1 is not a multiple of 2
}

}  // namespace
}  // namespace merkleforge
