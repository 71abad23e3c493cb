// Shape of a decoded partial tree.
#include "multiproof_shape.hpp"

#include <vector>

namespace merkleforge::sparse_detail {

Status check_multiproof_shape(std::span<const SparseProofNode> nodes) {
  const auto malformed = [](const char* what) {
    return make_error(Errc::malformed_input, std::string("sparse multiproof: ") + what);
  };
  // Depths of the subtrees still to come, the next one on top.
  std::vector<unsigned> open = {0};
  for (const SparseProofNode& node : nodes) {
    if (open.empty()) return malformed("nodes after the root's subtree");
    const unsigned depth = open.back();
    open.pop_back();
    if (node.kind != SparseNodeKind::interior) continue;
    if (depth == kSparseKeyBits) return malformed("deeper than 256 levels");
    open.insert(open.end(), {depth + 1, depth + 1});
  }
  if (!open.empty()) return malformed("truncated: subtrees missing");
  return Ok{};
}

}  // namespace merkleforge::sparse_detail
