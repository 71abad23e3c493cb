// EIP-6800 execution witnesses: the state a block reads (stateDiff) and the VerkleProof that it
// lies under the parent block's state root, in the consensus-specs / go-verkle form
// (../shared/research/verkle.md §6.4–6.6).
//
// Verification rebuilds the openings the proof must cover — for each stem, by its depth and
// extension status byte (depth << 3 | ext; ext 0 = no stem on the path, 1 = another stem there,
// 2 = present): every internal node on the path, and for a leaf its marker 1, its stem, the hash
// of C1 or C2 and the value halves (lo, hi) — then checks the multiproof over them with
// Transcript("vt"). Absent values are proven as (lo, hi) = (0, 0) in an existing stem, by another
// stem at the path, or by an empty slot.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "merkleforge/core/bytes.hpp"
#include "merkleforge/core/result.hpp"
#include "merkleforge/verkle/trie.hpp"

namespace merkleforge::verkle {

using Point32 = std::array<std::uint8_t, 32>;  ///< a compressed Banderwagon point

struct SuffixStateDiff {
  std::uint8_t suffix = 0;
  std::optional<Digest32> current_value;  ///< std::nullopt: absent before the block
  std::optional<Digest32> new_value;
};

struct StemStateDiff {
  Stem stem{};
  std::vector<SuffixStateDiff> suffix_diffs;
};

struct VerkleProof {
  std::vector<Stem> other_stems;
  Bytes depth_extension_present;             ///< one byte per distinct stem, in stem order
  std::vector<Point32> commitments_by_path;  ///< every path with openings but the root, sorted
  Point32 d{};
  std::array<Point32, 8> cl{}, cr{};
  Digest32 final_evaluation_be{};  ///< the IPA's last scalar, big-endian as in JSON and SSZ
};

struct ExecutionWitness {
  std::vector<StemStateDiff> state_diff;
  VerkleProof verkle_proof;
};

/// The witness of `keys` (any order, repeats allowed) in the trie's current state: their values
/// as current_value (std::nullopt where absent; new_value unset) and the proof of them under
/// trie.root(). Brings the trie's commitments up to date first. Errors: invalid_argument for an
/// empty key list.
Result<ExecutionWitness> prove_keys(VerkleTrie& trie, std::span<const TreeKey> keys);

/// The geth / Kaustinen JSON form (parse_execution_witness reads it back).
std::string to_json(const ExecutionWitness& witness);

/// Parses the geth / Kaustinen JSON form: {"stateDiff": [...], "verkleProof": {...}}, alone or
/// as the "executionWitness" member of a block. Errors: malformed_input naming the field.
Result<ExecutionWitness> parse_execution_witness(std::string_view json);

/// The SSZ encoding of consensus-specs EIP-6800 (`ExecutionWitness` container, Optional[Bytes32]
/// as Union[None, Bytes32], final_evaluation big-endian).
Bytes to_ssz(const ExecutionWitness& witness);

/// Parses the SSZ encoding, accepting only its canonical form. Errors: malformed_input naming
/// the part (bad offsets, lengths, union selectors, counts over the spec's limits). Like the JSON
/// parser it checks form only; verify_execution_witness checks meaning.
Result<ExecutionWitness> parse_execution_witness_ssz(ByteSpan bytes);

/// Checks that the witness's current values (present or absent) are those under
/// `pre_state_root` (the parent block's state root, trusted). Errors: malformed_input for a
/// witness that cannot be well formed (counts that disagree, unsorted or repeated stems, points
/// or scalars that do not decode, unused other stems, a value claimed where the proof says
/// absent); corrupt_data when the multiproof does not verify.
Status verify_execution_witness(const ExecutionWitness& witness, const Point32& pre_state_root);

}  // namespace merkleforge::verkle
