// Why every protocol needs the commitment absorbed before its first challenge: one adaptive
// cheater per protocol (sumcheck, zerocheck, grand product, channel, lookup).
//
// The cheater runs the honest prover on data that satisfy the statement, reads the evaluation
// points the verifier ends at, and then picks false data that agree with the honest data at those
// points: a change inside the column's own field (B32 here) that is invisible at every point,
// solved over GF(2). The protocol's claims are then opened against the committed data, modelled
// here by evaluating the committed columns directly (a perfectly binding PCS).
//   * Bound to a commitment that does not cover the data (what the stand-alone API allowed before
//     the transcript refused unbound challenges): verifier and openings accept the false data.
//   * Bound to the false data's own digest first, as the API now requires: the points are drawn
//     after the data are fixed, the change is no longer invisible, and the opening rejects.
// The two runs differ only in what the commitment binds, so the rejection is the binding's doing.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <optional>

#include "merkleforge/hash/sha256.hpp"
#include "merkleforge/zk/channel.hpp"
#include "merkleforge/zk/grand_product.hpp"
#include "merkleforge/zk/lookup.hpp"
#include "merkleforge/zk/prover.hpp"
#include "merkleforge/zk/sumcheck.hpp"
#include "merkleforge/zk/zerocheck.hpp"
#include "protocol_support.hpp"

