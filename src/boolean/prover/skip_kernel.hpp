// The zerocheck's first round with the univariate skip (../zerocheck.hpp): the prover's hot loop.
//
// For every evaluation point E_e (e < 63) and word w, C(E_e, w) = Â·B̂ + Ẑ where X̂(E_e, w) =
// Σ_b L_b(E_e)·bit b of X's word w is an AES8 value; with the pinned weights p_j = eq(c, j) of the
// lowest 3 word variables, V_e(h) = Σ_(j<8) p_j·C(E_e, 8h + j) is one AES8 value per chunk h of 8
// words, and R(E_e) = Σ_h eq(τ_hi, h)·φ(V_e(h)). A kernel computes the bytes V_e(h); the caller
// (zerocheck_prove.cpp) weighs them.
// Kernels: portable (byte tables, everywhere) and gfni512 (AVX-512 F/BW/VBMI and GFNI: the
// 63 points' 8 × 8 bit matrices in GF2P8AFFINEQB, products in GF2P8MULB, 8 words × 8 points per
// instruction).
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "merkleforge/core/cpu.hpp"
#include "merkleforge/core/dispatch.hpp"
#include "skip.hpp"

namespace merkleforge::boolean::detail {

/// Bytes a kernel writes per chunk: V_e(h) at e < kQuotientPoints, then one unused byte.
inline constexpr std::size_t kValuesPerChunk = kQuotientPoints + 1;

/// What every kernel reads, built once per pinned constants.
struct SkipTables {
  /// lagrange_bytes[e][p][x] = Σ_(j: bit j of x) L_(8p+j)(E_e): X̂(E_e, w) is the sum over the
  /// word's bytes p of lagrange_bytes[e][p][byte p].
  std::vector<std::array<std::array<std::uint8_t, 256>, 8>> lagrange_bytes;
  /// GF2P8AFFINEQB matrices: matrices[g][p] holds in qword q the map of byte p to its share of
  /// X̂(E_(8g+q)) (zero for the unused slot 63).
  alignas(64) std::array<std::array<std::array<std::uint64_t, 8>, 8>, 8> matrices{};
  std::array<std::uint8_t, 1u << kPinnedVars> pinned_weights{};
};
SkipTables make_skip_tables(const PinnedConstants& pinned);

/// Writes V_e(h) for the `count` chunks h = first, first + 1, … to values[kValuesPerChunk·(h −
/// first) + e], reading a, b, z at words 8h … 8h + 7.
struct SkipKernel {
  void (*chunk_values)(const SkipTables& tables, const std::uint64_t* a, const std::uint64_t* b,
                       const std::uint64_t* z, std::size_t first, std::size_t count,
                       std::uint8_t* values) noexcept;
};

extern const SkipKernel kSkipPortable;
#if MERKLEFORGE_X86_KERNELS
extern const SkipKernel kSkipGfni512;
#endif

/// The kernels by name: active() the one in use, available() those this CPU runs (slowest first),
/// select(name) for tests.
using SkipDispatcher = dispatch::Dispatcher<std::string_view, const SkipKernel*>;
SkipDispatcher& skip_kernels();

}  // namespace merkleforge::boolean::detail
