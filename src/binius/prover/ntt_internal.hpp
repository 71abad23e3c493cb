// Internal: the NTT's blocking parameters, parallel basis conversion and the reuse of a buffer's
// storage across bases.
#pragma once

#include <new>
#include <span>

#include "merkleforge/binius/additive_ntt.hpp"
#include "merkleforge/binius/kernels.hpp"

namespace merkleforge::binius::detail {

/// How the additive NTT (additive_ntt.cpp) blocks its rounds for the caches. The defaults are the
/// library's; tests pass small ones to reach every path (several groups, tiles narrower than a
/// row, batches wider than a cache block) at small sizes. Any tiling gives the same output.
struct NttTiling {
  /// Rounds whose blocks hold at most 2^log_cache_block values ("small" rounds) run block by
  /// block, each block through all of them while in cache (2^15 values: 512 KiB, half an L2 of
  /// the 2-vCPU Zen 5 host).
  unsigned log_cache_block = 15;
  /// The other ("large") rounds run in groups, one pass over the data per group, in tiles of at
  /// most 2^log_tile values (2^15: 512 KiB) that go through all rounds of their group at once.
  unsigned log_tile = 15;
  /// Rounds per group at most: a tile has 2^rounds rows, a power of two apart in memory.
  unsigned max_group_rounds = 3;
};

/// What a forward transform reads and leaves, fused into its first and last passes over the data
/// (Reed-Solomon encoding: a coset's transform starts from the message, its codeword leaves in
/// the canonical basis), so neither costs a pass of its own.
struct NttIo {
  /// When set: the input, laid out as the data (same size, not overlapping it); the data's
  /// contents on entry are ignored. Each tile or block is copied from here just before its first
  /// butterflies, while it is in cache.
  const B128P* source = nullptr;
  /// When true: the output leaves in the canonical basis, each cache block converted after its
  /// last round (to_canonical_in_place); view the data through as_canonical_storage.
  bool to_canonical = false;
};

/// ntt_forward_polyval / ntt_inverse_polyval (additive_ntt.hpp) with a given tiling (and, for the
/// forward transform, fused input and output).
void ntt_forward_polyval(std::span<B128P> data, const NttShape& shape, const NttTiling& tiling,
                         const NttIo& io = {});
void ntt_inverse_polyval(std::span<B128P> data, const NttShape& shape, const NttTiling& tiling);

/// dest = the POLYVAL images of `source` (same size), in cache-sized parts on the pool: one pass,
/// where a copy and a conversion in place would take two. Returns dest's storage as canonical
/// B128 for the caller to view as POLYVAL (as_polyval_storage).
std::span<B128> parallel_copy_to_polyval(std::span<const B128> source, std::span<B128> dest);

/// In-place canonical <-> POLYVAL conversion (to_polyval_in_place, kernels.hpp), split across the
/// pool when large; returns the storage viewed as the new type.
std::span<B128P> parallel_to_polyval(std::span<B128> data);
std::span<B128> parallel_to_canonical(std::span<B128P> data);

/// The storage of `values` viewed as POLYVAL elements, for a buffer the caller overwrites before
/// reading (the encoder fills every codeword value, then converts the codeword back).
inline std::span<B128P> as_polyval_storage(std::span<B128> values) noexcept {
  return {std::launder(reinterpret_cast<B128P*>(values.data())), values.size()};
}

/// The storage of `values` viewed as canonical elements, after a transform with
/// NttIo::to_canonical converted them in place.
inline std::span<B128> as_canonical_storage(std::span<B128P> values) noexcept {
  return {std::launder(reinterpret_cast<B128*>(values.data())), values.size()};
}

}  // namespace merkleforge::binius::detail
