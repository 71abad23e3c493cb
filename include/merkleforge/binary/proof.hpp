// Proofs of the binary Merkle tree. Each names the hash and node scheme it was made with, so a
// decoded proof cannot be checked against a root of another hash by mistake; the verifiers
// (binary/verify.hpp) reject a proof whose hash or scheme differ from theirs.
#pragma once

#include <cstdint>
#include <variant>
#include <vector>

#include "merkleforge/core/bytes.hpp"
#include "merkleforge/hash/node_hashing.hpp"

namespace merkleforge {

/// Inclusion of leaf `leaf_index` in the tree of `tree_size` leaves: sibling hashes bottom-up
/// (RFC 9162 §2.1.3.1 PATH order). Its length is inclusion_proof_length(leaf_index, tree_size).
struct InclusionProof {
  HashAlgorithm hash = HashAlgorithm::sha256;
  NodeScheme scheme = NodeScheme::rfc6962;
  std::uint64_t tree_size = 0;
  std::uint64_t leaf_index = 0;
  std::vector<Digest32> path;
  bool operator==(const InclusionProof&) const = default;
};

/// Consistency of the tree of `old_size` leaves with the tree of `new_size` leaves
/// (RFC 9162 §2.1.4.1 SUBPROOF order); 0 < old_size <= new_size, empty when the sizes are equal.
struct ConsistencyProof {
  HashAlgorithm hash = HashAlgorithm::sha256;
  NodeScheme scheme = NodeScheme::rfc6962;
  std::uint64_t old_size = 0;
  std::uint64_t new_size = 0;
  std::vector<Digest32> path;
  bool operator==(const ConsistencyProof&) const = default;
};

/// Inclusion of several leaves at once. `leaf_indices` are sorted and unique; `siblings` are the
/// hashes the verifier cannot compute itself, each sent once, in the order walk_multiproof
/// (binary/shape.hpp) asks for them: level by level from the leaves, left to right.
struct MultiProof {
  HashAlgorithm hash = HashAlgorithm::sha256;
  NodeScheme scheme = NodeScheme::rfc6962;
  std::uint64_t tree_size = 0;
  std::vector<std::uint64_t> leaf_indices;
  std::vector<Digest32> siblings;
  bool operator==(const MultiProof&) const = default;
};

using AnyProof = std::variant<InclusionProof, ConsistencyProof, MultiProof>;

}  // namespace merkleforge
