// What the binary and JSON encodings of SparseProof share: the terminal kind, the placeholder
// bitmap, and the checks that make an encoding canonical.
#pragma once

#include <functional>

#include "merkleforge/sparse/proof.hpp"

namespace merkleforge::sparse_detail {

enum class Terminal : std::uint8_t { empty = 0, queried_key = 1, other_key = 2 };

struct ProofLayout {
  Terminal terminal;
  Bytes bitmap;  // bit d set: sibling d is sent

  static ProofLayout of(const SparseProof& proof, const Digest32& key_hash);
};

Result<HashAlgorithm> hash_from_id(std::uint8_t id);
Result<Terminal> terminal_from_id(std::uint8_t id);

/// Fills `siblings` with `depth` entries: placeholders where `bitmap` has a zero bit, else the
/// next digest `read` produces (false: input exhausted). Errors: malformed_input for stray bits
/// or missing digests, and for a sent digest equal to the placeholder (the bitmap must say it).
Status expand_siblings(ByteSpan bitmap, std::size_t depth,
                       const std::function<bool(Digest32&)>& read, std::vector<Digest32>& siblings);

/// Rejects a leaf of kind "other key" that names the queried key (the encoder says "queried key").
Status check_terminal(const SparseProof& proof, const Digest32& key_hash, Terminal terminal);

}  // namespace merkleforge::sparse_detail
