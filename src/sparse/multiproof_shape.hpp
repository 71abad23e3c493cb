// The shape check both multiproof decoders end with.
#pragma once

#include <span>

#include "merkleforge/sparse/multiproof.hpp"

namespace merkleforge::sparse_detail {

/// Errors: malformed_input unless `nodes` in pre-order form exactly one binary tree (every
/// interior node has two subtrees, nothing follows the root's subtree) with interior nodes only
/// above depth 256.
Status check_multiproof_shape(std::span<const SparseProofNode> nodes);

}  // namespace merkleforge::sparse_detail
