// Portable kernel: the shared round template with one message per "lane".
#include <bit>

#include "hash/sha256_rounds.hpp"

namespace merkleforge::sha256_detail {
namespace {

struct ScalarOps {
  using Vec = std::uint32_t;
  static constexpr std::size_t kLanes = 1;

  static Vec set1(std::uint32_t x) { return x; }
  static Vec add(Vec a, Vec b) { return a + b; }
  static Vec xor3(Vec a, Vec b, Vec c) { return a ^ b ^ c; }
  template <int n>
  static Vec rotr(Vec x) {
    return std::rotr(x, n);
  }
  template <int n>
  static Vec shr(Vec x) {
    return x >> n;
  }
  static Vec choose(Vec e, Vec f, Vec g) { return g ^ (e & (f ^ g)); }
  static Vec majority(Vec a, Vec b, Vec c) { return (a & b) | (c & (a | b)); }
  static void load_words(const std::uint8_t* const* blocks, Vec w[16]) {
    for (std::size_t t = 0; t < 16; ++t) w[t] = load_be32(blocks[0] + 4 * t);
  }
  static void store_lanes(Vec v, std::uint32_t lanes[1]) { lanes[0] = v; }
};

using ScalarRounds = Rounds<ScalarOps>;

}  // namespace

void compress_portable(State& state, const std::uint8_t* blocks, std::size_t block_count) {
  for (; block_count > 0; --block_count, blocks += 64) {
    std::uint32_t w[16];
    ScalarOps::load_words(&blocks, w);
    ScalarRounds::compress_words(state.data(), w);
  }
}

void hash_lanes_portable(const BatchPlan& plan, const std::uint8_t* const* messages,
                         Digest32* out) {
  ScalarRounds::hash_lanes(plan, messages, out);
}

Schedule expand_schedule(const std::uint8_t* block) {
  Schedule schedule;
  std::uint32_t w[16];
  ScalarOps::load_words(&block, w);
  for (std::size_t t = 0; t < 64; ++t) {
    if (t >= 16) {
      w[t % 16] += ScalarRounds::small_sigma1(w[(t - 2) % 16]) + w[(t - 7) % 16] +
                   ScalarRounds::small_sigma0(w[(t - 15) % 16]);
    }
    schedule[t] = w[t % 16] + kRoundConstants[t];
  }
  return schedule;
}

}  // namespace merkleforge::sha256_detail
