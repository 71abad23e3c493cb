// Deferred hashing of the interior nodes a batch update creates or changes.
//
// Hashing the nodes one by one as the update recursion returns makes every node a single,
// latency-bound SHA-256 stream. A batch instead leaves its new interior nodes unhashed, records
// where each one's hash must be written, and hashes them afterwards in rounds: first every node
// whose children are all hashed (height 1), then height 2, and so on up to the root. The nodes of
// one round are independent, so they go through JmtHashing::internal_many together (interleaved
// SHA-NI streams reading the children in place, or SIMD lanes).
//
// A batch runs as pieces, one per thread at a time, each updating a subtree and then hashing what
// it deferred. Each thread records its nodes in its own lists (no lock or shared list per node:
// a batch defers one node per changed interior node, ~11K for 1,000 keys into 1M), and a piece
// hashes its thread's lists on that thread: the pieces never wait for one another.
// Internal to the sparse tree (src/sparse), not installed.
#pragma once

#include <oneapi/tbb/enumerable_thread_specific.h>

#include <array>
#include <cstdint>
#include <vector>

#include "merkleforge/hash/hasher.hpp"
#include "merkleforge/sparse/jmt_hashing.hpp"

namespace merkleforge::sparse_detail {

template <Hasher H>
class LevelHasher {
 public:
  /// Records that the node with children hashes `children` is hashed into `*out` in round
  /// `height` (1 + the largest round of its unhashed children). `children` and `out` must stay
  /// valid until run_on_this_thread() on the recording thread. Thread-safe.
  void defer(unsigned height, const std::array<Digest32, 2>* children, Digest32* out) {
    Rounds& rounds = per_thread_.local();
    if (rounds.size() < height) rounds.resize(height);
    rounds[height - 1].push_back({children, out});
  }

  /// Hashes the nodes the calling thread recorded, round by round, on this thread, and forgets
  /// them. The caller must have recorded them all (a batch piece runs no parallel work, so no
  /// other task's nodes land in this thread's lists meanwhile).
  void run_on_this_thread() {
    Rounds& rounds = per_thread_.local();
    for (const std::vector<Entry>& round : rounds) hash_range(round.data(), round.size());
    rounds.clear();
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

  /// Native thread-local storage: a lookup is a TLS read, not the default hash table probe.
  tbb::enumerable_thread_specific<Rounds, tbb::cache_aligned_allocator<Rounds>,
                                  tbb::ets_key_per_instance>
      per_thread_;
};

}  // namespace merkleforge::sparse_detail
