// Deferred hashing of the interior nodes a batch update creates or changes.
//
// Hashing the nodes one by one as the update recursion returns makes every node a single,
// latency-bound SHA-256 stream. A batch instead leaves its new interior nodes unhashed, records
// where each one's hash must be written, and hashes them afterwards in rounds: first every node
// whose children are all hashed (height 1), then height 2, and so on up to the root. The nodes of
// one round are independent, so they go through JmtHashing::internal_many together (interleaved
// SHA-NI streams reading the children in place, or SIMD lanes).
//
// A batch runs as pieces, each updating a subtree and then hashing what it deferred, all on one
// thread. Each piece records its nodes in lists of its own, which the thread reaches through a
// thread-local pointer while the piece runs (no lock or shared list per node: a batch defers one
// node per changed interior node, ~11K for 1,000 keys into 1M), and hashes them on that thread:
// the pieces never wait for one another.
// Internal to the sparse tree (src/sparse), not installed.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "merkleforge/hash/hasher.hpp"
#include "merkleforge/sparse/jmt_hashing.hpp"

namespace merkleforge::sparse_detail {

template <Hasher H>
class LevelHasher {
 public:
  /// Runs piece() on the calling thread with lists of its own, then hashes the nodes it deferred,
  /// round by round, on this thread. Only piece() itself, on this thread, may call defer() (a
  /// batch piece runs no parallel work); a piece run inside another keeps its own lists.
  template <class Piece>
  void run_piece(Piece&& piece) {
    Rounds rounds;
    {
      const Recording recording(&rounds);
      piece();
    }
    for (const std::vector<Entry>& round : rounds) hash_range(round.data(), round.size());
  }

  /// Records that the node with children hashes `children` is hashed into `*out` in round
  /// `height` (1 + the largest round of its unhashed children), by the piece running on this
  /// thread. `children` and `out` must stay valid until that piece ends.
  void defer(unsigned height, const std::array<Digest32, 2>* children, Digest32* out) {
    Rounds& rounds = *current_;
    if (rounds.size() < height) rounds.resize(height);
    rounds[height - 1].push_back({children, out});
  }

 private:
  struct Entry {
    const std::array<Digest32, 2>* children;
    Digest32* out;
  };
  using Rounds = std::vector<std::vector<Entry>>;  // [h - 1]: the nodes of height h

  /// Nodes handed to the kernel per call.
  static constexpr std::size_t kGroup = 64;

  static void hash_range(const Entry* entries, std::size_t count) {
    std::array<const std::array<Digest32, 2>*, kGroup> children;
    std::array<Digest32*, kGroup> out;
    for (std::size_t done = 0; done < count; done += kGroup) {
      const std::size_t n = std::min(kGroup, count - done);
      for (std::size_t i = 0; i < n; ++i) {
        children[i] = entries[done + i].children;
        out[i] = entries[done + i].out;
      }
      JmtHashing<H>::internal_many(children.data(), n, out.data());
    }
  }

  /// Points this thread at a piece's lists while it runs (and back at those of the piece it
  /// interrupted, if any).
  class Recording {
   public:
    explicit Recording(Rounds* rounds) : outer_(std::exchange(current_, rounds)) {}
    ~Recording() { current_ = outer_; }
    Recording(const Recording&) = delete;
    Recording& operator=(const Recording&) = delete;

   private:
    Rounds* outer_;
  };

  /// The lists of the piece running on this thread (null outside pieces).
  static inline thread_local Rounds* current_ = nullptr;
};

}  // namespace merkleforge::sparse_detail
