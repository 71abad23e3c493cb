// Run-time choice of SIMD kernels.
//
// Every hash has a portable kernel and may have kernels for instruction sets. The best one the CPU
// supports is chosen on first use; the environment variable MERKLEFORGE_KERNEL (e.g. "portable",
// "avx2") or Hash::set_kernel() selects another, so tests can run each available kernel against
// the portable reference.
#pragma once

#include <optional>
#include <span>
#include <string_view>

#include "merkleforge/core/result.hpp"

namespace merkleforge {

/// Kernel families, in increasing order of preference (among those one hash implements).
enum class Isa { portable, sse41, avx2, shani, avx512, aesni, vaes };

std::string_view isa_name(Isa isa) noexcept;
std::optional<Isa> isa_from_name(std::string_view name) noexcept;

/// True when this CPU (and OS) can run code of this family.
bool cpu_supports(Isa isa) noexcept;

/// The kernel a hash starts with: the one MERKLEFORGE_KERNEL names if the hash implements it and
/// the CPU supports it, else the most preferred supported one among `implemented` (which must
/// contain Isa::portable).
Isa default_kernel(std::span<const Isa> implemented) noexcept;

/// Validates a request to switch a hash to `isa`. Errors: unsupported if the hash has no such
/// kernel or the CPU cannot run it.
Status check_kernel_request(std::string_view hash_name, std::span<const Isa> implemented, Isa isa);

}  // namespace merkleforge
