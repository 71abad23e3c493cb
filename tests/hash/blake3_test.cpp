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

// update_parallel splits whole subtrees between threads; the tree, hence the digest, is the same:
// compared with the one-thread hasher (itself checked against the published vectors above) at
// sizes around the 1 MiB split threshold and chunk boundaries, after unaligned prefixes, in every
// mode, on 1 to 8 threads.
TEST(Blake3Hasher, ParallelUpdateEqualsTheSerialOne) {
  std::mt19937_64 rng(77);
  Bytes data((std::size_t{9} << 20) + 4321);
  for (auto& b : data) b = static_cast<std::uint8_t>(rng());
  Blake3::Key key{};
  key[3] = 9;
  for (const std::size_t size :
       {std::size_t{0}, std::size_t{1}, std::size_t{1024}, std::size_t{2048} + 1,
        std::size_t{1} << 20, (std::size_t{1} << 21) + 1, (std::size_t{3} << 20) + 777,
        data.size()}) {
    for (const std::size_t prefix :
         {std::size_t{0}, std::size_t{1}, std::size_t{1024}, std::size_t{65536} + 3}) {
      if (prefix > size) continue;
      for (const unsigned threads : {0u, 1u, 2u, 3u, 8u}) {
        for (Blake3 mode : {Blake3(), Blake3::keyed(key), Blake3::derive_key("mforge test")}) {
          Blake3 serial = mode;
          serial.update(ByteSpan(data.data(), size));
          Blake3 parallel = mode;
          parallel.update(ByteSpan(data.data(), prefix));
          parallel.update_parallel(ByteSpan(data.data() + prefix, size - prefix), threads);
          ASSERT_EQ(parallel.finalize(), serial.finalize())
              << "size " << size << " prefix " << prefix << " threads " << threads;
        }
      }
    }
  }
}

}  // namespace
}  // namespace merkleforge
