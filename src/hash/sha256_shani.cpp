// SHA-NI kernel: the SHA extensions run four rounds per instruction pair. One message stream is
// latency-bound (each sha256rnds2 waits for the previous one), so the batch kernels interleave
// independent streams to keep the unit busy; the same code serves 1 and N streams.
#include <immintrin.h>

#include "sha256_batch_plan.hpp"

namespace merkleforge::sha256_detail {
namespace {

/// The state as the SHA instructions want it: words (A, B, E, F) and (C, D, G, H).
struct ShaniState {
  __m128i abef;
  __m128i cdgh;
};

ShaniState to_shani(const State& state) {
  const __m128i dcba = _mm_loadu_si128(reinterpret_cast<const __m128i*>(state.data()));
  const __m128i hgfe = _mm_loadu_si128(reinterpret_cast<const __m128i*>(state.data() + 4));
  const __m128i cdab = _mm_shuffle_epi32(dcba, 0xB1);
  const __m128i efgh = _mm_shuffle_epi32(hgfe, 0x1B);
  return {_mm_alignr_epi8(cdab, efgh, 8), _mm_blend_epi16(efgh, cdab, 0xF0)};
}

/// Back to words A..H in order, as two vectors (A..D, E..H).
void from_shani(const ShaniState& s, __m128i& dcba, __m128i& hgfe) {
  const __m128i feba = _mm_shuffle_epi32(s.abef, 0x1B);
  const __m128i dchg = _mm_shuffle_epi32(s.cdgh, 0xB1);
  dcba = _mm_blend_epi16(feba, dchg, 0xF0);
  hgfe = _mm_alignr_epi8(dchg, feba, 8);
}

const __m128i kByteSwap32 = _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL);

void four_rounds(ShaniState& s, __m128i wk) {
  s.cdgh = _mm_sha256rnds2_epu32(s.cdgh, s.abef, wk);
  s.abef = _mm_sha256rnds2_epu32(s.abef, s.cdgh, _mm_shuffle_epi32(wk, 0x0E));
}

__m128i round_constants(std::size_t group) {
  return _mm_loadu_si128(reinterpret_cast<const __m128i*>(kRoundConstants.data() + 4 * group));
}

/// Big-endian message words 4k .. 4k+3 at `bytes`.
__m128i load_words(const std::uint8_t* bytes) {
  return _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(bytes)), kByteSwap32);
}

/// Rounds 4 * first_group .. 63 of one block per stream, whose message words W[0..15] are w[n]
/// (used as the ring of the schedule). No feed-forward: the caller adds the block's start state.
template <std::size_t N>
inline __attribute__((always_inline)) void rounds_from(ShaniState (&s)[N], __m128i (&w)[N][4],
                                                       std::size_t first_group) {
#pragma GCC unroll 16
  for (std::size_t g = 0; g < 16; ++g) {
    const __m128i k = round_constants(g);
    for (std::size_t n = 0; n < N; ++n) {
      __m128i* ring = w[n];
      if (g >= 4) {  // W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16], four at a time
        const __m128i w_minus_7 = _mm_alignr_epi8(ring[(g + 3) % 4], ring[(g + 2) % 4], 4);
        ring[g % 4] = _mm_sha256msg2_epu32(
            _mm_add_epi32(_mm_sha256msg1_epu32(ring[g % 4], ring[(g + 1) % 4]), w_minus_7),
            ring[(g + 3) % 4]);
      }
      if (g >= first_group) four_rounds(s[n], _mm_add_epi32(ring[g % 4], k));
    }
  }
}

void add_state(ShaniState& s, const ShaniState& start) {
  s.abef = _mm_add_epi32(s.abef, start.abef);
  s.cdgh = _mm_add_epi32(s.cdgh, start.cdgh);
}

/// Compresses one block per stream.
template <std::size_t N>
inline __attribute__((always_inline)) void compress_blocks(ShaniState (&s)[N],
                                                           const std::uint8_t* const* blocks) {
  ShaniState saved[N];
  __m128i w[N][4];
  for (std::size_t n = 0; n < N; ++n) {
    saved[n] = s[n];
    for (std::size_t k = 0; k < 4; ++k) w[n][k] = load_words(blocks[n] + 16 * k);
  }
  rounds_from(s, w, 0);
  for (std::size_t n = 0; n < N; ++n) add_state(s[n], saved[n]);
}

