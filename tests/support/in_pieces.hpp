// Incremental hashing in random-sized pieces: the tests of every hash's update() buffering.
#pragma once

#include <algorithm>
#include <cstddef>
#include <random>

#include "merkleforge/core/bytes.hpp"

namespace merkleforge::test {

/// Feeds `data` to `hasher.update()` in consecutive pieces of random sizes 0 .. max_piece drawn
/// from `rng` (empty pieces included), so buffered bytes meet block boundaries at many offsets.
template <class H>
void update_in_pieces(H& hasher, ByteSpan data, std::mt19937_64& rng, std::size_t max_piece) {
  std::size_t done = 0;
  while (done < data.size()) {
    const std::size_t piece = std::min<std::size_t>(rng() % (max_piece + 1), data.size() - done);
    hasher.update(data.subspan(done, piece));
    done += piece;
  }
}

/// The digest of `data` by a fresh H fed through update_in_pieces.
template <class H>
Digest32 digest_in_pieces(ByteSpan data, std::mt19937_64& rng, std::size_t max_piece) {
  H hasher;
  update_in_pieces(hasher, data, rng, max_piece);
  return hasher.finalize();
}

}  // namespace merkleforge::test
