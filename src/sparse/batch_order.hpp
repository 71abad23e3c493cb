// The order in which a sparse-tree batch applies its updates.
// Internal to the sparse tree (src/sparse), not installed.
#pragma once

#include <vector>

#include "merkleforge/sparse/sparse_update.hpp"

namespace merkleforge::sparse_detail {

/// `updates` sorted by key hash with one update per key: the last one given for it, as applying
/// them one by one in order would leave. Sorts (first 8 key bytes, position) pairs and moves each
/// kept update once: sorting the 64-byte updates themselves moved each about log2(n) times.
std::vector<SparseUpdate> last_update_per_key(std::vector<SparseUpdate> updates);

}  // namespace merkleforge::sparse_detail
