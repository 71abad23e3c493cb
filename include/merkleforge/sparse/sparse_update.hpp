// The updates of a sparse-tree batch, and the order in which a batch applies them.
#pragma once

#include <optional>
#include <vector>

#include "merkleforge/core/bytes.hpp"

namespace merkleforge {

/// One change of a batch: set key_hash to *value, or erase it when value is nullopt.
struct SparseUpdate {
  Digest32 key_hash;
  std::optional<Bytes> value;
};

namespace sparse_detail {

/// `updates` sorted by key hash with one update per key: the last one given for it, as applying
/// them one by one in order would leave. Sorts (first 8 key bytes, position) pairs and moves each
/// kept update once: sorting the 64-byte updates themselves moved each about log2(n) times.
std::vector<SparseUpdate> last_update_per_key(std::vector<SparseUpdate> updates);

}  // namespace sparse_detail
}  // namespace merkleforge
