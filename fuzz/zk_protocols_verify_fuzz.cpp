// libFuzzer target: the sumcheck, zerocheck, grand-product, channel, lookup and evalcheck
// verifiers. Byte 0 picks the protocol (bits 1..) and the mode (bit 0):
//   even  garbage: the rest is a whole transcript tape for a statement whose sizes byte 1 picks;
//         it must end in a Result, never in a crash or undefined behaviour;
//   odd   mutation: the rest is XORed over an honest proof of a true statement. A mutated tape that
//         verifies with every output claim true of the committed data is a forgery: abort. (Claims
//         false of the data are the PCS's to reject, so they are not a finding here.)
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <random>

#include "merkleforge/binius/tower.hpp"
#include "merkleforge/zk/channel.hpp"
#include "merkleforge/zk/evalcheck.hpp"
#include "merkleforge/zk/grand_product.hpp"
#include "merkleforge/zk/lookup.hpp"
#include "merkleforge/zk/prover.hpp"
#include "merkleforge/zk/sumcheck.hpp"
#include "merkleforge/zk/zerocheck.hpp"

namespace {

using namespace merkleforge;
using namespace merkleforge::zk;
using binius::B128;
using binius::uint128;
using Values = std::vector<B128>;
using Point = std::vector<B128>;

constexpr std::string_view kProtocol = "merkleforge/fuzz/protocols/v1";
const Digest32 kStatement{};
const Digest32 kCommitment{7};

/// One claim a verifier hands on: data column `column` at `point` equals `value`.
struct Opening {
  std::size_t column;
  Point point;
  B128 value;
};
using Openings = std::vector<Opening>;

/// Σ_i values[i]·eq(point, i) with the tower's reference product.
B128 evaluate(const Values& values, const Point& point) {
  const auto mul = [](B128 a, B128 b) { return B128(binius::tower_mul(7, a.value(), b.value())); };
  B128 sum;
  for (std::size_t i = 0; i < values.size(); ++i) {
    B128 weight = B128::one();
    for (std::size_t j = 0; j < point.size(); ++j) {
      weight = mul(weight, ((i >> j) & 1) ? point[j] : B128::one() + point[j]);
    }
    sum += mul(weight, values[i]);
  }
  return sum;
}

/// A protocol with a true statement over `data`: its verifier, and the honest tape.
struct Case {
  std::vector<Values> data;
  std::function<Result<Openings>(VerifierTranscript&)> verify;
  Bytes honest;
};

Values random_values(std::mt19937_64& rng, unsigned n, uint128 mask) {
  Values v(std::size_t{1} << n);
  for (B128& x : v) x = B128(binius::make_uint128(rng(), rng()) & mask);
  return v;
}

std::vector<std::uint32_t> words_of(const Values& values) {
  std::vector<std::uint32_t> words;
  for (B128 x : values) words.push_back(static_cast<std::uint32_t>(x.value()));
  return words;
}

template <class T>
Values values_of(const std::vector<T>& words) {
  Values values;
  for (T x : words) values.push_back(B128(x));
  return values;
}

/// Runs `prove` on a bound transcript and returns the tape.
Bytes honest_tape(const std::function<bool(ProverTranscript&)>& prove) {
  ProverTranscript transcript(kProtocol, kStatement);
  transcript.absorb_commitment(kCommitment);
  if (!prove(transcript)) std::abort();
  return std::move(transcript).finish().transcript;
}

Composition product_constraint() {
  Composition c(3);
  c.add(c.mul(c.column(0), c.column(1)), c.column(2));
  return c;
}

Case sumcheck_case(std::mt19937_64& rng) {
  Case c;
  c.data = {random_values(rng, 4, ~uint128{0}), random_values(rng, 4, ~uint128{0}),
            random_values(rng, 4, ~uint128{0})};
  B128 sum;
  for (std::size_t i = 0; i < 16; ++i) {
    sum += B128(binius::tower_mul(7, c.data[0][i].value(), c.data[1][i].value())) + c.data[2][i];
  }
  const std::vector<SumcheckClaim> claims{{4, product_constraint(), sum}};
  c.honest = honest_tape([&](ProverTranscript& t) {
    const std::vector<std::vector<Column>> columns{
        {Column::b128(c.data[0]), Column::b128(c.data[1]), Column::b128(c.data[2])}};
    return prove_sumcheck(claims, columns, t).ok();
  });
  c.verify = [claims](VerifierTranscript& t) -> Result<Openings> {
    auto out = verify_sumcheck(claims, t);
    if (!out) return out.error();
    return Openings{{0, out->point, out->evals[0][0]},
                    {1, out->point, out->evals[0][1]},
                    {2, out->point, out->evals[0][2]}};
  };
  return c;
}

Case zerocheck_case(std::mt19937_64& rng) {
  Case c;
  c.data = {random_values(rng, 4, 0xffffffffu), random_values(rng, 4, 0xffffffffu), Values(16)};
  for (std::size_t i = 0; i < 16; ++i) {
    c.data[2][i] = B128(binius::tower_mul(5, c.data[0][i].value(), c.data[1][i].value()));
  }
  const ZerocheckStatement statement{4, {product_constraint()}};
  c.honest = honest_tape([&](ProverTranscript& t) {
    const std::vector<std::uint32_t> a = words_of(c.data[0]), b = words_of(c.data[1]),
                                     p = words_of(c.data[2]);
    const std::vector<Column> columns{Column::b32(a), Column::b32(b), Column::b32(p)};
    return prove_zerocheck(statement, columns, t).ok();
  });
  c.verify = [statement](VerifierTranscript& t) -> Result<Openings> {
    auto out = verify_zerocheck(statement, t);
    if (!out) return out.error();
    Openings openings;
    for (std::size_t k = 0; k < 3; ++k) openings.push_back({k, out->point, out->evals[0][k]});
    return openings;
  };
  return c;
}

Case grand_product_case(std::mt19937_64& rng) {
  Case c;
  c.data = {random_values(rng, 4, ~uint128{0}), random_values(rng, 2, ~uint128{0})};
  for (Values& column : c.data) {
    for (B128& x : column) x = B128(x.value() | 1);  // non-zero factors
  }
  c.honest = honest_tape([&](ProverTranscript& t) {
    const std::vector<Column> columns{Column::b128(c.data[0]), Column::b128(c.data[1])};
    return prove_grand_products(columns, t).ok();
  });
  c.verify = [](VerifierTranscript& t) -> Result<Openings> {
    auto out = verify_grand_products({{4, 2}, true}, t);
    if (!out) return out.error();
    return Openings{{0, out->points[0], out->evals[0]}, {1, out->points[1], out->evals[1]}};
  };
  return c;
}

Case channel_case(std::mt19937_64& rng) {
  // Table 0 pushes (a, b); table 1 pulls the same tuples in reverse order.
  Case c;
  c.data = {random_values(rng, 3, 0xffffffffu), random_values(rng, 3, ~uint128{0}), Values(8),
            Values(8)};
  for (std::size_t i = 0; i < 8; ++i) {
    c.data[2][i] = c.data[0][7 - i];
    c.data[3][i] = c.data[1][7 - i];
  }
  const ChannelStatement statement{
      {{3, 2, FlushDirection::push}, {3, 2, FlushDirection::pull}}, {}, {}};
  c.honest = honest_tape([&](ProverTranscript& t) {
    const std::vector<std::vector<Column>> columns{
        {Column::b128(c.data[0]), Column::b128(c.data[1])},
        {Column::b128(c.data[2]), Column::b128(c.data[3])}};
    return prove_channel(statement, columns, t).ok();
  });
  c.verify = [statement](VerifierTranscript& t) -> Result<Openings> {
    auto out = verify_channel(statement, t);
    if (!out) return out.error();
    Openings openings;
    for (std::size_t f = 0; f < 2; ++f) {
      for (std::size_t k = 0; k < 2; ++k) {
        openings.push_back({2 * f + k, out->points[f], out->evals[f][k]});
      }
    }
    return openings;
  };
  return c;
}

Case lookup_case(std::mt19937_64& rng) {
  // Columns: the table T (2^3), the lookups U (2^4), read and final timestamps.
  std::vector<std::uint32_t> table(8), lookups(16);
  for (std::size_t j = 0; j < 8; ++j) table[j] = static_cast<std::uint32_t>(rng());
  for (std::size_t i = 0; i < 16; ++i) lookups[i] = table[rng() % 8];
  const LookupWitness witness = lookup_witness(table, lookups).value();
  Case c;
  c.data = {values_of(table), values_of(lookups), values_of(witness.read_timestamps),
            values_of(witness.final_timestamps)};
  c.honest = honest_tape(
      [&](ProverTranscript& t) { return prove_lookup(table, lookups, witness, t).ok(); });
  c.verify = [](VerifierTranscript& t) -> Result<Openings> {
    auto out = verify_lookup(3, 4, t);
    if (!out) return out.error();
    Openings openings;
    for (const auto& claim : out->claims) {
      openings.push_back({static_cast<std::size_t>(claim.column), claim.point, claim.value});
    }
    return openings;
  };
  return c;
}

Case evalcheck_case(std::mt19937_64& rng) {
  // A claim on a cyclic shift of a linear combination of committed a; the claim's value is
  // computed from the oracles' definitions (materialise_oracle).
  auto oracles = std::make_shared<OracleSet>();
  const OracleId a = oracles->committed(4);
  const OracleId lc = oracles->linear_combination(4, B128(3), {{a, B128(5)}});
  const OracleId s = oracles->shifted(lc, 2, 1, ShiftKind::cyclic);
  Case c;
  c.data = {random_values(rng, 4, ~uint128{0})};
  const std::vector<Column> committed{Column::b128(c.data[0])};
  Point point(4);
  for (B128& x : point) x = B128(binius::make_uint128(rng(), rng()));
  const Values shifted = materialise_oracle(*oracles, s, committed).value();
  const std::vector<EvalClaim> claims{{s, point, evaluate(shifted, point)}};
  c.honest = honest_tape(
      [&](ProverTranscript& t) { return prove_evalcheck(*oracles, claims, committed, t).ok(); });
  c.verify = [oracles, claims, a](VerifierTranscript& t) -> Result<Openings> {
    auto out = verify_evalcheck(*oracles, claims, t);
    if (!out) return out.error();
    Openings openings;
    for (const EvalClaim& claim : *out) {
      if (claim.oracle != a) std::abort();  // evalcheck must end on committed oracles
      openings.push_back({0, claim.point, claim.value});
    }
    return openings;
  };
  return c;
}

const std::vector<Case>& cases() {
  static const std::vector<Case> all = [] {
    std::mt19937_64 rng(23);
    return std::vector<Case>{sumcheck_case(rng), zerocheck_case(rng), grand_product_case(rng),
                             channel_case(rng),  lookup_case(rng),    evalcheck_case(rng)};
  }();
  return all;
}

/// The garbage mode: statements of sizes picked by `n`, a raw tape.
void verify_garbage(std::size_t protocol, unsigned n, ByteSpan tape) {
  VerifierTranscript transcript(kProtocol, kStatement, tape, {});
  transcript.absorb_commitment(kCommitment);
  switch (protocol) {
    case 0: {
      const std::vector<SumcheckClaim> claims{{n, product_constraint(), B128::zero()},
                                              {n / 2, product_constraint(), B128::one()}};
      (void)verify_sumcheck(claims, transcript);
      break;
    }
    case 1:
      (void)verify_zerocheck({n, {product_constraint()}}, transcript);
      break;
    case 2:
      (void)verify_grand_products({{n, n / 2}, true}, transcript);
      break;
    case 3: {
      const ChannelStatement channel{
          {{n, 2, FlushDirection::push}, {n / 2, 2, FlushDirection::pull}},
          {{B128(1), B128(2)}},
          {}};
      (void)verify_channel(channel, transcript);
      break;
    }
    case 4:
      (void)verify_lookup(n, n / 2, transcript);
      break;
    default: {
      OracleSet oracles;
      const OracleId a = oracles.committed(n + 1);
      const OracleId lc = oracles.linear_combination(n + 1, B128(3), {{a, B128(5)}});
      const OracleId s = oracles.shifted(lc, 1, 1, ShiftKind::cyclic);
      const std::vector<EvalClaim> claims{{s, std::vector<B128>(n + 1, B128(7)), B128(9)}};
      (void)verify_evalcheck(oracles, claims, transcript);
      break;
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const std::size_t protocol = (data[0] >> 1) % 6;
  if ((data[0] & 1) == 0) {
    verify_garbage(protocol, data[1] % 6, ByteSpan(data + 2, size - 2));
    return 0;
  }
  const Case& c = cases()[protocol];
  Bytes tape = c.honest;
  if (size - 1 > tape.size()) tape.resize(size - 1, 0);
  for (std::size_t i = 1; i < size; ++i) tape[i - 1] ^= data[i];
  if (tape == c.honest) return 0;
  VerifierTranscript transcript(kProtocol, kStatement, tape, {});
  transcript.absorb_commitment(kCommitment);
  auto openings = c.verify(transcript);
  if (!openings || !transcript.finish().ok()) return 0;
  for (const Opening& o : *openings) {
    if (evaluate(c.data[o.column], o.point) != o.value) return 0;  // the PCS would reject it
  }
  std::abort();  // an altered transcript passed with true claims: a forgery
}