namespace merkleforge::zk::test {
namespace {

using Point = std::vector<B128>;

/// eq(point, row) = Π_j (row_j ? p_j : 1 + p_j).
B128 eq_at(const Point& point, std::size_t row) {
  B128 weight = B128::one();
  for (std::size_t j = 0; j < point.size(); ++j) {
    weight = reference_mul(weight, ((row >> j) & 1) ? point[j] : B128::one() + point[j]);
  }
  return weight;
}

/// A change δ of a column of `width_bits`-bit values (B32: 32) on the first rows: δ_0 = forced,
/// the others chosen so that Σ_k δ_k·eq(p, k) = 0 at every point p, i.e. the column's extension
/// is unchanged there. Gaussian elimination over GF(2): unknown bit b of δ_k contributes
/// 2^b·eq(p, k) (2^b is the tower basis element of that bit), 128 equations per point.
std::optional<std::vector<B128>> invisible_change(unsigned width_bits, std::size_t rows,
                                                  const std::vector<Point>& points, B128 forced) {
  const std::size_t unknowns = (rows - 1) * width_bits;
  const std::size_t words = (unknowns + 63) / 64;
  struct Vector {
    std::vector<uint128> image;              // one 128-bit block per point
    std::vector<std::uint64_t> combination;  // which unknowns it sums
  };
  auto leading = [](const std::vector<uint128>& image) -> std::optional<std::size_t> {
    for (std::size_t p = image.size(); p-- > 0;) {
      if (image[p] != 0) {
        const auto high = static_cast<std::uint64_t>(image[p] >> 64);
        const auto low = static_cast<std::uint64_t>(image[p]);
        return 128 * p + (high != 0 ? 64 + 63 - __builtin_clzll(high) : 63 - __builtin_clzll(low));
      }
    }
    return std::nullopt;
  };
  auto add_into = [](Vector& into, const Vector& from) {
    for (std::size_t p = 0; p < into.image.size(); ++p) into.image[p] ^= from.image[p];
    for (std::size_t w = 0; w < into.combination.size(); ++w)
      into.combination[w] ^= from.combination[w];
  };
  std::vector<std::optional<Vector>> basis(128 * points.size());  // by leading bit
  auto reduce = [&](Vector v) {
    while (auto bit = leading(v.image)) {
      if (!basis[*bit]) return v;
      add_into(v, *basis[*bit]);
    }
    return v;
  };
  for (std::size_t k = 1; k < rows; ++k) {
    for (unsigned b = 0; b < width_bits; ++b) {
      Vector v{{}, std::vector<std::uint64_t>(words, 0)};
      for (const Point& p : points)
        v.image.push_back(reference_mul(B128(uint128{1} << b), eq_at(p, k)).value());
      const std::size_t u = (k - 1) * width_bits + b;
      v.combination[u / 64] |= std::uint64_t{1} << (u % 64);
      Vector reduced = reduce(std::move(v));
      if (auto bit = leading(reduced.image)) basis[*bit] = std::move(reduced);
    }
  }
  Vector target{{}, std::vector<std::uint64_t>(words, 0)};
  for (const Point& p : points) target.image.push_back(reference_mul(forced, eq_at(p, 0)).value());
  const Vector rest = reduce(std::move(target));
  if (leading(rest.image)) return std::nullopt;
  std::vector<B128> delta(rows);
  delta[0] = forced;
  for (std::size_t u = 0; u < unknowns; ++u) {
    if ((rest.combination[u / 64] >> (u % 64)) & 1)
      delta[1 + u / width_bits] += B128(uint128{1} << (u % width_bits));
  }
  return delta;
}

/// `column` changed invisibly at `points`, with value `forced_value` at row 0.
Table changed_at(const Table& column, const std::vector<Point>& points, B128 forced_value) {
  const unsigned width = column.field == ColumnField::b32 ? 32 : 128;
  const std::size_t rows =
      std::min<std::size_t>(column.values.size(), 2 + 256 / width * points.size());
  auto delta = invisible_change(width, rows, points, column.values[0] + forced_value);
  EXPECT_TRUE(delta.has_value()) << "no invisible change on " << rows << " rows";
  Table out = column;
  for (std::size_t k = 0; delta && k < rows; ++k) out.set(k, column.values[k] + (*delta)[k]);
  return out;
}

/// The stand-in for the PCS root: SHA-256 of every value of every column.
Digest32 commitment_of(const std::vector<Table>& columns) {
  Sha256 h;
  for (const Table& t : columns) {
    for (const B128 v : t.values) {
      std::uint8_t bytes[16];
      store_b128(v, bytes);
      h.update(bytes);
    }
  }
  return h.finalize();
}

/// One claim the protocol leaves: column `column` of the committed data equals `value` at `point`.
struct Opening {
  std::size_t column;
  Point point;
  B128 value;
};

/// The PCS's job, done exactly: every claim checked against the committed columns.
bool openings_hold(const std::vector<Table>& committed, const std::vector<Opening>& openings) {
  return std::all_of(openings.begin(), openings.end(), [&](const Opening& o) {
    return naive_evaluate(committed[o.column].values, o.point) == o.value;
  });
}

/// A protocol run: prove on `honest` with the transcript bound to `commitment`, verify with the
/// same commitment, and return the claims to open (nullopt when the verifier rejects).
using ProtocolRun = std::function<std::optional<std::vector<Opening>>(
    const std::vector<Table>& honest, const Digest32& commitment)>;

/// The false data the cheater commits: `column` changed (row 0 set to `forced_value`) so that
/// it still agrees with the honest data at the points of its claims in `openings`.
std::vector<Table> false_data(const std::vector<Table>& honest,
                              const std::vector<Opening>& openings, std::size_t column,
                              B128 forced_value) {
  std::vector<Point> points;
  for (const Opening& o : openings) {
    if (o.column == column) points.push_back(o.point);
  }
  std::vector<Table> out = honest;
  out[column] = changed_at(honest[column], points, forced_value);
  return out;
}

/// The two runs of the file's comment. `statement_holds` decides the statement on data directly.
void expect_rejected_only_when_bound(
    const ProtocolRun& run, const std::vector<Table>& honest, std::size_t column, B128 forced_value,
    const std::function<bool(const std::vector<Table>&)>& statement_holds) {
  ASSERT_TRUE(statement_holds(honest));
  // Unbound: the points come from a commitment that does not cover the data.
  const auto unbound = run(honest, test_commitment());
  ASSERT_TRUE(unbound.has_value()) << "the honest run must verify";
  const std::vector<Table> cheat = false_data(honest, *unbound, column, forced_value);
  ASSERT_FALSE(statement_holds(cheat)) << "the cheater's data must make the statement false";
  EXPECT_TRUE(openings_hold(cheat, *unbound))
      << "unbound: the false data pass every opening, so the verifier would accept";
  // Bound: the same false data committed before the challenges; the cheater proves as before.
  const auto bound = run(honest, commitment_of(cheat));
  ASSERT_TRUE(bound.has_value());
  EXPECT_FALSE(openings_hold(cheat, *bound)) << "bound: the openings must reject the false data";
}

std::vector<Column> columns_of(const std::vector<Table>& tables, std::size_t first,
                               std::size_t count) {
  std::vector<Column> out;
  for (std::size_t c = first; c < first + count; ++c) out.push_back(tables[c].column());
  return out;
}

TEST(AdaptiveProver, ZerocheckOfAFalseConstraintIsRejectedOnlyWhenBound) {
  std::mt19937_64 rng(71);
  constexpr unsigned n = 5;
  std::vector<Table> honest{random_table(ColumnField::b32, n, rng),
                            random_table(ColumnField::b32, n, rng),
                            make_table(ColumnField::b32, n)};
  for (std::size_t i = 0; i < honest[2].values.size(); ++i) {
    honest[2].set(
        i, B128(binius::tower_mul(5, honest[0].values[i].value(), honest[1].values[i].value())));
  }
  Composition product(3);
  product.add(product.mul(product.column(0), product.column(1)), product.column(2));
  const ZerocheckStatement statement{n, {product}};
  const ProtocolRun run = [&](const std::vector<Table>& data,
                              const Digest32& commitment) -> std::optional<std::vector<Opening>> {
    ProverTranscript prover = prover_transcript(commitment);
    if (!prove_zerocheck(statement, columns_of(data, 0, 3), prover).ok()) return std::nullopt;
    const ProofTapes tapes = std::move(prover).finish();
    VerifierTranscript verifier = verifier_transcript(tapes, commitment);
    auto claims = verify_zerocheck(statement, verifier);
    if (!claims) return std::nullopt;
    std::vector<Opening> out;
    for (std::size_t c = 0; c < 3; ++c) out.push_back({c, claims->point, claims->evals[0][c]});
    return out;
  };
  const auto satisfied = [](const std::vector<Table>& t) {
    for (std::size_t i = 0; i < t[2].values.size(); ++i) {
      if (B128(binius::tower_mul(5, t[0].values[i].value(), t[1].values[i].value())) !=
          t[2].values[i]) {
        return false;
      }
    }
    return true;
  };
  expect_rejected_only_when_bound(run, honest, 2, honest[2].values[0] + B128::one(), satisfied);
}

TEST(AdaptiveProver, SumcheckOfAFalseSumIsRejectedOnlyWhenBound) {
  std::mt19937_64 rng(72);
  constexpr unsigned n = 5;
  const std::vector<Table> honest{random_table(ColumnField::b32, n, rng),
                                  random_table(ColumnField::b32, n, rng)};
  Composition product(2);
  product.mul(product.column(0), product.column(1));
  const auto sum_of = [](const std::vector<Table>& t) {
    B128 sum;
    for (std::size_t i = 0; i < t[0].values.size(); ++i)
      sum += reference_mul(t[0].values[i], t[1].values[i]);
    return sum;
  };
  const std::vector<SumcheckClaim> claims{{n, product, sum_of(honest)}};
  const ProtocolRun run = [&](const std::vector<Table>& data,
                              const Digest32& commitment) -> std::optional<std::vector<Opening>> {
    ProverTranscript prover = prover_transcript(commitment);
    const std::vector<std::vector<Column>> columns{columns_of(data, 0, 2)};
    if (!prove_sumcheck(claims, columns, prover).ok()) return std::nullopt;
    const ProofTapes tapes = std::move(prover).finish();
    VerifierTranscript verifier = verifier_transcript(tapes, commitment);
    auto out = verify_sumcheck(claims, verifier);
    if (!out) return std::nullopt;
    return std::vector<Opening>{{0, out->point, out->evals[0][0]},
                                {1, out->point, out->evals[0][1]}};
  };
  const auto sums_as_claimed = [&](const std::vector<Table>& t) {
    return sum_of(t) == claims[0].sum;
  };
  expect_rejected_only_when_bound(run, honest, 0, honest[0].values[0] + B128::one(),
                                  sums_as_claimed);
}

TEST(AdaptiveProver, GrandProductHidingAZeroIsRejectedOnlyWhenBound) {
  std::mt19937_64 rng(73);
  std::vector<Table> honest{random_table(ColumnField::b32, 5, rng)};
  for (std::size_t i = 0; i < honest[0].values.size(); ++i) {
    if (honest[0].values[i] == B128::zero()) honest[0].set(i, B128::one());
  }
  const GrandProductStatement statement{{5}, true};
  const ProtocolRun run = [&](const std::vector<Table>& data,
                              const Digest32& commitment) -> std::optional<std::vector<Opening>> {
    ProverTranscript prover = prover_transcript(commitment);
    if (!prove_grand_products(columns_of(data, 0, 1), prover).ok()) return std::nullopt;
    const ProofTapes tapes = std::move(prover).finish();
    VerifierTranscript verifier = verifier_transcript(tapes, commitment);
    auto out = verify_grand_products(statement, verifier);
    if (!out) return std::nullopt;
    return std::vector<Opening>{{0, out->points[0], out->evals[0]}};
  };
  const auto no_zero_factor = [](const std::vector<Table>& t) {
    return std::find(t[0].values.begin(), t[0].values.end(), B128::zero()) == t[0].values.end();
  };
  expect_rejected_only_when_bound(run, honest, 0, B128::zero(), no_zero_factor);
}

TEST(AdaptiveProver, UnbalancedChannelIsRejectedOnlyWhenBound) {
  std::mt19937_64 rng(74);
  constexpr unsigned n = 4;
  // Columns 0, 1: the pushed tuples; 2, 3: the pulled ones, a permutation of them.
  std::vector<Table> honest{random_table(ColumnField::b32, n, rng),
                            random_table(ColumnField::b32, n, rng), make_table(ColumnField::b32, n),
                            make_table(ColumnField::b32, n)};
  std::vector<std::size_t> order(std::size_t{1} << n);
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::shuffle(order.begin(), order.end(), rng);
  for (std::size_t i = 0; i < order.size(); ++i) {
    honest[2].set(i, honest[0].values[order[i]]);
    honest[3].set(i, honest[1].values[order[i]]);
  }
  const ChannelStatement statement{
      {{n, 2, FlushDirection::push}, {n, 2, FlushDirection::pull}}, {}, {}};
  const ProtocolRun run = [&](const std::vector<Table>& data,
                              const Digest32& commitment) -> std::optional<std::vector<Opening>> {
    ProverTranscript prover = prover_transcript(commitment);
    const std::vector<std::vector<Column>> columns{columns_of(data, 0, 2), columns_of(data, 2, 2)};
    if (!prove_channel(statement, columns, prover).ok()) return std::nullopt;
    const ProofTapes tapes = std::move(prover).finish();
    VerifierTranscript verifier = verifier_transcript(tapes, commitment);
    auto out = verify_channel(statement, verifier);
    if (!out) return std::nullopt;
    std::vector<Opening> openings;
    for (std::size_t f = 0; f < 2; ++f) {
      for (std::size_t k = 0; k < 2; ++k)
        openings.push_back({2 * f + k, out->points[f], out->evals[f][k]});
    }
    return openings;
  };
  const auto balanced = [](const std::vector<Table>& t) {
    std::vector<std::pair<uint128, uint128>> pushed, pulled;
    for (std::size_t i = 0; i < t[0].values.size(); ++i) {
      pushed.emplace_back(t[0].values[i].value(), t[1].values[i].value());
      pulled.emplace_back(t[2].values[i].value(), t[3].values[i].value());
    }
    std::sort(pushed.begin(), pushed.end());
    std::sort(pulled.begin(), pulled.end());
    return pushed == pulled;
  };
  expect_rejected_only_when_bound(run, honest, 2, honest[2].values[0] + B128::one(), balanced);
}

TEST(AdaptiveProver, LookupOutsideTheTableIsRejectedOnlyWhenBound) {
  std::mt19937_64 rng(75);
  // Columns: 0 the table T (2^4 entries), 1 the lookups U (2^5), 2 R, 3 F.
  std::vector<std::uint32_t> table, lookups;
  for (std::uint32_t j = 0; j < 16; ++j) table.push_back(j * 0x9e3779b1u + 7);
  for (int i = 0; i < 32; ++i) lookups.push_back(table[rng() % 16]);
  const LookupWitness witness = lookup_witness(table, lookups).value();
  const auto to_table = [](const std::vector<std::uint32_t>& words, unsigned n) {
    Table t = make_table(ColumnField::b32, n);
    for (std::size_t i = 0; i < words.size(); ++i) t.set(i, B128(words[i]));
    return t;
  };
  const std::vector<Table> honest{to_table(table, 4), to_table(lookups, 5),
                                  to_table(witness.read_timestamps, 5),
                                  to_table(witness.final_timestamps, 4)};
  const auto words_of = [](const Table& t) { return std::vector<std::uint32_t>(t.words); };
  const ProtocolRun run = [&](const std::vector<Table>& data,
                              const Digest32& commitment) -> std::optional<std::vector<Opening>> {
    ProverTranscript prover = prover_transcript(commitment);
    const LookupWitness w{words_of(data[2]), words_of(data[3])};
    if (!prove_lookup(words_of(data[0]), words_of(data[1]), w, prover).ok()) return std::nullopt;
    const ProofTapes tapes = std::move(prover).finish();
    VerifierTranscript verifier = verifier_transcript(tapes, commitment);
    auto out = verify_lookup(4, 5, verifier);
    if (!out) return std::nullopt;
    std::vector<Opening> openings;
    for (const auto& c : out->claims)
      openings.push_back({static_cast<std::size_t>(c.column), c.point, c.value});
    return openings;
  };
  const auto all_in_table = [](const std::vector<Table>& t) {
    return std::all_of(t[1].values.begin(), t[1].values.end(), [&](B128 u) {
      return std::find(t[0].values.begin(), t[0].values.end(), u) != t[0].values.end();
    });
  };
  expect_rejected_only_when_bound(run, honest, 1, B128(0x12345678), all_in_table);
}

// The API side of the same rule: with nothing bound, every protocol refuses to start.
TEST(AdaptiveProver, EveryProtocolRefusesToStartWithoutACommitment) {
  std::mt19937_64 rng(76);
  const Table a = random_table(ColumnField::b32, 3, rng);
  const std::vector<Column> one{a.column()};
  const std::vector<std::vector<Column>> sets{one};
  Composition square(1);
  square.mul(square.column(0), square.column(0));
  const std::vector<SumcheckClaim> sum{{3, square, B128::zero()}};
  const ZerocheckStatement zero{3, {square}};
  const ChannelStatement channel{{{3, 1, FlushDirection::push}}, {}, {}};
  const std::vector<std::uint32_t> words(8, 1);
  const LookupWitness witness = lookup_witness(words, words).value();
  ProverTranscript prover(kProtocol, statement_digest());
  EXPECT_EQ(prove_sumcheck(sum, sets, prover).error().code, Errc::invalid_argument);
  EXPECT_EQ(prove_zerocheck(zero, one, prover).error().code, Errc::invalid_argument);
  EXPECT_EQ(prove_grand_products(one, prover).error().code, Errc::invalid_argument);
  EXPECT_EQ(prove_channel(channel, sets, prover).error().code, Errc::invalid_argument);
  auto lookup = prove_lookup(words, words, witness, prover);
  ASSERT_FALSE(lookup.ok());
  EXPECT_NE(lookup.error().message.find("no commitment absorbed"), std::string::npos)
      << lookup.error().message;
  VerifierTranscript verifier(kProtocol, statement_digest(), {}, {});
  EXPECT_EQ(verify_sumcheck(sum, verifier).error().code, Errc::invalid_argument);
  EXPECT_EQ(verify_zerocheck(zero, verifier).error().code, Errc::invalid_argument);
  EXPECT_EQ(verify_grand_products({{3}, false}, verifier).error().code, Errc::invalid_argument);
  EXPECT_EQ(verify_channel(channel, verifier).error().code, Errc::invalid_argument);
  EXPECT_EQ(verify_lookup(3, 3, verifier).error().code, Errc::invalid_argument);
  EXPECT_EQ(prover.transcript_size(), 0u);  // nothing was written before the refusal
}

}  // namespace
}  // namespace merkleforge::zk::test
