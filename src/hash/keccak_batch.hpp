// Internal: hash_many on a multi-state kernel (several messages permuted side by side).
#pragma once

#include <cstddef>
#include <cstdint>

#include "keccak_kernel.hpp"
#include "merkleforge/core/bytes.hpp"

namespace merkleforge::detail::keccak {

/// out[i] = Keccak[c=512](prefix ‖ message i ‖ padding with domain byte `pad`), i < count, using
/// kernel.absorb_lanes (precondition: not null) on groups of kernel.lanes messages.
void hash_many_lanes(const Kernel& kernel, std::uint8_t pad, ByteSpan prefix,
                     const std::uint8_t* messages, std::size_t message_size, std::size_t count,
                     Digest32* out) noexcept;

}  // namespace merkleforge::detail::keccak
