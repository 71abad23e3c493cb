// Packed products of canonical tower elements, out[i] = a[i]·b[i] over spans of B8, B32 or B128
// values (tower.hpp layout), each operation with interchangeable strategies chosen at run time.
//
// Strategies (packed_available_strategies() tells which operation has which on this CPU):
//   table    portable. B8 through the 64 KiB product table, B32 through B16 log/exp tables
//            (subfield_products.hpp): one element at a time.
//   polyval  B128 only. Basis change of both operands to POLYVAL, the active CLMUL kernel
//            (polyval.hpp), basis change back: three 16-lookup table maps around a fast product.
//   pshufb   AVX2, B8 and B32. B8: a·b = Σ_j b_j·(a·β_j) over the bits b_j of b; each map
//            a ↦ a·β_j is GF(2)-linear, hence two 16-entry nibble lookups (vpshufb), 32 products
//            per pass. B32: tower Karatsuba over those B8 products, 8 products per pass.
//   gfni     GFNI with 256-bit AVX registers. The byte-wise isomorphism with the AES tower
//            (aes_tower.hpp) is one vgf2p8affineqb per operand and one for the result; in between,
//            AES-tower Karatsuba whose leaves are vgf2p8mulb (32 Rijndael products each).
//
// By default each operation uses the strategy that bench_binius_fields found fastest among those
// the CPU runs (docs/binius.md): gfni, then pshufb, then polyval / table, unless MERKLEFORGE_KERNEL
// requests another (core/cpu.hpp; primitives "packed_mul_b8", "packed_mul_b32", "packed_mul_b128").
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "merkleforge/binius/tower.hpp"
#include "merkleforge/core/dispatch.hpp"
#include "merkleforge/core/result.hpp"

namespace merkleforge::binius {

enum class PackedOp { mul_b8, mul_b32, mul_b128 };
enum class PackedStrategy { table, polyval, pshufb, gfni };

/// The operation's name ("mul_b8", "mul_b32", "mul_b128"); "unknown" for other values.
std::string_view packed_op_name(PackedOp op) noexcept;
/// The strategy's name ("table", "polyval", "pshufb", "gfni"); "unknown" for other values.
std::string_view packed_strategy_name(PackedStrategy strategy) noexcept;

/// The strategies that implement `op` and that this CPU can run, slowest first.
std::vector<PackedStrategy> packed_available_strategies(PackedOp op);
/// The strategy every product of `op` uses now.
PackedStrategy packed_active_strategy(PackedOp op) noexcept;
/// What its default choice measured, as polyval_probe_times (binius/polyval.hpp).
const std::vector<dispatch::ProbeTime>& packed_probe_times(PackedOp op);
/// Selects the strategy of `op` for all later calls (not thread-safe against concurrent products:
/// call at start-up or in tests). Errors: unsupported if `op` has no such strategy or the CPU
/// cannot run it.
Status packed_set_strategy(PackedOp op, PackedStrategy strategy);

// Element-wise products. Errors: wrong_size unless the three spans have equal lengths. `out` may
// alias `a` or `b` (the same elements, not shifted).

Status packed_mul_b8(std::span<const std::uint8_t> a, std::span<const std::uint8_t> b,
                     std::span<std::uint8_t> out);
Status packed_mul_b32(std::span<const std::uint32_t> a, std::span<const std::uint32_t> b,
                      std::span<std::uint32_t> out);
Status packed_mul_b128(std::span<const B128> a, std::span<const B128> b, std::span<B128> out);

/// One B8 product through the table strategy's 64 KiB table.
std::uint8_t b8_mul_table(std::uint8_t a, std::uint8_t b) noexcept;
/// One B32 product through the table strategy's B16 log/exp tables.
std::uint32_t b32_mul_tables(std::uint32_t a, std::uint32_t b) noexcept;
/// One B32 inverse (0 for 0) through the same tables: one B16 inversion and five B16 products.
std::uint32_t b32_inverse_tables(std::uint32_t a) noexcept;

}  // namespace merkleforge::binius