/// Compresses a block whose schedule is the same for every stream and known in advance.
template <std::size_t N>
inline __attribute__((always_inline)) void compress_schedule(ShaniState (&s)[N],
                                                             const Schedule& schedule) {
  ShaniState saved[N];
  for (std::size_t n = 0; n < N; ++n) saved[n] = s[n];
#pragma GCC unroll 16
  for (std::size_t g = 0; g < 16; ++g) {
    const __m128i wk = _mm_loadu_si128(reinterpret_cast<const __m128i*>(schedule.data() + 4 * g));
    for (std::size_t n = 0; n < N; ++n) four_rounds(s[n], wk);
  }
  for (std::size_t n = 0; n < N; ++n) add_state(s[n], saved[n]);
}

/// Writes digest words A..D and E..H as bytes.
void store_words(__m128i dcba, __m128i hgfe, std::uint8_t* out) {
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out), _mm_shuffle_epi8(dcba, kByteSwap32));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 16), _mm_shuffle_epi8(hgfe, kByteSwap32));
}

void store_digest(const ShaniState& s, std::uint8_t* out) {
  __m128i dcba, hgfe;
  from_shani(s, dcba, hgfe);
  store_words(dcba, hgfe, out);
}

/// A child of a Merkle node as message words: its digest's words A..D and E..H.
struct Child {
  __m128i lo, hi;
};

Child load_child(const std::uint8_t* digest) {
  return {load_words(digest), load_words(digest + 16)};
}

/// The final states of SHA-256(prefix ‖ left[n] ‖ right[n]) for N independent nodes (their
/// rounds interleaved), `prefix` being four message words and `after_prefix` the state after
/// their rounds.
template <std::size_t N>
inline __attribute__((always_inline)) void pair_states(__m128i prefix,
                                                       const ShaniState& after_prefix,
                                                       const Child (&left)[N],
                                                       const Child (&right)[N],
                                                       ShaniState (&s)[N]) {
  // Block 1: prefix ‖ left ‖ right[0, 16), from round 4.
  __m128i w[N][4];
  for (std::size_t n = 0; n < N; ++n) {
    s[n] = after_prefix;
    w[n][0] = prefix;
    w[n][1] = left[n].lo;
    w[n][2] = left[n].hi;
    w[n][3] = right[n].lo;
  }
  rounds_from(s, w, 1);
  // Block 2: right[16, 32) ‖ 0x80 ‖ zeros ‖ the 640-bit length.
  ShaniState block1[N];
  __m128i padding[N][4];
  for (std::size_t n = 0; n < N; ++n) {
    add_state(s[n], to_shani(kInitialState));
    block1[n] = s[n];
    padding[n][0] = right[n].hi;
    padding[n][1] = _mm_set_epi32(0, 0, 0, INT32_MIN);
    padding[n][2] = _mm_setzero_si128();
    padding[n][3] = _mm_set_epi32(80 * 8, 0, 0, 0);
  }
  rounds_from(s, padding, 0);
  for (std::size_t n = 0; n < N; ++n) add_state(s[n], block1[n]);
}

inline __attribute__((always_inline)) ShaniState pair_state(__m128i prefix,
                                                            const ShaniState& after_prefix,
                                                            const Child& left, const Child& right) {
  const Child lefts[1] = {left}, rights[1] = {right};
  ShaniState s[1];
  pair_states(prefix, after_prefix, lefts, rights, s);
  return s[0];
}

/// hash_pairs for N nodes at once.
template <std::size_t N>
inline __attribute__((always_inline)) void hash_nodes(
    __m128i prefix, const ShaniState& after_prefix, const std::array<Digest32, 2>* const* children,
    Digest32* const* out) {
  Child left[N], right[N];
  for (std::size_t n = 0; n < N; ++n) {
    left[n] = load_child((*children[n])[0].data());
    right[n] = load_child((*children[n])[1].data());
  }
  ShaniState s[N];
  pair_states(prefix, after_prefix, left, right, s);
  for (std::size_t n = 0; n < N; ++n) store_digest(s[n], out[n]->data());
}

