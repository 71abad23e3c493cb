// The 64 SHA-256 rounds written once for any "lane" type: a scalar (one message, the portable
// kernel) or a SIMD vector holding the same word of several independent messages (AVX2: 8,
// AVX-512: 16). An Ops type supplies the lane arithmetic:
//
//   using Vec;  static constexpr std::size_t kLanes;
//   Vec set1(uint32_t); Vec add(Vec, Vec); Vec xor3(Vec, Vec, Vec);
//   template <int n> Vec rotr(Vec); template <int n> Vec shr(Vec);
//   Vec choose(e, f, g)  = (e & f) ^ (~e & g);   Vec majority(a, b, c);
//   void load_words(const uint8_t* const* blocks, Vec w[16])   big-endian words, lane i = blocks[i]
//   void store_lanes(Vec v, uint32_t lanes[kLanes])
//
// Included only by kernel files, which instantiate it with their ISA's flags.
#pragma once

#include "sha256_batch_plan.hpp"

namespace merkleforge::sha256_detail {

template <class Ops>
struct Rounds {
  using Vec = typename Ops::Vec;

  static Vec big_sigma0(Vec x) {
    return Ops::xor3(Ops::template rotr<2>(x), Ops::template rotr<13>(x),
                     Ops::template rotr<22>(x));
  }
  static Vec big_sigma1(Vec x) {
    return Ops::xor3(Ops::template rotr<6>(x), Ops::template rotr<11>(x),
                     Ops::template rotr<25>(x));
  }
  static Vec small_sigma0(Vec x) {
    return Ops::xor3(Ops::template rotr<7>(x), Ops::template rotr<18>(x), Ops::template shr<3>(x));
  }
  static Vec small_sigma1(Vec x) {
    return Ops::xor3(Ops::template rotr<17>(x), Ops::template rotr<19>(x),
                     Ops::template shr<10>(x));
  }

  /// One round with the rotating variables passed in their round-specific order: only d and h
  /// change, the caller rotates the names instead of moving values.
  static void round(Vec a, Vec b, Vec c, Vec& d, Vec e, Vec f, Vec g, Vec& h, Vec wk) {
    const Vec t1 = Ops::add(Ops::add(h, wk), Ops::add(big_sigma1(e), Ops::choose(e, f, g)));
    d = Ops::add(d, t1);
    h = Ops::add(t1, Ops::add(big_sigma0(a), Ops::majority(a, b, c)));
  }

  /// Eight rounds starting at round t; wk(i) yields W[i] + K[i].
  template <class WK>
  static void eight_rounds(Vec s[8], std::size_t t, WK&& wk) {
    round(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], wk(t + 0));
    round(s[7], s[0], s[1], s[2], s[3], s[4], s[5], s[6], wk(t + 1));
    round(s[6], s[7], s[0], s[1], s[2], s[3], s[4], s[5], wk(t + 2));
    round(s[5], s[6], s[7], s[0], s[1], s[2], s[3], s[4], wk(t + 3));
    round(s[4], s[5], s[6], s[7], s[0], s[1], s[2], s[3], wk(t + 4));
    round(s[3], s[4], s[5], s[6], s[7], s[0], s[1], s[2], wk(t + 5));
    round(s[2], s[3], s[4], s[5], s[6], s[7], s[0], s[1], wk(t + 6));
    round(s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[0], wk(t + 7));
  }

  static void feed_forward(Vec state[8], const Vec s[8]) {
    for (std::size_t i = 0; i < 8; ++i) state[i] = Ops::add(state[i], s[i]);
  }

  /// Compresses one block given as 16 message words (consumed as schedule storage).
  static void compress_words(Vec state[8], Vec w[16]) {
    Vec s[8];
    for (std::size_t i = 0; i < 8; ++i) s[i] = state[i];
    auto wk = [w](std::size_t t) {
      if (t >= 16) {
        w[t % 16] = Ops::add(Ops::add(small_sigma1(w[(t - 2) % 16]), w[(t - 7) % 16]),
                             Ops::add(small_sigma0(w[(t - 15) % 16]), w[t % 16]));
      }
      return Ops::add(w[t % 16], Ops::set1(kRoundConstants[t]));
    };
    for (std::size_t t = 0; t < 64; t += 8) eight_rounds(s, t, wk);
    feed_forward(state, s);
  }

  /// Compresses a block whose schedule (with constants) is known in advance, same in every lane.
  static void compress_schedule(Vec state[8], const Schedule& schedule) {
    Vec s[8];
    for (std::size_t i = 0; i < 8; ++i) s[i] = state[i];
    auto wk = [&schedule](std::size_t t) { return Ops::set1(schedule[t]); };
    for (std::size_t t = 0; t < 64; t += 8) eight_rounds(s, t, wk);
    feed_forward(state, s);
  }

  /// Lane kernel: hashes Ops::kLanes messages of `plan`.
  static void hash_lanes(const BatchPlan& plan, const std::uint8_t* const* messages,
                         Digest32* out) {
    constexpr std::size_t kLanes = Ops::kLanes;
    Vec state[8];
    for (std::size_t i = 0; i < 8; ++i) state[i] = Ops::set1(plan.start_state()[i]);
    alignas(64) std::uint8_t scratch[kLanes][64];
    for (std::size_t j = 0; j < plan.block_count(); ++j) {
      if (plan.is_constant_block(j)) {
        compress_schedule(state, plan.constant_schedule());
        continue;
      }
      const std::uint8_t* blocks[kLanes];
      for (std::size_t lane = 0; lane < kLanes; ++lane)
        blocks[lane] = plan.block(j, messages[lane], scratch[lane]);
      Vec w[16];
      Ops::load_words(blocks, w);
      compress_words(state, w);
    }
    std::uint32_t words[8][kLanes];
    for (std::size_t i = 0; i < 8; ++i) Ops::store_lanes(state[i], words[i]);
    for (std::size_t lane = 0; lane < kLanes; ++lane) {
      for (std::size_t i = 0; i < 8; ++i) store_be32(out[lane].data() + 4 * i, words[i][lane]);
    }
  }
};

}  // namespace merkleforge::sha256_detail
