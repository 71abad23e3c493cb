// FRI-Binius PCS verifier (pcs/verifier.hpp): single-threaded, one field product at a time, its
// own twiddles and folds (derived here from the subspace polynomials, not taken from the NTT
// module the prover uses). Field values are kept in the POLYVAL basis (B128P) between reading them
// (canonical, from the tapes) and comparing them; products go one at a time through B128P's
// product (PCLMULQDQ where the CPU has it; no vector loops, no threads).
#include "merkleforge/pcs/verifier.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <map>
#include <memory>
#include <utility>

#include "merkleforge/binius/polyval.hpp"
#include "merkleforge/hash/node_hashing.hpp"
#include "merkleforge/hash/sha256.hpp"
#include "merkleforge/transcript/transcript.hpp"

namespace merkleforge::pcs {
namespace {

using binius::B128;
using binius::B128P;
using binius::to_canonical;
using binius::to_polyval;
using binius::uint128;
using Hashing = Rfc6962Hashing<Sha256>;

constexpr B128P kOne = B128P::one();

/// eq(x, y) for one coordinate: x·y + (1 + x)(1 + y).
B128P eq1(B128P x, B128P y) {
  return x * y + (x + kOne) * (y + kOne);
}

/// Π_i eq(x_i, y_i).
B128P eq(std::span<const B128P> x, std::span<const B128P> y) {
  B128P product = kOne;
  for (std::size_t i = 0; i < x.size(); ++i) product *= eq1(x[i], y[i]);
  return product;
}

/// eq(bits, y) for a Boolean point: Π_i (y_i if bit i else 1 + y_i).
B128P eq_bits(std::uint64_t bits, std::span<const B128P> y) {
  B128P product = kOne;
  for (std::size_t i = 0; i < y.size(); ++i) product *= ((bits >> i) & 1) ? y[i] : y[i] + kOne;
  return product;
}

Error reject(const std::string& what) {
  return make_error(Errc::corrupt_data, "pcs verify: " + what);
}

// ---- twiddles: Ŵ_i(β_j) from W_0(X) = X, W_(i+1)(X) = W_i(X)·(W_i(X) + W_i(β_i)) ----

class Twiddles {
 public:
  explicit Twiddles(unsigned domain_bits) : normalized_(domain_bits) {
    std::vector<B128P> w(domain_bits);  // W_i(β_j), for the current i
    for (unsigned j = 0; j < domain_bits; ++j) w[j] = to_polyval(B128(uint128{1} << j));
    for (unsigned i = 0; i < domain_bits; ++i) {
      const B128P norm_inverse = w[i].inverse();
      normalized_[i].assign(domain_bits, B128P::zero());
      for (unsigned j = i; j < domain_bits; ++j) normalized_[i][j] = w[j] * norm_inverse;
      const B128P at_beta = w[i];
      for (unsigned j = 0; j < domain_bits; ++j) w[j] *= w[j] + at_beta;
    }
  }

  /// The twiddle of fold (NTT round) `fold` for pair (block) index `index`:
  /// Ŵ_fold(Σ_b index_b·β_(fold+1+b)).
  B128P at(unsigned fold, std::uint64_t index) const {
    B128P sum;
    for (unsigned b = 0; index >> b != 0; ++b) {
      if ((index >> b) & 1) sum += normalized_[fold][fold + 1 + b];
    }
    return sum;
  }