__m128i load_prefix(const std::uint32_t* prefix_words) {
  return _mm_loadu_si128(reinterpret_cast<const __m128i*>(prefix_words));
}

template <std::size_t N>
void hash_lanes(const BatchPlan& plan, const std::uint8_t* const* messages, Digest32* out) {
  ShaniState s[N];
  for (std::size_t n = 0; n < N; ++n) s[n] = to_shani(plan.start_state());
  alignas(16) std::uint8_t scratch[N][64];
  for (std::size_t j = 0; j < plan.block_count(); ++j) {
    if (plan.is_constant_block(j)) {
      compress_schedule(s, plan.constant_schedule());
      continue;
    }
    const std::uint8_t* blocks[N];
    for (std::size_t n = 0; n < N; ++n) blocks[n] = plan.block(j, messages[n], scratch[n]);
    compress_blocks(s, blocks);
  }
  for (std::size_t n = 0; n < N; ++n) store_digest(s[n], out[n].data());
}

}  // namespace

void hash_pair_shani(const std::uint32_t* prefix_words, const State& after_prefix,
                     const std::uint8_t* left, const std::uint8_t* right, std::uint8_t* out) {
  store_digest(pair_state(load_prefix(prefix_words), to_shani(after_prefix), load_child(left),
                          load_child(right)),
               out);
}

void hash_pairs_shani(const std::uint32_t* prefix_words, const State& after_prefix,
                      const std::array<Digest32, 2>* const* children, std::size_t count,
                      Digest32* const* out) {
  const __m128i prefix = load_prefix(prefix_words);
  const ShaniState after = to_shani(after_prefix);
  // Two streams keep the SHA unit busy where one waits on each sha256rnds2 (as hash_many's x2).
  std::size_t i = 0;
  for (; i + 2 <= count; i += 2) hash_nodes<2>(prefix, after, children + i, out + i);
  if (i < count) hash_nodes<1>(prefix, after, children + i, out + i);
}

void fold_path_shani(const std::uint32_t* prefix_words, const State& after_prefix,
                     const std::uint8_t* start, const Digest32* siblings, std::size_t count,
                     const std::uint8_t* path, Digest32* nodes, std::uint8_t* out) {
  const __m128i prefix = load_prefix(prefix_words);
  const ShaniState after = to_shani(after_prefix);
  Child node = load_child(start);
  // The node stays in registers from one level to the next. The side is a branch, not a blend:
  // when the node is the right child, the rounds over the sibling (left) do not wait for it.
  for (std::size_t i = count; i-- > 0;) {
    const Child sibling = load_child(siblings[i].data());
    const bool node_on_right = (path[i / 8] >> (7 - i % 8)) & 1;
    const ShaniState s = node_on_right ? pair_state(prefix, after, sibling, node)
                                       : pair_state(prefix, after, node, sibling);
    from_shani(s, node.lo, node.hi);
    if (nodes != nullptr) store_words(node.lo, node.hi, nodes[i].data());
  }
  store_words(node.lo, node.hi, out);
}

void compress_shani(State& state, const std::uint8_t* blocks, std::size_t block_count) {
  ShaniState s[1] = {to_shani(state)};
  for (; block_count > 0; --block_count, blocks += 64) compress_blocks(s, &blocks);
  __m128i dcba, hgfe;
  from_shani(s[0], dcba, hgfe);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(state.data()), dcba);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(state.data() + 4), hgfe);
}

void finish_shani(const State& state, const std::uint8_t* blocks, std::size_t block_count,
                  std::uint8_t* out) {
  ShaniState s[1] = {to_shani(state)};
  for (; block_count > 0; --block_count, blocks += 64) compress_blocks(s, &blocks);
  store_digest(s[0], out);
}

void hash_lanes_shani_x1(const BatchPlan& plan, const std::uint8_t* const* messages,
                         Digest32* out) {
  hash_lanes<1>(plan, messages, out);
}

void hash_lanes_shani_x2(const BatchPlan& plan, const std::uint8_t* const* messages,
                         Digest32* out) {
  hash_lanes<2>(plan, messages, out);
}

}  // namespace merkleforge::sha256_detail
