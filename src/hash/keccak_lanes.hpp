// Internal to the library: Keccak-256 of several messages of any lengths, permuted side by side.
// The public Hasher API (hash_many) wants messages of one size, stored back to back; the trie
// code hashes nodes of many sizes in place, which this serves without a gathering copy.
#pragma once

#include <span>

#include "merkleforge/core/bytes.hpp"

namespace merkleforge::detail::keccak {

/// out[i] = keccak256(messages[i]) for every i, on the active kernel. Consecutive messages share
/// a multi-state permutation (4 with AVX2), and a group costs what its longest message needs, so
/// callers order messages by length. `out` must have messages.size() elements.
void keccak256_each(std::span<const ByteSpan> messages, Digest32* out) noexcept;

}  // namespace merkleforge::detail::keccak