 private:
  std::vector<std::vector<B128P>> normalized_;  // [i][j] = Ŵ_i(β_j) for j >= i
};

/// One FRI-Binius fold of the pair (u, v) with twiddle t and challenge r.
B128P fold_pair(B128P u, B128P v, B128P t, B128P r) {
  v += u;
  u += t * v;
  return u + r * (u + v);
}

/// The terminal codeword: the 2^m message values encoded on each of the 2^R cosets of the
/// domain reached after `fold` pairwise folds (forward butterflies of rounds fold+m−1 .. fold).
std::vector<B128P> encode_terminal(const std::vector<B128P>& message, unsigned log_inv_rate,
                                   unsigned fold, const Twiddles& twiddles) {
  std::vector<B128P> data;
  for (unsigned coset = 0; coset < (1u << log_inv_rate); ++coset) {
    data.insert(data.end(), message.begin(), message.end());
  }
  const auto m = static_cast<unsigned>(std::bit_width(message.size() - 1));
  for (unsigned round = m; round-- > 0;) {
    const std::size_t half = std::size_t{1} << round;
    for (std::size_t block = 0; block < data.size() / (2 * half); ++block) {
      const B128P t = twiddles.at(fold + round, block);
      for (std::size_t x = 0; x < half; ++x) {
        B128P& u = data[block * 2 * half + x];
        B128P& v = data[block * 2 * half + half + x];
        u += t * v;
        v += u;
      }
    }
  }
  return data;
}

// ---- ring-switching: the tensor algebra T7 ⊗_{T_level} T7 ----

/// Slot w (a T_level value, zero-extended) of a canonical word.
B128 slot(B128 word, unsigned level, unsigned w) {
  const unsigned bits = 1u << level;
  const uint128 mask = bits == 128 ? ~uint128{0} : (uint128{1} << bits) - 1;
  return B128((word.value() >> (w * bits)) & mask);
}

/// The POLYVAL images of a T_level subfield's elements: a table for levels up to 3 (at most 256
/// values), since the indicator below converts 2^(2κ) slot values per coordinate (16,384 for B1,
/// most of a B1 claim's verification when each was converted by itself).
class SubfieldToPolyval {
 public:
  explicit SubfieldToPolyval(unsigned level) {
    if (level > 3) return;
    table_.resize(std::size_t{1} << (1u << level));
    for (std::size_t v = 0; v < table_.size(); ++v) table_[v] = to_polyval(B128(v));
  }
  B128P operator()(B128 value) const {
    return table_.empty() ? to_polyval(value) : table_[static_cast<std::size_t>(value.value())];
  }

 private:
  std::vector<B128P> table_;
};

/// The 256 sums of each 8 consecutive rows of 128: 64 KiB, made once per indicator.
using ByteSums = std::array<std::array<B128P, 256>, 16>;

/// One coordinate's mix at level 0 (T_0 = bits): mixed[w2] = rows[w2]·(1 + r_i) + Σ_w bit w2 of
/// (h·β_w) · rows[w]. The bits form a 128 × 128 matrix; its transpose's rows pick sums of rows,
/// read from `sums` (rewritten here): about 6,000 additions, where the generic mix converts and
/// adds 16,384 slot values (most of a Boolean claim's verification).
void mix_bits(B128 h, B128P one_plus_r, std::span<const B128P> rows, std::span<B128P> mixed,
              ByteSums& sums) {
  std::array<uint128, 128> picks{};  // picks[w2]: the w whose product h·β_w has bit w2
  for (unsigned w = 0; w < 128; ++w) {
    for (uint128 bits = (h * B128(uint128{1} << w)).value(); bits != 0; bits &= bits - 1) {
      const auto low = static_cast<std::uint64_t>(bits);
      const unsigned w2 = low != 0 ? std::countr_zero(low)
                                   : 64 + std::countr_zero(static_cast<std::uint64_t>(bits >> 64));
      picks[w2] |= uint128{1} << w;
    }
  }
  for (unsigned g = 0; g < 16; ++g) {
    sums[g][0] = B128P::zero();
    for (unsigned b = 1; b < 256; ++b) {
      sums[g][b] = sums[g][b & (b - 1)] + rows[8 * g + std::countr_zero(b)];
    }
  }
  for (unsigned w2 = 0; w2 < 128; ++w2) {
    B128P sum = rows[w2] * one_plus_r;
    for (unsigned g = 0; g < 16; ++g)
      sum += sums[g][static_cast<std::uint8_t>(picks[w2] >> (8 * g))];
    mixed[w2] = sum;
  }
}

/// The multilinear extension of the ring-switching indicator at r: E = Π_i (h_i ⊗ r_i +
/// (1 + h_i) ⊗ (1 + r_i)) held as rows E = Σ_w β_w ⊗ E_w, then Σ_w eq(rows, w)·E_w.
/// `high` is canonical (its products with the basis β_w are split into T_level slots).
B128P ring_switch_indicator(unsigned level, std::span<const B128> high, std::span<const B128P> r,
                            std::span<const B128P> row_eq) {
  const unsigned kappa = packing_log(level);
  const std::size_t slots = std::size_t{1} << kappa;
  std::vector<B128P> rows(slots), mixed(slots);
  rows[0] = kOne;
  std::vector<B128P> slot_images(slots * slots);  // [w'·slots + w] = slot_w'(h·β_w)
  const SubfieldToPolyval subfield(level);
  std::unique_ptr<ByteSums> byte_sums;  // level 0: made on the first random coordinate
  for (std::size_t i = 0; i < high.size(); ++i) {
    if (high[i] == B128::zero() || high[i] == B128::one()) {
      // h = 0 gives the factor 1 ⊗ (1 + r_i), h = 1 gives 1 ⊗ r_i: no slot images to mix
      // (the coordinates a claim fixes to a slot of z, as the Boolean engine's wirings do).
      const B128P factor = high[i] == B128::one() ? r[i] : r[i] + kOne;
      for (B128P& row : rows) row = row * factor;
      continue;
    }
    if (level == 0) {
      if (!byte_sums) byte_sums = std::make_unique<ByteSums>();
      mix_bits(high[i], r[i] + kOne, rows, mixed, *byte_sums);
      std::swap(rows, mixed);
      continue;
    }
    for (std::size_t w = 0; w < slots; ++w) {
      const B128 product = high[i] * B128(uint128{1} << (w << level));  // h·β_w
      for (std::size_t w2 = 0; w2 < slots; ++w2) {
        slot_images[w2 * slots + w] = subfield(slot(product, level, static_cast<unsigned>(w2)));
      }
    }
    const B128P one_plus_r = r[i] + kOne;
    for (std::size_t w2 = 0; w2 < slots; ++w2) {
      B128P sum = rows[w2] * one_plus_r;
      for (std::size_t w = 0; w < slots; ++w) {
        const B128P coefficient = slot_images[w2 * slots + w];
        if (coefficient == B128P::zero()) continue;
        sum += coefficient == kOne ? rows[w] : coefficient * rows[w];
      }
      mixed[w2] = sum;
    }
    std::swap(rows, mixed);
  }
  B128P out;
  for (std::size_t w = 0; w < slots; ++w) out += row_eq[w] * rows[w];
  return out;
}

// ---- Merkle openings against a verified cap ----

Digest32 leaf_hash(std::span<const B128> values) {
  std::uint8_t bytes[16 * 256];
  for (std::size_t i = 0; i < values.size(); ++i) transcript::store_b128(values[i], bytes + 16 * i);
  return Hashing::leaf(ByteSpan(bytes, 16 * values.size()));
}

/// One oracle's opened leaves: their indices, ascending and distinct, and their values (POLYVAL
/// basis), 2^arity per leaf.
struct OpenedLeaves {
  std::vector<std::uint64_t> indices;
  std::vector<B128P> values;
  std::size_t width = 0;

