// Portable BLAKE3 compression: the reference for every SIMD kernel.
#include "blake3_kernel.hpp"

namespace merkleforge::blake3 {
namespace {

inline std::uint32_t rotr(std::uint32_t x, int n) noexcept {
  return (x >> n) | (x << (32 - n));
}

inline void g(std::uint32_t v[16], int a, int b, int c, int d, std::uint32_t mx,
              std::uint32_t my) noexcept {
  v[a] = v[a] + v[b] + mx;
  v[d] = rotr(v[d] ^ v[a], 16);
  v[c] = v[c] + v[d];
  v[b] = rotr(v[b] ^ v[c], 12);
  v[a] = v[a] + v[b] + my;
  v[d] = rotr(v[d] ^ v[a], 8);
  v[c] = v[c] + v[d];
  v[b] = rotr(v[b] ^ v[c], 7);
}

inline void round_function(std::uint32_t v[16], const std::uint32_t m[16],
                           const std::array<std::uint8_t, 16>& s) noexcept {
  // Columns, then diagonals.
  g(v, 0, 4, 8, 12, m[s[0]], m[s[1]]);
  g(v, 1, 5, 9, 13, m[s[2]], m[s[3]]);
  g(v, 2, 6, 10, 14, m[s[4]], m[s[5]]);
  g(v, 3, 7, 11, 15, m[s[6]], m[s[7]]);
  g(v, 0, 5, 10, 15, m[s[8]], m[s[9]]);
  g(v, 1, 6, 11, 12, m[s[10]], m[s[11]]);
  g(v, 2, 7, 8, 13, m[s[12]], m[s[13]]);
  g(v, 3, 4, 9, 14, m[s[14]], m[s[15]]);
}

/// The 16-word state after the 7 rounds, before the output feed-forward.
void compress_rounds(std::uint32_t v[16], const std::uint32_t cv[8],
                     const std::uint8_t block[kBlockLen], std::uint8_t block_len,
                     std::uint64_t counter, std::uint8_t flags) noexcept {
  std::uint32_t m[16];
  for (std::size_t i = 0; i < 16; ++i) m[i] = load_le32(block + 4 * i);
  for (std::size_t i = 0; i < 8; ++i) v[i] = cv[i];
  for (std::size_t i = 0; i < 4; ++i) v[8 + i] = kIv[i];
  v[12] = static_cast<std::uint32_t>(counter);
  v[13] = static_cast<std::uint32_t>(counter >> 32);
  v[14] = block_len;
  v[15] = flags;
  for (const auto& schedule : kMsgSchedule) round_function(v, m, schedule);
}

}  // namespace

void compress_in_place_portable(std::uint32_t cv[8], const std::uint8_t block[kBlockLen],
                                std::uint8_t block_len, std::uint64_t counter, std::uint8_t flags) {
  std::uint32_t v[16];
  compress_rounds(v, cv, block, block_len, counter, flags);
  for (std::size_t i = 0; i < 8; ++i) cv[i] = v[i] ^ v[i + 8];
}

void compress_xof_portable(const std::uint32_t cv[8], const std::uint8_t block[kBlockLen],
                           std::uint8_t block_len, std::uint64_t counter, std::uint8_t flags,
                           std::uint8_t out[2 * kOutLen]) {
  std::uint32_t v[16];
  compress_rounds(v, cv, block, block_len, counter, flags);
  for (std::size_t i = 0; i < 8; ++i) {
    store_le32(out + 4 * i, v[i] ^ v[i + 8]);
    store_le32(out + 32 + 4 * i, v[i + 8] ^ cv[i]);
  }
}

void hash_many_portable(const std::uint8_t* const* inputs, std::size_t count, std::size_t blocks,
                        const ManyParams& params, std::uint8_t* out) {
  for (std::size_t i = 0; i < count; ++i) {
    std::uint32_t cv[8];
    for (std::size_t w = 0; w < 8; ++w) cv[w] = params.key[w];
    const std::uint64_t counter = params.counter + (params.increment_counter ? i : 0);
    for (std::size_t b = 0; b < blocks; ++b) {
      const bool last = b + 1 == blocks;
      const auto flags = static_cast<std::uint8_t>(
          params.flags | (b == 0 ? params.flags_start : 0) | (last ? params.flags_end : 0));
      const auto block_len = last ? params.last_block_len : static_cast<std::uint8_t>(kBlockLen);
      compress_in_place_portable(cv, inputs[i] + b * kBlockLen, block_len, counter, flags);
    }
    store_cv(out + i * kOutLen, cv);
  }
}

}  // namespace merkleforge::blake3
