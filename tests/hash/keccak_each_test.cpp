// keccak256_each (merkleforge/hash/keccak.hpp), which the trie's batch hasher and verify_proof use
// to hash nodes of different sizes side by side: under every Keccak kernel, each digest equals
// the one-shot digest on the portable kernel (itself checked against published vectors in
// test_hash), for groups that mix block counts, empty messages and rate boundaries, and for many
// messages in one call (lanes refilled as their messages end).
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "keccak_kernel_scope.hpp"
#include "merkleforge/core/hex.hpp"
#include "merkleforge/hash/keccak.hpp"

namespace merkleforge {
namespace {

Digest32 portable_digest(ByteSpan message) {
  test::KeccakKernelScope portable(Isa::portable);
  return Keccak256::digest(message);
}

TEST(KeccakEach, EmptyMessageIsThePublishedDigest) {
  const ByteSpan empty;
  Digest32 out{};
  test::for_each_keccak_kernel([&] {
    keccak256_each({&empty, 1}, &out);
    EXPECT_EQ(to_hex(out), "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470");
  });
}

TEST(KeccakEach, MixedLengthsMatchOneShotDigests) {
  // Lengths around the 136-byte rate, proof-node sizes (532: a full branch) and random ones.
  std::vector<std::size_t> lengths = {0, 1, 31, 32, 135, 136, 137, 271, 272, 273, 532, 600};
  std::mt19937_64 rng(11);
  for (int i = 0; i < 60; ++i) lengths.push_back(rng() % 700);
  std::vector<Bytes> messages;
  for (const std::size_t length : lengths) {
    Bytes message(length);
    for (auto& byte : message) byte = static_cast<std::uint8_t>(rng());
    messages.push_back(std::move(message));
  }
  std::vector<Digest32> expected;
  for (const Bytes& message : messages) expected.push_back(portable_digest(message));

  test::for_each_keccak_kernel([&] {
    // Every group size from 1 to 9 messages, starting anywhere, so lanes of a group end at
    // different blocks and short groups leave lanes unused.
    for (std::size_t count = 1; count <= 9; ++count) {
      for (std::size_t first = 0; first + count <= messages.size(); first += 5) {
        std::vector<ByteSpan> group(messages.begin() + static_cast<std::ptrdiff_t>(first),
                                    messages.begin() + static_cast<std::ptrdiff_t>(first + count));
        std::vector<Digest32> out(count + 1);
        const Digest32 sentinel = out[count];
        keccak256_each(group, out.data());
        for (std::size_t i = 0; i < count; ++i) {
          ASSERT_EQ(to_hex(out[i]), to_hex(expected[first + i]))
              << "message " << first + i << " (" << lengths[first + i] << " bytes) in a group of "
              << count;
        }
        ASSERT_EQ(out[count], sentinel) << "wrote past the group";
      }
    }
    // All 72 at once: lanes take the next message when theirs ends, so every lane switches
    // messages many times at different blocks.
    std::vector<ByteSpan> all(messages.begin(), messages.end());
    std::vector<Digest32> out(all.size());
    keccak256_each(all, out.data());
    for (std::size_t i = 0; i < all.size(); ++i)
      ASSERT_EQ(to_hex(out[i]), to_hex(expected[i])) << "message " << i << " of all at once";
  });
}

TEST(KeccakEach, RandomGroupsMatchOneShotDigests) {
  // Groups of 0 to 9 messages of 0 to 1000 bytes, a third of them within one byte of a multiple of
  // the rate: lanes start messages in every combination (all at once, some while others are
  // mid-message, the last one alone), which is what the kernel's fresh-lane mask must follow.
  std::mt19937_64 rng(12);
  const auto random_length = [&rng]() -> std::size_t {
    if (rng() % 3 == 0) return (1 + rng() % 7) * 136 + rng() % 3 - 1;  // 135 .. 953
    return rng() % 1001;
  };
  struct Group {
    std::vector<Bytes> messages;
    std::vector<Digest32> expected;
  };
  std::vector<Group> groups(800);
  for (Group& group : groups) {
    group.messages.resize(rng() % 10);
    for (Bytes& message : group.messages) {
      message.resize(random_length());
      for (auto& byte : message) byte = static_cast<std::uint8_t>(rng());
      group.expected.push_back(portable_digest(message));
    }
  }
  test::for_each_keccak_kernel([&] {
    for (std::size_t g = 0; g < groups.size(); ++g) {
      const std::vector<ByteSpan> spans(groups[g].messages.begin(), groups[g].messages.end());
      std::vector<Digest32> out(spans.size() + 1);
      const Digest32 sentinel = out.back();
      keccak256_each(spans, out.data());
      for (std::size_t i = 0; i < spans.size(); ++i) {
        ASSERT_EQ(to_hex(out[i]), to_hex(groups[g].expected[i]))
            << "group " << g << ", message " << i << " (" << spans[i].size() << " bytes)";
      }
      ASSERT_EQ(out.back(), sentinel) << "group " << g << ": wrote past the group";
    }
  });
}

}  // namespace
}  // namespace merkleforge
