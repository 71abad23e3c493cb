#include "skip_kernel.hpp"

#include <algorithm>

namespace merkleforge::boolean::detail {
namespace {

/// AES8 products by logarithms to the generator 0x03.
struct AesLogTables {
  std::array<std::uint8_t, 256> log{};
  std::array<std::uint8_t, 510> exp{};
  AesLogTables() {
    std::uint8_t x = 1;
    for (unsigned i = 0; i < 255; ++i) {
      exp[i] = exp[i + 255] = x;
      log[x] = static_cast<std::uint8_t>(i);
      x = aes_mul(x, 3);
    }
  }
  std::uint8_t mul(std::uint8_t a, std::uint8_t b) const noexcept {
    return (a == 0 || b == 0) ? 0 : exp[log[a] + log[b]];
  }
};

void chunk_values_portable(const SkipTables& tables, const std::uint64_t* a, const std::uint64_t* b,
                           const std::uint64_t* z, std::size_t first, std::size_t count,
                           std::uint8_t* values) noexcept {
  static const AesLogTables aes;
  const auto extend = [](const std::array<std::array<std::uint8_t, 256>, 8>& bytes,
                         std::uint64_t word) {
    std::uint8_t sum = 0;
    for (unsigned p = 0; p < 8; ++p) sum ^= bytes[p][static_cast<std::uint8_t>(word >> (8 * p))];
    return sum;
  };
  for (std::size_t h = 0; h < count; ++h) {
    std::uint8_t* v = values + kValuesPerChunk * h;
    std::fill(v, v + kValuesPerChunk, std::uint8_t{0});
    for (unsigned j = 0; j < 8; ++j) {
      const std::size_t w = 8 * (first + h) + j;
      for (unsigned e = 0; e < kQuotientPoints; ++e) {
        const auto& bytes = tables.lagrange_bytes[e];
        const std::uint8_t c =
            aes.mul(extend(bytes, a[w]), extend(bytes, b[w])) ^ extend(bytes, z[w]);
        v[e] ^= aes.mul(tables.pinned_weights[j], c);
      }
    }
  }
}

#if MERKLEFORGE_X86_KERNELS
bool gfni512_runs() noexcept {
#if defined(MERKLEFORGE_EMULATED_GFNI512)
  return true;  // compiled against SIMDe (tests/emulated_isa): runs on any x86-64 CPU
#else
  const CpuFeatures& cpu = cpu_features();
  return cpu.gfni && cpu.avx512f && cpu.avx512bw && cpu.avx512vbmi;
#endif
}
#endif

}  // namespace

const SkipKernel kSkipPortable = {&chunk_values_portable};

SkipTables make_skip_tables(const PinnedConstants& pinned) {
  SkipTables t;
  t.lagrange_bytes.resize(kQuotientPoints);
  for (unsigned e = 0; e < kQuotientPoints; ++e) {
    const std::array<std::uint8_t, kDomainSize> l = lagrange_aes(quotient_point(e));
    for (unsigned p = 0; p < 8; ++p) {
      auto& bytes = t.lagrange_bytes[e][p];
      bytes[0] = 0;
      for (unsigned j = 0; j < 8; ++j) {
        for (unsigned x = 0; x < (1u << j); ++x) bytes[(1u << j) + x] = bytes[x] ^ l[8 * p + j];
      }
      // GF2P8AFFINEQB: result bit k = parity(matrix byte 7 − k AND input byte).
      std::uint64_t matrix = 0;
      for (unsigned k = 0; k < 8; ++k) {
        std::uint64_t row = 0;
        for (unsigned j = 0; j < 8; ++j) row |= std::uint64_t{(l[8 * p + j] >> k) & 1u} << j;
        matrix |= row << (8 * (7 - k));
      }
      t.matrices[e / 8][p][e % 8] = matrix;
    }
  }
  t.pinned_weights = detail::pinned_weights(pinned);
  return t;
}

SkipDispatcher& skip_kernels() {
  static SkipDispatcher kernels("skip", [] {
    std::vector<SkipDispatcher::Kernel> best_first;
#if MERKLEFORGE_X86_KERNELS
    best_first.push_back({"gfni512", "gfni512", gfni512_runs, &kSkipGfni512});
#endif
    best_first.push_back({"portable", "portable", dispatch::runs_everywhere, &kSkipPortable});
    return best_first;
  }());
  return kernels;
}

}  // namespace merkleforge::boolean::detail
