// Deferred hashing of the interior nodes a batch update creates or changes.
//
// Hashing the nodes one by one as the update recursion returns makes every node a single,
// latency-bound SHA-256 stream. A batch instead leaves its new interior nodes unhashed, records
// where each one's hash must be written, and hashes them afterwards in rounds: first every node
// whose children are all hashed (height 1), then height 2, and so on up to the root. The nodes of
// one round are independent, so they go through JmtHashing::internal_many together (interleaved
// SHA-NI streams reading the children in place, or SIMD lanes) and, when there are many, on
// several threads.
//
// Each thread records its nodes in its own lists (no lock per node: a batch defers one node per
// changed interior node, ~11K for 1,000 keys into 1M); run() joins the lists round by round.
#pragma once

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/enumerable_thread_specific.h>
#include <oneapi/tbb/parallel_for.h>

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
  /// valid until run(). Thread-safe.
  void defer(unsigned height, const std::array<Digest32, 2>* children, Digest32* out) {
    Rounds& rounds = per_thread_.local();
    if (rounds.size() < height) rounds.resize(height);
    rounds[height - 1].push_back({children, out});
  }

  /// Hashes every recorded node, round by round.
  void run() {
    for (const std::vector<Entry>& round : join_threads()) {
      if (round.size() < kParallelNodes) {
        hash_range(round.data(), round.size());
        continue;
      }
      tbb::parallel_for(tbb::blocked_range<std::size_t>(0, round.size(), kGroup),
                        [&](const tbb::blocked_range<std::size_t>& range) {
                          hash_range(round.data() + range.begin(), range.size());
                        });
    }
  }

 private:
  struct Entry {
    const std::array<Digest32, 2>* children;
    Digest32* out;
  };
  using Rounds = std::vector<std::vector<Entry>>;  // [h - 1]: the nodes of height h

  /// Every thread's nodes, round by round (the calling thread's lists are moved, not copied).
  Rounds join_threads() {
    Rounds joined;
    for (Rounds& rounds : per_thread_) {
      if (joined.empty()) {
        joined = std::move(rounds);
        continue;
      }
      if (joined.size() < rounds.size()) joined.resize(rounds.size());
      for (std::size_t h = 0; h < rounds.size(); ++h)
        joined[h].insert(joined[h].end(), rounds[h].begin(), rounds[h].end());
    }
    per_thread_.clear();
    return joined;
  }

  /// Nodes handed to the kernel per call (also the parallel grain).
  static constexpr std::size_t kGroup = 64;
  /// Below this many nodes a round stays on the calling thread.
  static constexpr std::size_t kParallelNodes = 512;

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
