// FRI-Binius PCS, prover side: commit a batch of packed multilinears, then prove evaluation
// claims at B128 points (ring-switching for subfield polynomials, one batched sumcheck
// interleaved with FRI folding, terminal message, queries). Uses POLYVAL-basis packed
// arithmetic and the oneTBB pool; the verifier (verifier.hpp) is a separate scalar code path.
#pragma once

#include <span>
#include <vector>

#include "merkleforge/binary/tree.hpp"
#include "merkleforge/binius/polyval.hpp"
#include "merkleforge/core/large_pages.hpp"
#include "merkleforge/hash/sha256.hpp"
#include "merkleforge/pcs/params.hpp"

namespace merkleforge::pcs {

/// Wall-clock seconds per part of commit and prove, for benchmarks (filled when requested).
struct PcsTimings {
  double ntt = 0;            ///< Reed–Solomon encoding (additive NTT)
  double merkle = 0;         ///< Merkle trees: committed codeword and fold oracles
  double sumcheck_fold = 0;  ///< ring-switching, batching, sumcheck rounds, FRI folds
  double queries = 0;        ///< caps, leaves and paths of the query phase
  double work = 0;           ///< proof-of-work nonce searches (fold and query grinding)
};

/// The prover's state after committing: t*, its interleaved codeword and the tree over it.
struct PcsCommitted {
  PcsParams params;
  // On huge pages (core/large_pages.hpp): at ℓ* = 22 these are 320 MiB, and faulting them in
  // 4 KiB pages took longer than the encoding on a virtual machine.
  /// t*, 2^ℓ* values in the POLYVAL basis only: the encoder's input and the sumcheck's; the
  /// ring-switching pass converts the words it reads back block by block (no canonical copy).
  LargeVector<binius::B128P> message_polyval;
  LargeVector<B128> codeword;     ///< interleaved RS codeword (reed_solomon.hpp layout)
  BinaryMerkleTree<Sha256> tree;  ///< codeword_commitment.hpp leaves

  Digest32 root() const { return tree.root(); }
};

/// Commits polynomial j given as packed[j]: its 2^n_vars values over T_level, packed densely
/// (params.hpp), in max(1, 2^(n_vars + level − 7)) words; unused high bits of a lone word must
/// be zero. Errors: as derive_params; wrong_size for another number of polynomials or words;
/// invalid_argument for set bits beyond the values.
Result<PcsCommitted> pcs_commit(const std::vector<PolynomialShape>& shapes,
                                const std::vector<std::span<const B128>>& packed,
                                const PcsConfig& config, PcsTimings* timings = nullptr);

/// The encoded proof (params.hpp proof_layout) that the claims hold. The claimed values are
/// taken as given: a false claim yields a proof the verifier rejects. Errors: as check_claims.
Result<Bytes> pcs_prove(const PcsCommitted& committed, const std::vector<EvaluationClaim>& claims,
                        PcsTimings* timings = nullptr);

}  // namespace merkleforge::pcs
