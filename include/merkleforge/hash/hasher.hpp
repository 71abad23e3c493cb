// The Hasher concept: what every tree in MerkleForge needs from a hash function.
//
// Trees are templates over a Hasher (BinaryMerkleTree<Sha256>), so the per-node call is resolved at
// compile time; the CLI chooses an instantiation at run time through with_hasher()
// (algorithms.hpp).
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "merkleforge/core/bytes.hpp"
#include "merkleforge/core/result.hpp"
#include "merkleforge/hash/kernel.hpp"

namespace merkleforge {

/// A 32-byte hash with one-shot, incremental and batch interfaces.
///
///   H::kName                      stable name ("sha256", "keccak256", "sha3-256", "blake3")
///   H::digest(data)               one-shot digest
///   H h; h.update(a); h.update(b); h.finalize()
///                                 incremental digest of a ‖ b; finalize() may be called once
///   H::hash_many(prefix, messages, size, count, out)
///                                 out[i] = digest(prefix ‖ messages[i*size, (i+1)*size)) for
///                                 i < count: the Merkle-node kernel (e.g. prefix = {0x01},
///                                 size = 64 hashes the children pairs of a level in place).
///                                 Messages are contiguous; out must not overlap them.
///   H::available_kernels(), H::active_kernel(), H::set_kernel(isa)
///                                 kernel control, see kernel.hpp (set_kernel is not thread-safe
///                                 against concurrent hashing; call it at start-up or in tests)
template <class H>
concept Hasher = requires(H hasher, ByteSpan data, const std::uint8_t* messages, std::size_t n,
                          Digest32* out, Isa isa) {
  { H::kName } -> std::convertible_to<std::string_view>;
  { H::digest(data) } -> std::same_as<Digest32>;
  hasher.update(data);
  { hasher.finalize() } -> std::same_as<Digest32>;
  H::hash_many(data, messages, n, n, out);
  { H::available_kernels() } -> std::same_as<std::vector<Isa>>;
  { H::active_kernel() } -> std::same_as<Isa>;
  { H::set_kernel(isa) } -> std::same_as<Status>;
};

}  // namespace merkleforge
