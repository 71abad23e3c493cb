// The AVX-512 Keccak kernels run on a scalar model of the AVX-512 intrinsics they use, so their
// lane bookkeeping (permutation indices, ternary-logic tables, rotation counts, transposes) is
// checked on every machine, including CPUs without AVX-512 where the real kernels cannot run
// (KeccakDifferential runs them natively wherever the CPU has AVX-512). The model follows the
// intrinsics' definitions in the Intel Intrinsics Guide; it is written independently of the
// kernels.
#include <gtest/gtest.h>
#include <immintrin.h>  // first, so the kernel source's own #include of it is a no-op inside the model
#include <openssl/evp.h>

#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include "../../src/hash/keccak_batch.hpp"
#include "../../src/hash/keccak_kernel.hpp"
#include "../../src/hash/keccak_round.hpp"
#include "merkleforge/core/hex.hpp"

// Some of these are macros in GCC's headers; the model's functions must not be rewritten by them.
#undef _mm512_ternarylogic_epi64
#undef _mm512_maskz_rol_epi64

namespace avx512_model {

struct __m512i {
  std::uint64_t q[8];
};
using __mmask8 = std::uint8_t;

inline __m512i map(__m512i a, auto f) {
  for (std::uint64_t& word : a.q) word = f(word);
  return a;
}
inline __m512i zero_unselected(__mmask8 k, __m512i a) {
  for (int i = 0; i < 8; ++i) {
    if (((k >> i) & 1) == 0) a.q[i] = 0;
  }
  return a;
}
inline std::uint64_t rotl64(std::uint64_t x, std::uint64_t n) {
  n &= 63;
  return n == 0 ? x : (x << n) | (x >> (64 - n));
}

inline __m512i _mm512_xor_si512(__m512i a, __m512i b) {
  for (int i = 0; i < 8; ++i) a.q[i] ^= b.q[i];
  return a;
}
// Bit j of the result is bit ((a_j << 2) | (b_j << 1) | c_j) of imm.
inline __m512i _mm512_ternarylogic_epi64(__m512i a, __m512i b, __m512i c, int imm) {
  __m512i r{};
  for (int i = 0; i < 8; ++i) {
    for (int j = 0; j < 64; ++j) {
      const unsigned index = static_cast<unsigned>(((a.q[i] >> j) & 1) << 2 |
                                                   ((b.q[i] >> j) & 1) << 1 | ((c.q[i] >> j) & 1));
      r.q[i] |= std::uint64_t{(static_cast<unsigned>(imm) >> index) & 1u} << j;
    }
  }
  return r;
}
inline __m512i _mm512_maskz_rol_epi64(__mmask8 k, __m512i a, int n) {
  return zero_unselected(
      k, map(a, [n](std::uint64_t x) { return rotl64(x, static_cast<std::uint64_t>(n)); }));
}
inline __m512i _mm512_set1_epi64(long long x) {
  __m512i r;
  for (std::uint64_t& word : r.q) word = static_cast<std::uint64_t>(x);
  return r;
}
inline __m512i _mm512_loadu_si512(const void* p) {
  __m512i r;
  std::memcpy(r.q, p, sizeof r.q);
  return r;
}
inline void _mm512_storeu_si512(void* p, __m512i a) {
  std::memcpy(p, a.q, sizeof a.q);
}
// The kernel source, compiled against the model (its names resolve to the model first).
using namespace ::merkleforge::detail::keccak;
#include "../../src/hash/keccak_avx512.cpp"

}  // namespace avx512_model

namespace merkleforge {
namespace {

namespace keccak = detail::keccak;
namespace model = avx512_model::merkleforge::detail::keccak;

std::vector<std::uint64_t> random_words(std::mt19937_64& rng, std::size_t count) {
  std::vector<std::uint64_t> words(count);
  for (auto& word : words) word = rng();
  return words;
}

TEST(KeccakAvx512Model, EightLaneAbsorbMatchesPortable) {
  constexpr std::size_t kLanes = 8;
  std::mt19937_64 rng(6);
  for (int trial = 0; trial < 5; ++trial) {
    std::vector<std::uint64_t> states = random_words(rng, keccak::kStateWords * kLanes);
    std::vector<std::uint8_t> bytes(keccak::kRateWords * 8 * kLanes);
    for (auto& byte : bytes) byte = static_cast<std::uint8_t>(rng());
    const std::uint8_t* blocks[kLanes];
    for (std::size_t lane = 0; lane < kLanes; ++lane)
      blocks[lane] = bytes.data() + lane * keccak::kRateWords * 8;
    std::vector<std::uint64_t> expected = states;
    for (std::size_t lane = 0; lane < kLanes; ++lane) {
      std::uint64_t one[keccak::kStateWords];
      for (std::size_t w = 0; w < keccak::kStateWords; ++w) {
        // Word w of a block is its bytes 8w..8w+7, least significant first; the capacity
        // words take nothing from the block.
        std::uint64_t word = 0;
        if (w < keccak::kRateWords) {
          for (std::size_t k = 0; k < 8; ++k)
            word |= std::uint64_t{blocks[lane][8 * w + k]} << (8 * k);
        }
        one[w] = states[w * kLanes + lane] ^ word;
      }
      keccak::permute_portable(one);
      for (std::size_t w = 0; w < keccak::kStateWords; ++w) expected[w * kLanes + lane] = one[w];
    }
    model::absorb_lanes_avx512(states.data(), blocks);
    ASSERT_EQ(states, expected) << "trial " << trial;
  }
}

TEST(KeccakAvx512Model, HashManyThroughModelKernelMatchesOpenSsl) {
  // Single states take the portable permutation here (the real kernel's, BMI2, needs the CPU).
  const keccak::Kernel kernel{Isa::avx512, "portable", keccak::permute_portable,
                              keccak::absorb_clearing_fresh_lanes<model::absorb_lanes_avx512, 8>,
                              8};
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 12; ++trial) {
    const std::size_t count = rng() % 20;
    const std::size_t prefix_size = rng() % 150;
    const std::size_t message_size = rng() % 300;
    Bytes prefix(prefix_size), messages(count * message_size);
    for (auto& byte : prefix) byte = static_cast<std::uint8_t>(rng());
    for (auto& byte : messages) byte = static_cast<std::uint8_t>(rng());
    std::vector<Digest32> out(count);
    keccak::hash_many_lanes(kernel, 0x06, prefix, messages.data(), message_size, count, out.data());
    for (std::size_t i = 0; i < count; ++i) {
      Bytes input = prefix;
      input.insert(input.end(), messages.begin() + static_cast<std::ptrdiff_t>(i * message_size),
                   messages.begin() + static_cast<std::ptrdiff_t>((i + 1) * message_size));
      Digest32 expected{};
      ASSERT_EQ(
          EVP_Digest(input.data(), input.size(), expected.data(), nullptr, EVP_sha3_256(), nullptr),
          1);
      ASSERT_EQ(to_hex(out[i]), to_hex(expected)) << "message " << i << " of " << count;
    }
  }
}

}  // namespace
}  // namespace merkleforge
