#include "merkleforge/hash/node_hashing.hpp"

namespace merkleforge {
namespace {

// Contexts follow the BLAKE3 guidance (hard-coded, unique, with a version); changing them changes
// every BLAKE3 root, so they are part of the format (docs/binary-tree.md).
constexpr std::string_view kLeafContext = "MerkleForge 2026-11 binary tree leaf v1";
constexpr std::string_view kNodeContext = "MerkleForge 2026-11 binary tree node v1";

Blake3::Key derive_tree_key(std::string_view context) noexcept {
  return Blake3::derive_key(context).finalize();
}

}  // namespace

const Blake3::Key& Rfc6962Hashing<Blake3>::leaf_key() noexcept {
  static const Blake3::Key key = derive_tree_key(kLeafContext);
  return key;
}

const Blake3::Key& Rfc6962Hashing<Blake3>::node_key() noexcept {
  static const Blake3::Key key = derive_tree_key(kNodeContext);
  return key;
}

}  // namespace merkleforge
