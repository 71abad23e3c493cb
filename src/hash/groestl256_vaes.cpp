// Grøstl-256 with VAES + AVX2: two messages of equal length at once, one per 128-bit lane of 8
// ymm registers, each lane in the AES-NI kernel's row layout (groestl256_rows.hpp). vaesenclast
// and the in-lane shuffles and unpacks cost what their xmm forms do, so a pair of messages takes
// about the time of one.
#include "groestl256_kernel.hpp"
#include "groestl256_rows.hpp"

namespace merkleforge::detail::groestl {
namespace {

struct Ymm {
  using V = __m256i;
  static V broadcast(__m128i lane) noexcept { return _mm256_broadcastsi128_si256(lane); }
  static V xor2(V a, V b) noexcept { return _mm256_xor_si256(a, b); }
  static V and2(V a, V b) noexcept { return _mm256_and_si256(a, b); }
  static V add8(V a, V b) noexcept { return _mm256_add_epi8(a, b); }
  static V negative8(V a) noexcept { return _mm256_cmpgt_epi8(_mm256_setzero_si256(), a); }
  static V shuffle8(V a, V mask) noexcept { return _mm256_shuffle_epi8(a, mask); }
  static V sub_bytes_after_shift_rows(V a) noexcept {
    return _mm256_aesenclast_epi128(a, _mm256_setzero_si256());
  }
  static V unpacklo16(V a, V b) noexcept { return _mm256_unpacklo_epi16(a, b); }
  static V unpackhi16(V a, V b) noexcept { return _mm256_unpackhi_epi16(a, b); }
  static V unpacklo32(V a, V b) noexcept { return _mm256_unpacklo_epi32(a, b); }
  static V unpackhi32(V a, V b) noexcept { return _mm256_unpackhi_epi32(a, b); }
  static V unpacklo64(V a, V b) noexcept { return _mm256_unpacklo_epi64(a, b); }
  static V unpackhi64(V a, V b) noexcept { return _mm256_unpackhi_epi64(a, b); }
};

// Column-major 64-byte states of lane 0 (`low`) and lane 1 (`high`) to rows.
void load_rows(const std::uint8_t* low, const std::uint8_t* high, __m256i* rows) noexcept {
  for (unsigned k = 0; k < 4; ++k) {
    rows[k] = _mm256_loadu2_m128i(reinterpret_cast<const __m128i*>(high + 16 * k),
                                  reinterpret_cast<const __m128i*>(low + 16 * k));
  }
  transpose<Ymm>(rows);
}

}  // namespace

void digest_pair_vaes(const std::uint8_t* const padded[2], std::size_t blocks,
                      std::uint8_t* const digests[2]) noexcept {
  static constexpr std::array<std::uint8_t, 64> kIv = [] {
    std::array<std::uint8_t, 64> iv{};
    iv[62] = 0x01;  // 256 as a big-endian integer ending the state
    return iv;
  }();
  __m256i h[4];
  load_rows(kIv.data(), kIv.data(), h);
  for (std::size_t b = 0; b < blocks; ++b) {
    __m256i m[4];
    load_rows(padded[0] + 64 * b, padded[1] + 64 * b, m);
    compress_rows<Ymm>(h, m);
  }
  // Ω: the last 32 bytes (columns 4..7) of P(h) ⊕ h.
  __m256i p[4] = {h[0], h[1], h[2], h[3]};
  permute_p_rows<Ymm>(p);
  for (unsigned k = 0; k < 4; ++k) p[k] = _mm256_xor_si256(p[k], h[k]);
  transpose<Ymm>(p);  // back to columns: p[2], p[3] hold columns 4..7 of both lanes
  for (unsigned lane = 0; lane < 2; ++lane) {
    for (unsigned k = 2; k < 4; ++k) {
      const __m128i columns =
          lane == 0 ? _mm256_castsi256_si128(p[k]) : _mm256_extracti128_si256(p[k], 1);
      _mm_storeu_si128(reinterpret_cast<__m128i*>(digests[lane] + 16 * (k - 2)), columns);
    }
  }
}

}  // namespace merkleforge::detail::groestl
