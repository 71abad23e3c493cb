// The updates of a sparse-tree batch (SparseMerkleTree::apply_batch).
#pragma once

#include <optional>

#include "merkleforge/core/bytes.hpp"

namespace merkleforge {

/// One change of a batch: set key_hash to *value, or erase it when value is nullopt.
struct SparseUpdate {
  Digest32 key_hash;
  std::optional<Bytes> value;
};

}  // namespace merkleforge
