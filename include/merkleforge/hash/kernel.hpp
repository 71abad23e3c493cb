// Kernel families of the hashes (SHA-256, Keccak, BLAKE3).
//
// Every hash has a portable kernel and may have kernels for instruction sets. On first use it
// takes the fastest one the CPU runs (each hash's header gives its order), unless the environment
// variable MERKLEFORGE_KERNEL (core/cpu.hpp; e.g. "portable", "sha256:avx2") requests another;
// Hash::set_kernel() switches later, so tests run each available kernel against the portable one.
#pragma once

#include <optional>
#include <string_view>

namespace merkleforge {

/// Kernel families (named by isa_name, the names MERKLEFORGE_KERNEL takes).
enum class Isa { portable, sse41, avx2, shani, avx512, aesni, vaes };

/// The family's name ("portable", "sse41", "avx2", "shani", "avx512", "aesni", "vaes"); "unknown"
/// for other values.
std::string_view isa_name(Isa isa) noexcept;
/// The family called `name`, or nullopt for any other string.
std::optional<Isa> isa_from_name(std::string_view name) noexcept;

/// True when this CPU (and OS) can run code of this family.
bool cpu_supports(Isa isa) noexcept;

}  // namespace merkleforge
