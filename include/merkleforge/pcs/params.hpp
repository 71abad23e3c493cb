// FRI-Binius polynomial commitment (DP24, as in Binius v0): what prover and verifier agree on
// before any proof exists — the committed shapes, the derived parameters, the statement digest
// and the proof's fixed byte layout. Layer: binius fields / NTT / RS codes ← zk transcript ←
// pcs (this) ← protocols. docs/binius-pcs.md describes the protocol, format and soundness.
//
// Committed data: a batch of multilinear polynomials, polynomial j over the tower field
// T_level(j) in n_vars(j) variables, given as its 2^n_vars hypercube values packed densely into
// B128 words (value i of a T_level polynomial in bits [i·2^level, (i+1)·2^level) of the packed
// bit string: the in-memory layout of a T_level array). Packed, polynomial j is a B128
// multilinear of packed_vars = max(0, n_vars − (7 − level)) variables (a polynomial with fewer
// than 7 − level variables occupies the low bits of one word). The packed polynomials are
// concatenated largest first (ties in caller order) into one piecewise multilinear t* of
// total_vars = ℓ* variables, zero-padded; polynomial j occupies t*[offset, offset + 2^packed_vars),
// offset a multiple of its size, i.e. the subcube whose high ℓ* − packed_vars variables are the
// bits of offset >> packed_vars.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "merkleforge/binius/tower.hpp"
#include "merkleforge/core/bytes.hpp"
#include "merkleforge/core/result.hpp"
#include "merkleforge/soundness/bound.hpp"

namespace merkleforge::pcs {

using binius::B128;

/// Identifies this protocol in the transcript and in proofs.
inline constexpr std::string_view kPcsProtocol = "merkleforge/pcs/fri-binius/v3";
/// First bytes of every encoded proof: "MFPC" and the format version.
inline constexpr std::uint8_t kProofMagic[4] = {'M', 'F', 'P', 'C'};
inline constexpr std::uint8_t kProofVersion = 3;
/// Bytes of the proof header (magic + version).
inline constexpr std::size_t kProofHeaderBytes = 5;
/// Largest number of evaluation claims in one proof (bounds the batching error term).
inline constexpr std::size_t kMaxClaims = std::size_t{1} << 16;
/// Largest committed size ℓ* (the NTT domain is B32: ℓ* + log_inv_rate <= 32). Whether a size
/// can reach a security target is decided by the soundness terms (derive_params).
inline constexpr unsigned kMaxTotalVars = 28;
/// Most queries derive_params will choose; a target that needs more is unreachable.
inline constexpr unsigned kMaxQueries = 4096;

struct PolynomialShape {
  unsigned tower_level = 7;  ///< 0 (B1) .. 7 (B128); levels 1 and 2 are accepted too
  unsigned n_vars = 0;       ///< variables over its own field
  bool operator==(const PolynomialShape&) const = default;
};

/// Most proof-of-work bits before the query indices (docs/binius-pcs.md, "Security regimes":
/// grinding replaces queries one for one only while a prover's 2^k hashes stay cheap).
inline constexpr unsigned kMaxQueryWorkBits = 24;

/// The parameters a caller chooses; everything else is derived (derive_params). Two named
/// profiles (Profile, profile_config) fix them; any configuration is bound into the statement
/// digest, so a proof made under one never verifies under another.
struct PcsConfig {
  /// Target of the soundness account: the work-adjusted bound (soundness/bound.hpp), which is
  /// the interactive one when nothing grinds.
  unsigned security_bits = 100;
  unsigned log_inv_rate = 1;  ///< 1 (rate 1/2) or 2 (rate 1/4)
  /// Proof-of-work bits before the query indices (0 .. kMaxQueryWorkBits): each bit saves
  /// 1/log2(1/acceptance) queries against a Fiat–Shamir prover, and costs the prover 2^bits hashes.
  unsigned query_work_bits = 0;
  /// 0: the query count comes from the soundness formula. Otherwise this many queries are used
  /// whatever the soundness (weak parameters for tests measuring rejection rates); describe()
  /// then reports the security actually reached.
  unsigned fixed_queries = 0;
  /// 0: the fold arity minimising the proof size (cost model). Otherwise this arity (1..8).
  unsigned fixed_arity = 0;
  bool operator==(const PcsConfig&) const = default;
};

/// The named commitment profiles (docs/binius-pcs.md, "Security regimes").
enum class Profile {
  fast,  ///< rate 1/2, no query proof of work: the fastest commit and open
  slim,  ///< rate 1/4, 16 bits of query proof of work: ~0.6× the proof, ~2× the commit
};
/// The profile's configuration at the given target.
PcsConfig profile_config(Profile profile, unsigned security_bits = 100);
/// "fast" or "slim".
std::string_view profile_name(Profile profile);
/// "fast", "slim" (the profiles' rate and proof of work, any target) or "custom".
std::string_view profile_name(const PcsConfig& config);
/// The profile of that name. Errors: invalid_argument for another name.
Result<Profile> profile_named(std::string_view name);

struct PolynomialLayout {
  PolynomialShape shape;
  unsigned packed_vars = 0;  ///< B128 variables after packing
  std::uint64_t offset = 0;  ///< first B128 index in t*
  bool operator==(const PolynomialLayout&) const = default;
};

/// One Merkle oracle: oracle 0 is the committed interleaved codeword, oracle k >= 1 the
/// codeword after arity·k folds. The queries open each oracle with one multiproof: its distinct
/// leaves and the siblings no opened leaf gives (binary/proof.hpp MultiProof order).
struct OracleShape {
  unsigned log_leaves = 0;  ///< log2 of leaves (codeword positions / 2^arity for k >= 1)
  bool operator==(const OracleShape&) const = default;
};

struct PcsParams {
  PcsConfig config;
  std::vector<PolynomialLayout> polynomials;  ///< in the caller's order
  unsigned total_vars = 0;                    ///< ℓ*
  unsigned arity = 0;                ///< folds per oracle; also log2 of interleaved polynomials
  unsigned terminal_vars = 0;        ///< m: the terminal message has 2^m values
  std::vector<OracleShape> oracles;  ///< oracle 0 first
  unsigned queries = 0;
  /// Proof-of-work bits before each fold challenge: 0 unless the folding term 2^(ℓ* + R)/|F|
  /// would take more than a quarter of the target's error, then the fewest that bring it there.
  unsigned fold_work_bits = 0;
  /// The error terms: sumcheck, folding, queries, claim batching, ring-switching (soundness/).
  soundness::Bound soundness;