  /// The values of leaf `index`. Precondition: index is one of `indices`.
  std::span<const B128P> at(std::uint64_t index) const {
    const auto found = std::lower_bound(indices.begin(), indices.end(), index);
    return std::span(values).subspan(static_cast<std::size_t>(found - indices.begin()) * width,
                                     width);
  }
};

/// Reads the opening of oracle `oracle` at the positions' leaves (leaf = position >> shift): the
/// distinct leaves in ascending order, then the multiproof's siblings, level by level from the
/// leaves and left to right, each node's sibling read only when no opened leaf gives it; checks
/// that they hash to `root`. Written here apart from the binary tree's multiproof, which the
/// prover uses, so that the two must agree.
Result<OpenedLeaves> read_oracle(transcript::VerifierTranscript& transcript,
                                 const OracleShape& shape, unsigned arity,
                                 const std::vector<std::uint64_t>& positions, unsigned shift,
                                 const Digest32& root, std::size_t oracle) {
  OpenedLeaves opened;
  opened.width = std::size_t{1} << arity;
  for (std::uint64_t position : positions) opened.indices.push_back(position >> shift);
  std::sort(opened.indices.begin(), opened.indices.end());
  opened.indices.erase(std::unique(opened.indices.begin(), opened.indices.end()),
                       opened.indices.end());
  std::vector<std::pair<std::uint64_t, Digest32>> known;
  std::vector<B128> canonical(opened.width);
  for (std::uint64_t index : opened.indices) {
    if (Status read = transcript.read_advice_b128s(canonical); !read) return read.error();
    known.emplace_back(index, leaf_hash(canonical));
    for (B128 value : canonical) opened.values.push_back(to_polyval(value));
  }
  for (unsigned level = 0; level < shape.log_leaves; ++level) {
    std::size_t parents = 0;
    for (std::size_t j = 0; j < known.size(); ++j) {
      const auto [index, node] = known[j];
      Digest32 sibling;
      if (j + 1 < known.size() && known[j + 1].first == (index ^ 1)) {
        sibling = known[++j].second;
      } else {
        auto read = transcript.read_advice_digest();
        if (!read) return read.error();
        sibling = *read;
      }
      known[parents++] = {
          index >> 1, (index & 1) ? Hashing::node(sibling, node) : Hashing::node(node, sibling)};
    }
    known.resize(parents);
  }
  if (known.size() != 1 || known[0].second != root) {
    return reject("oracle " + std::to_string(oracle) + ": the multiproof does not reach its root");
  }
  return opened;
}

/// Claim j's point padded with zeros to κ + packed_vars.
std::vector<B128> padded_point(const PolynomialLayout& layout, const EvaluationClaim& claim) {
  std::vector<B128> point = claim.point;
  point.resize(packing_log(layout.shape.tower_level) + layout.packed_vars);
  return point;
}

/// An ordering of (tower level, point) keys, for the map of shared indicators.
struct LevelPointLess {
  bool operator()(const std::pair<unsigned, std::vector<B128>>& a,
                  const std::pair<unsigned, std::vector<B128>>& b) const {
    if (a.first != b.first) return a.first < b.first;
    return std::lexicographical_compare(a.second.begin(), a.second.end(), b.second.begin(),
                                        b.second.end(),
                                        [](B128 x, B128 y) { return x.value() < y.value(); });
  }
};

}  // namespace

Result<DecodedProof> decode_proof(const PcsParams& params,
                                  const std::vector<EvaluationClaim>& claims, ByteSpan proof) {
  // The parameters are trusted input, but only in the form derive_params gives them: anything
  // else (hand-edited oracles, offsets, query count) is refused before it can steer a read.
  std::vector<PolynomialShape> shapes;
  for (const PolynomialLayout& polynomial : params.polynomials) shapes.push_back(polynomial.shape);
  auto derived = derive_params(shapes, params.config);
  if (!derived || !(*derived == params)) {
    return make_error(Errc::invalid_argument,
                      "pcs proof: parameters are not those derive_params gives for their shapes");
  }
  if (Status valid = check_claims(params, claims); !valid) return valid.error();
  const std::size_t fixed = fixed_size(params, claims);
  const AdviceBounds advice = advice_bounds(params);
  if (proof.size() < fixed + advice.min || proof.size() > fixed + advice.max) {
    return make_error(Errc::malformed_input, "pcs proof: " + std::to_string(proof.size()) +
                                                 " bytes, expected " +
                                                 std::to_string(fixed + advice.min) + " to " +
                                                 std::to_string(fixed + advice.max));
  }
  if (!std::equal(kProofMagic, kProofMagic + sizeof kProofMagic, proof.begin()) ||
      proof[sizeof kProofMagic] != kProofVersion) {
    return make_error(
        Errc::malformed_input,
        "pcs proof: not a version " + std::to_string(kProofVersion) + " FRI-Binius proof");
  }
  // The advice is read strictly: a multiproof that ends early or late fails its reads or finish().
  return DecodedProof{proof.subspan(kProofHeaderBytes, fixed - kProofHeaderBytes),
                      proof.subspan(fixed)};
}

Status pcs_verify(const PcsParams& params, const Digest32& root,
                  const std::vector<EvaluationClaim>& claims, ByteSpan proof) {
  auto decoded = decode_proof(params, claims, proof);
  if (!decoded) return decoded.error();
  transcript::VerifierTranscript transcript(kPcsProtocol, statement_digest(params, root, claims),
                                            decoded->transcript, decoded->advice);
  transcript.absorb_commitment(root);  // also in the statement; challenges may start

  // Ring-switching: each subfield claim's tensor columns must evaluate to its value.
  transcript.begin_phase("pcs/ring-switch");
  std::vector<std::vector<B128>> columns(claims.size());
  for (std::size_t j = 0; j < claims.size(); ++j) {
    const PolynomialLayout& layout = params.polynomials[claims[j].polynomial];
    const unsigned level = layout.shape.tower_level;
    if (level == 7) continue;
    columns[j].resize(std::size_t{1} << packing_log(level));
    if (Status read = transcript.read_b128s(columns[j]); !read) return read;
    const std::vector<B128P> point = to_polyval(padded_point(layout, claims[j]));
    const std::vector<B128P> low_eq =
        binius::polyval_eq_tensor(std::span(point).first(packing_log(level)));
    B128P combined;
    for (std::size_t u = 0; u < columns[j].size(); ++u) {
      combined += to_polyval(columns[j][u]) * low_eq[u];
    }
    if (combined != to_polyval(claims[j].value)) {
      return reject("claim " + std::to_string(j) + ": ring-switch columns do not match the value");
    }
  }
  std::array<B128P, 7> row_point;
  for (B128P& coordinate : row_point) coordinate = to_polyval(transcript.sample_b128());

  // Batching: the running claim Σ_j α^j·s_j, s_j the value or the row-batched tensor element.
  transcript.begin_phase("pcs/batch");
  const B128P alpha = to_polyval(transcript.sample_b128());
  std::vector<B128P> powers(claims.size());
  B128P claim;
  B128P power = kOne;
  for (std::size_t j = 0; j < claims.size(); ++j) {
    powers[j] = power;
    const unsigned level = params.polynomials[claims[j].polynomial].shape.tower_level;
    B128P value = to_polyval(claims[j].value);
    if (level < 7) {
      // Row w of the tensor element: slot u holds slot w of column u.
      const unsigned kappa = packing_log(level);
      const std::vector<B128P> row_eq =
          binius::polyval_eq_tensor(std::span(row_point).first(kappa));
      value = B128P::zero();
      for (std::size_t w = 0; w < row_eq.size(); ++w) {
        uint128 row = 0;
        for (std::size_t u = 0; u < columns[j].size(); ++u) {
          row |= slot(columns[j][u], level, static_cast<unsigned>(w)).value() << (u << level);
        }
        value += row_eq[w] * to_polyval(B128(row));
      }
    }
    claim += power * value;
    power *= alpha;
  }

  // Sumcheck rounds; oracle roots and the terminal message arrive on the fold schedule.
  transcript.begin_phase("pcs/sumcheck-fri");
  const unsigned arity = params.arity;
  const unsigned terminal_after = params.total_vars - params.terminal_vars;
  std::vector<B128P> r;
  std::vector<Digest32> roots{root};
  std::vector<B128> terminal_message(std::size_t{1} << params.terminal_vars);
  for (unsigned round = 0; round < params.total_vars; ++round) {
    auto constant = transcript.read_b128();
    if (!constant) return constant.error();
    auto quadratic = transcript.read_b128();
    if (!quadratic) return quadratic.error();
    const B128P c0 = to_polyval(*constant);
    const B128P c2 = to_polyval(*quadratic);
    const B128P c1 = claim + c2;  // g(0) + g(1) = c1 + c2 in characteristic 2
    if (Status work = transcript.check_work(params.fold_work_bits); !work) return work;
    const B128P challenge = to_polyval(transcript.sample_b128());
    r.push_back(challenge);
    claim = c0 + challenge * (c1 + challenge * c2);
    const unsigned folds = round + 1;
    if (folds % arity == 0 && folds / arity < params.oracles.size()) {
      auto oracle_root = transcript.read_digest();
      if (!oracle_root) return oracle_root.error();
      roots.push_back(*oracle_root);
    }
    if (folds == terminal_after) {
      if (Status read = transcript.read_b128s(terminal_message); !read) return read;
    }
  }

  // Final sumcheck claim: t*(r)·A*(r), t*(r) from the terminal message.
  const std::vector<B128P> terminal = to_polyval(terminal_message);
  const std::vector<B128P> terminal_eq =
      binius::polyval_eq_tensor(std::span(r).subspan(terminal_after));
  B128P t_at_r;
  for (std::size_t j = 0; j < terminal.size(); ++j) t_at_r += terminal[j] * terminal_eq[j];
  // A*(r): one indicator per (tower level, packed size, high point), shared by its claims.
  std::map<std::pair<unsigned, std::vector<B128>>, B128P, LevelPointLess> shared_indicators;
  B128P indicator;
  for (std::size_t j = 0; j < claims.size(); ++j) {
    const PolynomialLayout& layout = params.polynomials[claims[j].polynomial];
    const unsigned level = layout.shape.tower_level;
    const unsigned p = layout.packed_vars;
    const std::span<const B128P> r_low = std::span<const B128P>(r).first(p);
    const std::vector<B128> point = padded_point(layout, claims[j]);
    const std::vector<B128> high(point.begin() + packing_log(level), point.end());
    B128P piece;
    if (level == 7) {
      piece = eq(to_polyval(high), r_low);
    } else {
      auto [entry, fresh] = shared_indicators.try_emplace({level, high}, B128P::zero());
      if (fresh) {
        entry->second = ring_switch_indicator(
            level, high, r_low,
            binius::polyval_eq_tensor(std::span(row_point).first(packing_log(level))));
      }
      piece = entry->second;
    }
    const B128P selector = eq_bits(layout.offset >> p, std::span<const B128P>(r).subspan(p));
    indicator += powers[j] * piece * selector;
  }
  if (claim != t_at_r * indicator) return reject("the sumcheck's final claim does not hold");

  // Queries: every oracle's multiproof, then per query every oracle's leaf folded into the next
  // oracle's value.
  transcript.begin_phase("pcs/query");
  if (Status work = transcript.check_work(params.config.query_work_bits); !work) return work;
  const Twiddles twiddles(params.query_bits());
  const std::vector<B128P> terminal_codeword =
      encode_terminal(terminal, params.config.log_inv_rate,
                      arity * static_cast<unsigned>(params.oracles.size() - 1), twiddles);
  std::vector<std::uint64_t> positions(params.queries);
  for (std::uint64_t& position : positions) position = transcript.sample_index(params.query_bits());
  std::vector<OpenedLeaves> opened;
  for (std::size_t k = 0; k < params.oracles.size(); ++k) {
    auto leaves = read_oracle(transcript, params.oracles[k], arity, positions,
                              static_cast<unsigned>(arity * k), roots[k], k);
    if (!leaves) return leaves.error();
    opened.push_back(std::move(*leaves));
  }
  const std::vector<B128P> interleave_eq =
      binius::polyval_eq_tensor(std::span<const B128P>(r).first(arity));
  for (unsigned query = 0; query < params.queries; ++query) {
    const std::uint64_t position = positions[query];
    const std::string where = "query " + std::to_string(query);
    const std::span<const B128P> first = opened[0].at(position);
    B128P value;
    for (std::size_t m = 0; m < first.size(); ++m) value += interleave_eq[m] * first[m];
    for (std::size_t k = 1; k < params.oracles.size(); ++k) {
      const auto shift = static_cast<unsigned>(arity * k);
      const std::uint64_t leaf_index = position >> shift;
      const std::span<const B128P> leaf = opened[k].at(leaf_index);
      const std::uint64_t entry = (position >> (shift - arity)) & ((std::uint64_t{1} << arity) - 1);
      if (leaf[static_cast<std::size_t>(entry)] != value) {
        // Only a prover that folded other data than it committed gets here (not reached by
        // mutation: an edited leaf fails its multiproof first); tests/pcs PcsCheatingProver.
        return reject(where + " oracle " + std::to_string(k) + ": fold mismatch");
      }
      std::vector<B128P> current(leaf.begin(), leaf.end());
      for (unsigned s = 0; s < arity; ++s) {
        const unsigned fold = arity * static_cast<unsigned>(k - 1) + s;
        const B128P challenge = r[arity * k + s];
        const std::size_t pairs = current.size() / 2;
        for (std::size_t x = 0; x < pairs; ++x) {
          const B128P t = twiddles.at(fold, (leaf_index << (arity - s - 1)) + x);
          current[x] = fold_pair(current[2 * x], current[2 * x + 1], t, challenge);
        }
        current.resize(pairs);
      }
      value = current[0];
    }
    const std::uint64_t terminal_index =
        position >> (arity * static_cast<unsigned>(params.oracles.size() - 1));
    if (terminal_codeword[static_cast<std::size_t>(terminal_index)] != value) {
      // As the fold check (not reached by mutation: editing the absorbed terminal codeword moves
      // the query positions, whose paths then fail); tests/pcs PcsCheatingProver.
      return reject(where + ": terminal codeword mismatch");
    }
  }
  return transcript.finish();
}

}  // namespace merkleforge::pcs
