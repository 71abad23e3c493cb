// Internal: the table of packed-product kernels behind packed.hpp, one per strategy
// (packed_table.cpp, packed_polyval.cpp, packed_pshufb_avx2.cpp, packed_gfni.cpp). A strategy that
// does not implement an operation leaves its entry null.
#pragma once

#include <cstddef>
#include <cstdint>

#include "merkleforge/binius/tower.hpp"

namespace merkleforge::binius::detail {

/// out[i] = a[i]·b[i] for i < n in the canonical tower; out may alias a or b.
template <class T>
using PackedMul = void (*)(const T* a, const T* b, T* out, std::size_t n);

struct PackedKernel {
  PackedMul<std::uint8_t> mul_b8 = nullptr;
  PackedMul<std::uint32_t> mul_b32 = nullptr;
  PackedMul<uint128> mul_b128 = nullptr;
};

extern const PackedKernel kPackedTable;
extern const PackedKernel kPackedPolyval;
extern const PackedKernel kPackedPshufb;
extern const PackedKernel kPackedGfni;

/// The active strategy's products without the size checks of packed.hpp, for the field layer's
/// own loops whose sizes hold by construction (subfield_products.cpp).
void active_packed_mul_b8(const std::uint8_t* a, const std::uint8_t* b, std::uint8_t* out,
                          std::size_t n) noexcept;
void active_packed_mul_b32(const std::uint32_t* a, const std::uint32_t* b, std::uint32_t* out,
                           std::size_t n) noexcept;

/// True when the GFNI kernel can run: the CPU has GFNI and AVX2, or the library is the
/// SIMDe-emulated test variant (tests/emulated_isa).
bool gfni_kernel_runs() noexcept;

}  // namespace merkleforge::binius::detail
