// hash_many across SIMD lanes: lane i of every vector belongs to input i, so one vector operation
// advances kLanes compressions. Included only by the instruction-set files (blake3_sse41.cpp,
// ...), each instantiating it with a file-local traits type that supplies the vector type and its
// operations:
//
//   Vec, kLanes                          vector of kLanes 32-bit words
//   add, bitxor, set1, load              arithmetic; load reads kLanes words from memory
//   rotr16, rotr12, rotr8, rotr7         per-lane rotate right
//   load_message(inputs, offset, m)      m[w] = word w of the block at inputs[i] + offset, lane i
//   store_cvs(h, out)                    writes lane i's 8 words h[0..7] to out + 32 i
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>

#include "blake3_kernel.hpp"

namespace merkleforge::blake3 {

template <class L>
[[gnu::always_inline]] inline void g_lanes(typename L::Vec v[16], std::size_t a, std::size_t b,
                                           std::size_t c, std::size_t d, typename L::Vec mx,
                                           typename L::Vec my) {
  v[a] = L::add(L::add(v[a], v[b]), mx);
  v[d] = L::rotr16(L::bitxor(v[d], v[a]));
  v[c] = L::add(v[c], v[d]);
  v[b] = L::rotr12(L::bitxor(v[b], v[c]));
  v[a] = L::add(L::add(v[a], v[b]), my);
  v[d] = L::rotr8(L::bitxor(v[d], v[a]));
  v[c] = L::add(v[c], v[d]);
  v[b] = L::rotr7(L::bitxor(v[b], v[c]));
}

template <class L, std::size_t R>
[[gnu::always_inline]] inline void round_lanes(typename L::Vec v[16], const typename L::Vec m[16]) {
  constexpr auto& s = kMsgSchedule[R];
  g_lanes<L>(v, 0, 4, 8, 12, m[s[0]], m[s[1]]);
  g_lanes<L>(v, 1, 5, 9, 13, m[s[2]], m[s[3]]);
  g_lanes<L>(v, 2, 6, 10, 14, m[s[4]], m[s[5]]);
  g_lanes<L>(v, 3, 7, 11, 15, m[s[6]], m[s[7]]);
  g_lanes<L>(v, 0, 5, 10, 15, m[s[8]], m[s[9]]);
  g_lanes<L>(v, 1, 6, 11, 12, m[s[10]], m[s[11]]);
  g_lanes<L>(v, 2, 7, 8, 13, m[s[12]], m[s[13]]);
  g_lanes<L>(v, 3, 4, 9, 14, m[s[14]], m[s[15]]);
}

/// Hashes exactly L::kLanes inputs, input i with block counter counter + i (or counter).
template <class L>
void hash_lanes(const std::uint8_t* const* inputs, std::size_t blocks, const ManyParams& p,
                std::uint64_t counter, std::uint8_t* out) {
  using Vec = typename L::Vec;
  alignas(64) std::uint32_t counter_lo[L::kLanes];
  alignas(64) std::uint32_t counter_hi[L::kLanes];
  for (std::size_t i = 0; i < L::kLanes; ++i) {
    const std::uint64_t c = counter + (p.increment_counter ? i : 0);
    counter_lo[i] = static_cast<std::uint32_t>(c);
    counter_hi[i] = static_cast<std::uint32_t>(c >> 32);
  }
  Vec h[8];
  for (std::size_t i = 0; i < 8; ++i) h[i] = L::set1(p.key[i]);
  for (std::size_t b = 0; b < blocks; ++b) {
    const bool last = b + 1 == blocks;
    const auto flags = static_cast<std::uint32_t>(p.flags | (b == 0 ? p.flags_start : 0) |
                                                  (last ? p.flags_end : 0));
    const std::uint32_t block_len = last ? p.last_block_len : kBlockLen;
    Vec m[16];
    L::load_message(inputs, b * kBlockLen, m);
    Vec v[16] = {h[0],
                 h[1],
                 h[2],
                 h[3],
                 h[4],
                 h[5],
                 h[6],
                 h[7],
                 L::set1(kIv[0]),
                 L::set1(kIv[1]),
                 L::set1(kIv[2]),
                 L::set1(kIv[3]),
                 L::load(counter_lo),
                 L::load(counter_hi),
                 L::set1(block_len),
                 L::set1(flags)};
    [&]<std::size_t... R>(std::index_sequence<R...>) {
      (round_lanes<L, R>(v, m), ...);
    }
    (std::make_index_sequence<7>{});
    for (std::size_t i = 0; i < 8; ++i) h[i] = L::bitxor(v[i], v[i + 8]);
  }
  L::store_cvs(h, out);
}

/// Kernel hash_many: groups of L::kLanes inputs across the lanes, the rest through `narrower`.
template <class L>
void hash_many_lanes(const std::uint8_t* const* inputs, std::size_t count, std::size_t blocks,
                     const ManyParams& params, std::uint8_t* out, HashManyFn narrower) {
  std::uint64_t counter = params.counter;
  while (count >= L::kLanes) {
    hash_lanes<L>(inputs, blocks, params, counter, out);
    inputs += L::kLanes;
    count -= L::kLanes;
    out += L::kLanes * kOutLen;
    if (params.increment_counter) counter += L::kLanes;
  }
  if (count == 0) return;
  ManyParams rest = params;
  rest.counter = counter;
  narrower(inputs, count, blocks, rest, out);
}

}  // namespace merkleforge::blake3
