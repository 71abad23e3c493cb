// Grøstl-256 against the published known answers in tests/vectors/binius/groestl256_kats.json:
// the submission's ShortMsgKAT_256 (byte-aligned lengths 0…255 bytes, via RustCrypto), Binius v0's
// permutation and hash tests, a 4,288-byte message (ironclad), and derived regression points.
#include "merkleforge/hash/groestl256.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>

#include "merkleforge/core/hex.hpp"
#include "support/vectors.hpp"

namespace merkleforge {
namespace {

using test::kat_message;

using test::hex_bytes;
using test::load_vectors;

/// Runs `check` once with every kernel this CPU has active (restoring the start-up one after), so
/// each kernel meets the published answers on its own.
template <class F>
void for_each_kernel(F&& check) {
  const Isa before = Groestl256::active_kernel();
  for (Isa isa : Groestl256::available_kernels()) {
    ASSERT_TRUE(Groestl256::set_kernel(isa).ok());
    SCOPED_TRACE(std::string("kernel ") + std::string(isa_name(isa)));
    check();
  }
  ASSERT_TRUE(Groestl256::set_kernel(before).ok());
}

// hash_many on every kernel equals the portable one-shot digest of prefix ‖ message, for message
// lengths around the padding boundaries, past the two-message path's 8 blocks, odd and even
// counts (a lone last message).
TEST(Groestl256Kernels, HashManyAgreesWithPortableDigests) {
  std::mt19937_64 rng(8);
  const Isa before = Groestl256::active_kernel();
  for (std::size_t prefix_size : {0, 1, 3}) {
    for (std::size_t size : {0, 1, 54, 55, 56, 64, 119, 120, 503, 504, 600}) {
      for (std::size_t count : {1, 2, 5}) {
        Bytes prefix(prefix_size), messages(size * count);
        for (auto& byte : prefix) byte = static_cast<std::uint8_t>(rng());
        for (auto& byte : messages) byte = static_cast<std::uint8_t>(rng());
        ASSERT_TRUE(Groestl256::set_kernel(Isa::portable).ok());
        std::vector<Digest32> expected(count);
        for (std::size_t i = 0; i < count; ++i) {
          Bytes whole = prefix;
          whole.insert(whole.end(), messages.begin() + static_cast<std::ptrdiff_t>(i * size),
                       messages.begin() + static_cast<std::ptrdiff_t>((i + 1) * size));
          expected[i] = Groestl256::digest(whole);
        }
        for (Isa isa : Groestl256::available_kernels()) {
          ASSERT_TRUE(Groestl256::set_kernel(isa).ok());
          std::vector<Digest32> out(count);
          Groestl256::hash_many(prefix, messages.empty() ? nullptr : messages.data(), size, count,
                                out.data());
          EXPECT_EQ(out, expected) << isa_name(isa) << " prefix " << prefix_size << " size " << size
                                   << " count " << count;
        }
      }
    }
  }
  ASSERT_TRUE(Groestl256::set_kernel(before).ok());
}

const nlohmann::json& kats() {
  static const nlohmann::json vectors = load_vectors("binius/groestl256_kats.json");
  return vectors;
}

GroestlState state_of(const std::string& hex) {
  const Bytes bytes = hex_bytes(hex);
  GroestlState state{};
  if (bytes.size() != state.size()) throw std::runtime_error("not a 64-byte state: " + hex);
  std::copy(bytes.begin(), bytes.end(), state.begin());
  return state;
}

/// Feeds `message` through update() in pieces of random sizes (empty ones included).
Digest32 digest_in_pieces(ByteSpan message, std::mt19937_64& rng) {
  Groestl256 hasher;
  std::size_t at = 0;
  while (at < message.size()) {
    const std::size_t piece = std::min<std::size_t>(message.size() - at, rng() % 150);
    hasher.update(message.subspan(at, piece));
    at += piece;
  }
  return hasher.finalize();
}

void expect_digest(const Bytes& message, const std::string& expected_hex,
                   const std::string& label) {
  static std::mt19937_64 rng(20261201);
  EXPECT_EQ(to_hex(Groestl256::digest(message)), expected_hex) << label << " (one-shot)";
  EXPECT_EQ(to_hex(digest_in_pieces(message, rng)), expected_hex) << label << " (incremental)";
}

TEST(Groestl256, PermutationsPAndQ) {
  for_each_kernel([&] {
    const auto& entries = kats().at("permutation_kats");
    ASSERT_EQ(entries.size(), 14u);
    for (const auto& entry : entries) {
      GroestlState state = state_of(entry.at("input").get<std::string>());
      if (entry.at("perm") == "P") {
        groestl256_p(state);
      } else {
        groestl256_q(state);
      }
      EXPECT_EQ(to_hex(state), entry.at("output").get<std::string>())
          << entry.at("name").get<std::string>();
    }
  });
}

TEST(Groestl256, CompressionAndOutputTransform) {
  for_each_kernel([&] {
    const auto& entries = kats().at("compression_kats");
    ASSERT_EQ(entries.size(), 8u);
    for (const auto& entry : entries) {
      const std::string function = entry.at("function").get<std::string>();
      const std::string expected = entry.at("output").get<std::string>();
      const std::string name = entry.at("name").get<std::string>();
      if (function == "f") {
        GroestlState chaining = state_of(entry.at("h").get<std::string>());
        groestl256_compress(chaining, state_of(entry.at("m").get<std::string>()));
        EXPECT_EQ(to_hex(chaining), expected) << name;
        continue;
      }
      const std::string pair =
          entry.at("left").get<std::string>() + entry.at("right").get<std::string>();
      if (function == "output_transform_pair") {
        EXPECT_EQ(to_hex(groestl256_output_transform(state_of(pair))), expected) << name;
      } else {
        ASSERT_EQ(function, "groestl256_of_concatenation") << name;
        EXPECT_EQ(to_hex(Groestl256::digest(hex_bytes(pair))), expected) << name;
      }
    }
  });
}

// The empty message is one padded block: f(IV, 80 00 … 00 01), then Ω. The published empty
// digest therefore checks compress and output_transform chained by hand against the hash.
TEST(Groestl256, EmptyMessageIsOneCompressionThenOutputTransform) {
  for_each_kernel([&] {
    GroestlState chaining{};
    chaining[62] = 0x01;  // IV: 256 as a big-endian integer ending the state
    GroestlState block{};
    block[0] = 0x80;
    block[63] = 0x01;  // one block in all
    groestl256_compress(chaining, block);
    EXPECT_EQ(to_hex(groestl256_output_transform(chaining)),
              "1a52d11d550039be16107f9c58db9ebcc417f16f736adb2502567119f0083467");
  });
}

TEST(Groestl256, PublishedHashes) {
  for_each_kernel([&] {
    const auto& entries = kats().at("hash_kats");
    ASSERT_EQ(entries.size(), 15u);
    for (const auto& entry : entries) {
      expect_digest(kat_message(entry), entry.at("digest").get<std::string>(),
                    entry.at("name").get<std::string>());
    }
  });
}

TEST(Groestl256, SubmissionShortMsgKat) {
  for_each_kernel([&] {
    const auto& entries = kats().at("shortmsg_kat");
    ASSERT_EQ(entries.size(), 256u);
    for (const auto& entry : entries) {
      const Bytes message = hex_bytes(entry.at("msg_hex").get<std::string>());
      ASSERT_EQ(message.size() * 8, entry.at("len_bits").get<std::size_t>());
      expect_digest(message, entry.at("digest").get<std::string>(),
                    "len_bits " + std::to_string(message.size() * 8));
    }
  });
}

TEST(Groestl256, PaddingBoundaryRegressionPoints) {
  for_each_kernel([&] {
    const auto& entries = kats().at("derived_hash_boundaries").at("entries");
    ASSERT_EQ(entries.size(), 7u);
    for (const auto& entry : entries) {
      const Bytes message = hex_bytes(entry.at("msg_hex").get<std::string>());
      expect_digest(message, entry.at("digest").get<std::string>(),
                    std::to_string(message.size()) + " bytes");
    }
  });
}

TEST(Groestl256, HashManyEqualsDigestOfPrefixedMessages) {
  for_each_kernel([&] {
    const Bytes prefix = {0x01, 0x02, 0x03};
    Bytes messages(5 * 61);
    for (std::size_t i = 0; i < messages.size(); ++i)
      messages[i] = static_cast<std::uint8_t>(i * 7);
    std::array<Digest32, 5> out{};
    Groestl256::hash_many(prefix, messages.data(), 61, out.size(), out.data());
    for (std::size_t i = 0; i < out.size(); ++i) {
      Bytes whole = prefix;
      whole.insert(whole.end(), messages.begin() + static_cast<std::ptrdiff_t>(61 * i),
                   messages.begin() + static_cast<std::ptrdiff_t>(61 * (i + 1)));
      EXPECT_EQ(out[i], Groestl256::digest(whole)) << i;
    }
    Groestl256::hash_many({}, nullptr, 0, 0, out.data());  // nothing to do, nothing read
  });
}

TEST(Groestl256Kernels, AvailabilityFollowsTheCpuAndOtherFamiliesAreRefused) {
  const std::vector<Isa> available = Groestl256::available_kernels();
  ASSERT_FALSE(available.empty());
  EXPECT_EQ(available.front(), Isa::portable);
  for (Isa isa : {Isa::aesni, Isa::vaes}) {
    EXPECT_EQ(std::count(available.begin(), available.end(), isa), cpu_supports(isa) ? 1 : 0)
        << isa_name(isa);
  }
  EXPECT_NE(std::find(available.begin(), available.end(), Groestl256::active_kernel()),
            available.end());
  const Isa before = Groestl256::active_kernel();
  for (Isa isa : {Isa::sse41, Isa::avx2, Isa::shani, Isa::avx512}) {
    const Status status = Groestl256::set_kernel(isa);
    ASSERT_FALSE(status.ok()) << isa_name(isa);
    EXPECT_EQ(status.error().code, Errc::unsupported);
  }
  EXPECT_EQ(Groestl256::active_kernel(), before);
}

// Long inputs and many blocks per compress call: the kernels agree with each other on random
// messages of every length up to 700 bytes (the published answers cover the rest).
TEST(Groestl256Kernels, KernelsAgreeOnRandomMessages) {
  std::mt19937_64 rng(7);
  Bytes message(700);
  for (auto& byte : message) byte = static_cast<std::uint8_t>(rng());
  const Isa before = Groestl256::active_kernel();
  ASSERT_TRUE(Groestl256::set_kernel(Isa::portable).ok());
  std::vector<Digest32> reference;
  for (std::size_t n = 0; n <= message.size(); ++n) {
    reference.push_back(Groestl256::digest(ByteSpan(message).first(n)));
  }
  for (Isa isa : Groestl256::available_kernels()) {
    ASSERT_TRUE(Groestl256::set_kernel(isa).ok());
    for (std::size_t n = 0; n <= message.size(); ++n) {
      ASSERT_EQ(Groestl256::digest(ByteSpan(message).first(n)), reference[n])
          << isa_name(isa) << " " << n;
    }
  }
  ASSERT_TRUE(Groestl256::set_kernel(before).ok());
}

}  // namespace
}  // namespace merkleforge
