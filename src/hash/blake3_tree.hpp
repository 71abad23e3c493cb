// BLAKE3 tree layer: nodes whose last compression is still pending, and hashing of whole subtrees
// many chunks and many parents at a time through the kernel's hash_many.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "blake3_kernel.hpp"

namespace merkleforge::blake3 {

/// The last compression of a node (a chunk's last block, or a parent's pair of chaining values),
/// not yet run: as an inner node it yields a chaining value, as the root the output stream.
struct Output {
  std::array<std::uint32_t, 8> input_cv;
  std::array<std::uint8_t, kBlockLen> block;  ///< zero beyond block_len
  std::uint8_t block_len;
  std::uint64_t counter;
  std::uint8_t flags;

  std::array<std::uint32_t, 8> chaining_value() const noexcept;
  /// Root output bytes [seek, seek + len) of the extendable output.
  void root_bytes(std::uint64_t seek, std::uint8_t* out, std::size_t len) const noexcept;
};

/// The parent node of two chaining values.
Output parent_output(const std::uint32_t left[8], const std::uint32_t right[8],
                     const std::uint32_t key[8], std::uint8_t flags) noexcept;

/// Reduces `len` > kChunkLen bytes of input, whose first chunk has index `chunk_counter`, to the
/// two chaining values (64 bytes at `out`) of the children of the subtree's root. The caller keeps
/// the root's own compression pending, since the root is compressed differently.
void compress_subtree_to_parent_node(const std::uint8_t* input, std::size_t len,
                                     const std::uint32_t key[8], std::uint64_t chunk_counter,
                                     std::uint8_t flags, std::uint8_t out[2 * kOutLen]) noexcept;

}  // namespace merkleforge::blake3