  /// NTT dimension n = ℓ* − arity of the interleaved code.
  unsigned log_dim() const { return total_vars - arity; }
  /// Bits of a query index: codeword positions are 2^(n + R).
  unsigned query_bits() const { return log_dim() + config.log_inv_rate; }
  bool operator==(const PcsParams&) const = default;
};

/// Derives every parameter from the shapes and the configuration: layout (largest first),
/// ℓ* = max(arity, ⌈log2 Σ 2^packed_vars⌉), arity and number of oracles minimising the expected
/// proof size (expected_proof_size), fold proof of work as PcsParams::fold_work_bits, query count
/// minimal for security_bits (with the configured query proof of work). Errors:
/// invalid_argument for no shapes, a tower level > 7, a size beyond kMaxTotalVars, a rate other
/// than 1/2 or 1/4, an arity outside 1..8, query proof of work above kMaxQueryWorkBits, a
/// security target the formula cannot reach. Always returns: the query count is searched up to
/// kMaxQueries.
Result<PcsParams> derive_params(const std::vector<PolynomialShape>& shapes,
                                const PcsConfig& config);

/// Human-readable parameters, one per line.
std::string describe_parameters(const PcsParams& params);
/// describe_parameters and the soundness account (every term, the interactive and the
/// Fiat–Shamir statements).
std::string describe(const PcsParams& params);

/// An evaluation claim: polynomial `polynomial` (index into the shapes) at `point` (n_vars
/// coordinates in B128, canonical tower values) equals `value`.
struct EvaluationClaim {
  std::uint32_t polynomial = 0;
  std::vector<B128> point;
  B128 value;
};

/// Checks claims against the parameters. Errors: invalid_argument for no claims, more than
/// kMaxClaims, an unknown polynomial index, or a point of the wrong length.
Status check_claims(const PcsParams& params, const std::vector<EvaluationClaim>& claims);

/// SHA-256 of everything the verifier is given: protocol, configuration (profile knobs and both
/// proof-of-work difficulties), shapes, root and claims (points and values). Absorbed first by
/// the transcript.
Digest32 statement_digest(const PcsParams& params, const Digest32& root,
                          const std::vector<EvaluationClaim>& claims);

/// One field of the encoded proof: name (e.g. "round 3 polynomial"), offset and size in bytes.
struct ProofField {
  std::string name;
  std::size_t offset = 0;
  std::size_t size = 0;
};

/// The fixed part of the proof for these parameters and claims (precondition: check_claims
/// passed): the header and every field of the transcript tape, in order, derived from the
/// parameters alone. The advice tape follows; its size depends on the query positions (how many
/// distinct leaves and siblings the multiproofs hold), between advice_bounds().
std::vector<ProofField> proof_layout(const PcsParams& params,
                                     const std::vector<EvaluationClaim>& claims);

/// Bytes of the header and the transcript tape (the end of proof_layout).
std::size_t fixed_size(const PcsParams& params, const std::vector<EvaluationClaim>& claims);

/// The advice tape's size: the least and the most any query positions give, and the expected
/// size for uniform positions (what the cost model minimises).
struct AdviceBounds {
  std::size_t min = 0, max = 0;
  double expected = 0;
};
AdviceBounds advice_bounds(const PcsParams& params);

/// fixed_size plus the expected advice: a proof's size on average.
double expected_proof_size(const PcsParams& params, const std::vector<EvaluationClaim>& claims);

/// κ = 7 − level: log2 of T_level values per B128 word.
inline unsigned packing_log(unsigned tower_level) {
  return 7 - tower_level;
}

}  // namespace merkleforge::pcs
