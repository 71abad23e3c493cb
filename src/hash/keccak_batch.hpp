// Internal: Keccak hashing of several messages permuted side by side on a multi-state kernel.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "keccak_kernel.hpp"
#include "merkleforge/core/bytes.hpp"

namespace merkleforge::detail::keccak {

/// out[i] = Keccak[c=512](prefix ‖ messages[i] ‖ padding with domain byte `pad`), messages of any
/// lengths, using kernel.absorb_lanes (precondition: not null). A lane takes the next message as
/// soon as its current one is absorbed, so a multi-state permutation idles only at the end;
/// messages ordered longest first leave the fewest idle lanes there.
void hash_lanes(const Kernel& kernel, std::uint8_t pad, ByteSpan prefix,
                std::span<const ByteSpan> messages, Digest32* out) noexcept;

/// hash_lanes on `count` messages of `message_size` bytes stored back to back at `messages`.
void hash_many_lanes(const Kernel& kernel, std::uint8_t pad, ByteSpan prefix,
                     const std::uint8_t* messages, std::size_t message_size, std::size_t count,
                     Digest32* out) noexcept;

}  // namespace merkleforge::detail::keccak
