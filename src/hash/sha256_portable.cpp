// Portable kernel: the shared round template with one message per "lane".
#include <bit>
#include <cstring>

#include "sha256_rounds.hpp"

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

void finish_portable(const State& state, const std::uint8_t* blocks, std::size_t block_count,
                     std::uint8_t* out) {
  State final_state = state;
  compress_portable(final_state, blocks, block_count);
  for (std::size_t i = 0; i < 8; ++i) store_be32(out + 4 * i, final_state[i]);
}

void hash_lanes_portable(const BatchPlan& plan, const std::uint8_t* const* messages,
                         Digest32* out) {
  ScalarRounds::hash_lanes(plan, messages, out);
}

void hash_pair_portable(const std::uint32_t* prefix_words, const State&, const std::uint8_t* left,
                        const std::uint8_t* right, std::uint8_t* out) {
  std::uint8_t blocks[128] = {};
  for (std::size_t i = 0; i < 4; ++i) store_be32(blocks + 4 * i, prefix_words[i]);
  std::memcpy(blocks + 16, left, 32);
  std::memcpy(blocks + 48, right, 32);
  blocks[80] = 0x80;
  store_be64(blocks + 120, 80 * 8);
  finish_portable(kInitialState, blocks, 2, out);
}

void hash_pairs_portable(const std::uint32_t* prefix_words, const State& after_prefix,
                         const std::array<Digest32, 2>* const* children, std::size_t count,
                         Digest32* const* out) {
  for (std::size_t i = 0; i < count; ++i) {
    hash_pair_portable(prefix_words, after_prefix, (*children[i])[0].data(),
                       (*children[i])[1].data(), out[i]->data());
  }
}

void fold_path_portable(const std::uint32_t* prefix_words, const State& after_prefix,
                        const std::uint8_t* start, const Digest32* siblings, std::size_t count,
                        const std::uint8_t* path, Digest32* nodes, std::uint8_t* out) {
  Digest32 node;
  std::memcpy(node.data(), start, 32);
  for (std::size_t i = count; i-- > 0;) {
    const bool node_on_right = (path[i / 8] >> (7 - i % 8)) & 1;
    const Digest32& left = node_on_right ? siblings[i] : node;
    const Digest32& right = node_on_right ? node : siblings[i];
    Digest32 parent;
    hash_pair_portable(prefix_words, after_prefix, left.data(), right.data(), parent.data());
    node = parent;
    if (nodes != nullptr) nodes[i] = node;
  }
  std::memcpy(out, node.data(), 32);
}

State first_four_rounds(const std::uint32_t* words) {
  std::uint32_t s[8];
  for (std::size_t i = 0; i < 8; ++i) s[i] = kInitialState[i];
  const auto wk = [words](std::size_t t) { return words[t] + kRoundConstants[t]; };
  ScalarRounds::round(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], wk(0));
  ScalarRounds::round(s[7], s[0], s[1], s[2], s[3], s[4], s[5], s[6], wk(1));
  ScalarRounds::round(s[6], s[7], s[0], s[1], s[2], s[3], s[4], s[5], wk(2));
  ScalarRounds::round(s[5], s[6], s[7], s[0], s[1], s[2], s[3], s[4], wk(3));
  // Round t's variable a is s[(8 - t) % 8]: after four rounds a..h are s[4..7], s[0..3].
  return {s[4], s[5], s[6], s[7], s[0], s[1], s[2], s[3]};
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
