// Evalcheck: every virtual-oracle kind, materialised here independently of the library, reduces to
// claims on committed oracles that hold; wrong claims and altered messages are rejected.
#include "merkleforge/zk/evalcheck.hpp"

#include <gtest/gtest.h>

#include "merkleforge/zk/prover.hpp"
#include "protocol_support.hpp"

namespace merkleforge::zk::test {
namespace {

using Values = std::vector<B128>;

Values random_values(unsigned n, std::mt19937_64& rng) {
  Values v(std::size_t{1} << n);
  for (auto& x : v) x = random_b128(rng);
  return v;
}

std::vector<B128> random_point(std::size_t n, std::mt19937_64& rng) {
  std::vector<B128> p(n);
  for (auto& x : p) x = random_b128(rng);
  return p;
}

/// The oracles of the test, with the columns written out directly from their definitions.
struct Fixture {
  OracleSet oracles;
  std::vector<Values> committed;  // by oracle id (empty for virtual ones)
  std::vector<Values> expected;   // every oracle's values, computed here
  std::vector<OracleId> virtual_ids;
  std::vector<std::vector<std::uint8_t>> bits;  // by oracle id: committed B1 columns as bits

  /// What the prover is given: B1 views of the bit columns, B128 views of the others.
  std::vector<Column> views() const {
    std::vector<Column> out(committed.size());
    for (std::size_t id = 0; id < committed.size(); ++id) {
      if (id < bits.size() && !bits[id].empty()) {
        out[id] = Column::b1(bits[id], oracles.at(id).n_vars);
      } else if (!committed[id].empty()) {
        out[id] = Column::b128(committed[id]);
      }
    }
    return out;
  }

  /// A committed B1 column of random bits, given to the prover as bits.
  OracleId add_bits(unsigned n, std::mt19937_64& rng) {
    const OracleId id = oracles.committed(n);
    Values values(std::size_t{1} << n);
    bits.resize(id + 1);
    bits[id].assign((values.size() + 7) / 8, 0);
    for (std::size_t i = 0; i < values.size(); ++i) {
      values[i] = B128(rng() & 1);
      bits[id][i / 8] = static_cast<std::uint8_t>(bits[id][i / 8] | (values[i].value() << (i % 8)));
    }
    return add(id, std::move(values));
  }

  OracleId add(OracleId id, Values values) {
    expected.resize(oracles.size());
    committed.resize(oracles.size());
    expected[id] = std::move(values);
    if (oracles.at(id).kind == OracleSet::Kind::committed) {
      committed[id] = expected[id];
    } else {
      virtual_ids.push_back(id);
    }
    return id;
  }
};

/// A shifted oracle with its values written out from the definition.
OracleId add_shifted(Fixture& fx, OracleId inner, unsigned bits, std::size_t offset,
                     ShiftKind kind) {
  const Values& t = fx.expected[inner];
  const std::size_t block = std::size_t{1} << bits;
  Values s(t.size());
  for (std::size_t i = 0; i < t.size(); ++i) {
    const std::size_t base = i / block * block, x = i % block;
    if (kind == ShiftKind::cyclic) s[i] = t[base + (x + offset) % block];
    if (kind == ShiftKind::logical_left && x >= offset) s[i] = t[base + x - offset];
    if (kind == ShiftKind::logical_right && x + offset < block) s[i] = t[base + x + offset];
  }
  return fx.add(fx.oracles.shifted(inner, bits, offset, kind), s);
}

/// Bit columns (the prover's bit paths): XORs, 64-row rotations and shifts (one machine word per
/// block), other shifts, tilings and a projection, over 2^8 rows.
Fixture make_bit_fixture(std::mt19937_64& rng) {
  Fixture fx;
  const OracleId a = fx.add_bits(8, rng);
  const OracleId b = fx.add_bits(8, rng);
  const OracleId c = fx.add_bits(2, rng);
  Values x(256);
  for (std::size_t i = 0; i < 256; ++i) x[i] = B128::one() + fx.expected[a][i] + fx.expected[b][i];
  const OracleId sum = fx.add(
      fx.oracles.linear_combination(8, B128::one(), {{a, B128::one()}, {b, B128::one()}}), x);
  add_shifted(fx, sum, 6, 61, ShiftKind::cyclic);
  add_shifted(fx, a, 6, 5, ShiftKind::logical_left);
  add_shifted(fx, b, 6, 9, ShiftKind::logical_right);
  add_shifted(fx, a, 3, 2, ShiftKind::cyclic);
  add_shifted(fx, b, 7, 64, ShiftKind::logical_right);
  Values repeated(256), padded(256);
  for (std::size_t i = 0; i < 256; ++i) repeated[i] = fx.expected[c][i % 4];
  for (std::size_t i = 0; i < 4; ++i) padded[i] = fx.expected[c][i];
  fx.add(fx.oracles.repeating(c, 6), repeated);
  fx.add(fx.oracles.zero_padded(c, 8), padded);
  const std::vector<B128> fixed = random_point(3, rng);
  Values projected(32);
  for (std::size_t i = 0; i < 32; ++i) {
    B128 total;
    for (std::size_t j = 0; j < 8; ++j) {
      B128 w = B128::one();
      for (std::size_t k = 0; k < 3; ++k) {
        w = reference_mul(w, ((j >> k) & 1) ? fixed[k] : B128::one() + fixed[k]);
      }
      total += reference_mul(w, fx.expected[b][j * 32 + i]);
    }
    projected[i] = total;
  }
  fx.add(fx.oracles.projected(b, fixed), projected);
  return fx;
}

Fixture make_fixture(std::mt19937_64& rng) {
  Fixture fx;
  const OracleId a = fx.add(fx.oracles.committed(4), random_values(4, rng));
  const OracleId b = fx.add(fx.oracles.committed(4), random_values(4, rng));
  const OracleId c = fx.add(fx.oracles.committed(2), random_values(2, rng));
  const Values va = fx.expected[a];
  const Values vb = fx.expected[b];
  const Values vc = fx.expected[c];

  fx.add(fx.oracles.constant(4, B128(99)), Values(16, B128(99)));
  Values step(16);
  for (std::size_t i = 0; i < 11; ++i) step[i] = B128::one();
  fx.add(fx.oracles.step_down(4, 11), step);

  Values lc(16);
  for (std::size_t i = 0; i < 16; ++i) {
    lc[i] = B128(5) + reference_mul(B128(3), va[i]) + reference_mul(B128(7), vb[i]);
  }
  const OracleId lc_id =
      fx.add(fx.oracles.linear_combination(4, B128(5), {{a, B128(3)}, {b, B128(7)}}), lc);

  // Projection: fix the two highest variables of a to (s0, s1).
  const std::vector<B128> fixed = random_point(2, rng);
  Values projected(4);
  for (std::size_t i = 0; i < 4; ++i) {
    B128 sum;
    for (std::size_t j = 0; j < 4; ++j) {
      const B128 w0 = (j & 1) ? fixed[0] : B128::one() + fixed[0];
      const B128 w1 = (j & 2) ? fixed[1] : B128::one() + fixed[1];
      sum += reference_mul(reference_mul(w0, w1), va[j * 4 + i]);
    }
    projected[i] = sum;
  }
  fx.add(fx.oracles.projected(a, fixed), projected);

  Values repeated(16), padded(16);
  for (std::size_t i = 0; i < 16; ++i) repeated[i] = vc[i % 4];
  for (std::size_t i = 0; i < 4; ++i) padded[i] = vc[i];
  fx.add(fx.oracles.repeating(c, 2), repeated);
  fx.add(fx.oracles.zero_padded(c, 4), padded);

  auto shifted = [&](OracleId inner, unsigned bits, std::size_t offset, ShiftKind kind) {
    return add_shifted(fx, inner, bits, offset, kind);
  };
  shifted(a, 2, 1, ShiftKind::cyclic);
  shifted(b, 3, 2, ShiftKind::logical_left);
  const OracleId right = shifted(a, 4, 5, ShiftKind::logical_right);
  // Nested: a shift of a linear combination, and a combination of a shift.
  const OracleId shifted_lc = shifted(lc_id, 2, 3, ShiftKind::cyclic);
  Values nested(16);
  for (std::size_t i = 0; i < 16; ++i) {
    nested[i] = fx.expected[right][i] + reference_mul(B128(2), fx.expected[shifted_lc][i]);
  }
  fx.add(
      fx.oracles.linear_combination(4, B128::zero(), {{right, B128::one()}, {shifted_lc, B128(2)}}),
      nested);

  // eq(z, ·) and a B8 column packed 4 to a B32 element (byte x of element i is d[4i + x]).
  const std::vector<B128> z = random_point(3, rng);
  Values eq(8);
  for (std::size_t i = 0; i < 8; ++i) {
    B128 w = B128::one();
    for (std::size_t j = 0; j < 3; ++j) {
      w = reference_mul(w, ((i >> j) & 1) ? z[j] : B128::one() + z[j]);
    }
    eq[i] = w;
  }
  fx.add(fx.oracles.eq(z), eq);
  Values bytes(16);
  for (auto& v : bytes) v = B128(rng() & 0xff);
  const OracleId d = fx.add(fx.oracles.committed(4), bytes);
  Values packed(4);
  for (std::size_t i = 0; i < 4; ++i) {
    for (std::size_t x = 0; x < 4; ++x) {
      packed[i] = B128(packed[i].value() | (bytes[4 * i + x].value() << (8 * x)));
    }
  }
  fx.add(fx.oracles.packed(d, 2, 3), packed);
  return fx;
}

std::vector<EvalClaim> claims_on_virtual(const Fixture& fx, std::mt19937_64& rng) {
  std::vector<EvalClaim> claims;
  for (OracleId id : fx.virtual_ids) {
    const auto point = random_point(fx.oracles.at(id).n_vars, rng);
    claims.push_back({id, point, naive_evaluate(fx.expected[id], point)});
  }
  return claims;
}

Result<std::vector<EvalClaim>> prove_and_verify(const Fixture& fx,
                                                const std::vector<EvalClaim>& proved,
                                                const std::vector<EvalClaim>& verified,
                                                std::vector<EvalClaim>* prover_out = nullptr,
                                                std::size_t flip_at = SIZE_MAX) {
  ProverTranscript p = prover_transcript();
  auto out = prove_evalcheck(fx.oracles, proved, fx.views(), p);
  EXPECT_TRUE(out.ok()) << (out.ok() ? "" : out.error().message);
  if (out.ok() && prover_out != nullptr) *prover_out = *out;
  ProofTapes tapes = std::move(p).finish();
  if (flip_at != SIZE_MAX) tapes.transcript = flipped(tapes.transcript, flip_at);
  VerifierTranscript v = verifier_transcript(tapes);
  auto result = verify_evalcheck(fx.oracles, verified, v);
  if (result.ok() && !v.finish().ok()) return make_error(Errc::malformed_input, "unread");
  return result;
}

TEST(Evalcheck, MaterialisedVirtualOraclesMatchTheirDefinitions) {
  std::mt19937_64 rng(51);
  const Fixture fx = make_fixture(rng);
  for (OracleId id = 0; id < fx.oracles.size(); ++id) {
    auto values = materialise_oracle(fx.oracles, id, fx.views());
    ASSERT_TRUE(values.ok()) << values.error().message;
    EXPECT_EQ(*values, fx.expected[id]) << "oracle " << id;
  }
}

TEST(Evalcheck, EveryOracleKindReducesToTrueCommittedClaims) {
  std::mt19937_64 rng(52);
  const Fixture fx = make_fixture(rng);
  const auto claims = claims_on_virtual(fx, rng);
  std::vector<EvalClaim> proved;
  auto out = prove_and_verify(fx, claims, claims, &proved);
  ASSERT_TRUE(out.ok()) << out.error().message;
  EXPECT_EQ(*out, proved);
  ASSERT_FALSE(out->empty());
  for (const EvalClaim& c : *out) {
    EXPECT_EQ(fx.oracles.at(c.oracle).kind, OracleSet::Kind::committed);
    EXPECT_EQ(c.value, naive_evaluate(fx.expected[c.oracle], c.point));
    for (const EvalClaim& d : *out) {
      if (&c != &d) {
        EXPECT_FALSE(c.oracle == d.oracle && c.point == d.point);
      }
    }
  }
}

TEST(Evalcheck, BitOraclesMaterialiseAndReduceAsTheirDefinitions) {
  std::mt19937_64 rng(59);
  const Fixture fx = make_bit_fixture(rng);
  for (OracleId id = 0; id < fx.oracles.size(); ++id) {
    auto values = materialise_oracle(fx.oracles, id, fx.views());
    ASSERT_TRUE(values.ok()) << values.error().message;
    EXPECT_EQ(*values, fx.expected[id]) << "oracle " << id;
  }
  const auto claims = claims_on_virtual(fx, rng);
  auto out = prove_and_verify(fx, claims, claims);
  ASSERT_TRUE(out.ok()) << out.error().message;
  for (const EvalClaim& c : *out) {
    EXPECT_EQ(c.value, naive_evaluate(fx.expected[c.oracle], c.point));
  }
}

TEST(Evalcheck, EqualClaimsAreDeduplicated) {
  std::mt19937_64 rng(53);
  const Fixture fx = make_fixture(rng);
  const auto point = random_point(4, rng);
  const OracleId lc = fx.virtual_ids[2];
  const EvalClaim claim{lc, point, naive_evaluate(fx.expected[lc], point)};
  const std::vector<EvalClaim> twice{
      claim, claim, {0, point, naive_evaluate(fx.expected[0], point)}};
  auto out = prove_and_verify(fx, twice, twice);
  ASSERT_TRUE(out.ok()) << out.error().message;
  EXPECT_EQ(out->size(), 2u);  // a and b at the point (a's direct claim merged with the LC's)
}

TEST(Evalcheck, WrongClaimOnAShiftedOracleIsRejected) {
  std::mt19937_64 rng(54);
  const Fixture fx = make_fixture(rng);
  for (const OracleId id : fx.virtual_ids) {
    if (fx.oracles.at(id).kind != OracleSet::Kind::shifted) continue;
    const auto point = random_point(4, rng);
    const std::vector<EvalClaim> wrong{
        {id, point, naive_evaluate(fx.expected[id], point) + B128::one()}};
    auto out = prove_and_verify(fx, wrong, wrong);
    ASSERT_FALSE(out.ok()) << "oracle " << id;
    EXPECT_EQ(out.error().code, Errc::corrupt_data);
  }
}

TEST(Evalcheck, WrongPackedClaimIsRejected) {
  std::mt19937_64 rng(58);
  const Fixture fx = make_fixture(rng);
  const OracleId packed = fx.virtual_ids.back();
  ASSERT_EQ(fx.oracles.at(packed).kind, OracleSet::Kind::packed);
  const auto point = random_point(2, rng);
  const B128 value = naive_evaluate(fx.expected[packed], point);
  const std::vector<EvalClaim> right{{packed, point, value}};
  auto out = prove_and_verify(fx, right, right);
  ASSERT_TRUE(out.ok()) << out.error().message;
  EXPECT_EQ(out->size(), 4u);  // the inner column at (x, point) for the 4 packed positions x
  // The verifier given a wrong value rejects the honest proof of the right one.
  const std::vector<EvalClaim> wrong{{packed, point, value + B128(0x100)}};
  ProverTranscript p = prover_transcript();
  ASSERT_TRUE(prove_evalcheck(fx.oracles, right, fx.views(), p).ok());
  const ProofTapes tapes = std::move(p).finish();
  VerifierTranscript v = verifier_transcript(tapes);
  auto rejected = verify_evalcheck(fx.oracles, wrong, v);
  ASSERT_FALSE(rejected.ok());
  EXPECT_EQ(rejected.error().code, Errc::corrupt_data);
}

TEST(Evalcheck, WrongTransparentValuesAreRejected) {
  std::mt19937_64 rng(55);
  const Fixture fx = make_fixture(rng);
  for (const OracleId id : fx.virtual_ids) {
    const auto kind = fx.oracles.at(id).kind;
    if (kind != OracleSet::Kind::constant && kind != OracleSet::Kind::step_down &&
        kind != OracleSet::Kind::eq) {
      continue;
    }
    const auto point = random_point(fx.oracles.at(id).n_vars, rng);
    const std::vector<EvalClaim> wrong{
        {id, point, naive_evaluate(fx.expected[id], point) + B128(2)}};
    // No message is involved: the verifier rejects on its own, and the prover refuses too.
    VerifierTranscript v = verifier_transcript({});
    auto out = verify_evalcheck(fx.oracles, wrong, v);
    ASSERT_FALSE(out.ok());
    EXPECT_EQ(out.error().code, Errc::corrupt_data);
    ProverTranscript p = prover_transcript();
    EXPECT_EQ(prove_evalcheck(fx.oracles, wrong, fx.views(), p).error().code, Errc::corrupt_data);
  }
}

TEST(Evalcheck, AlteredInnerEvaluationIsRejected) {
  std::mt19937_64 rng(56);
  const Fixture fx = make_fixture(rng);
  const auto claims = claims_on_virtual(fx, rng);
  for (std::size_t offset : {std::size_t{3}, std::size_t{16 + 7}}) {  // the LC's inner values
    auto out = prove_and_verify(fx, claims, claims, nullptr, offset);
    ASSERT_FALSE(out.ok()) << offset;
    EXPECT_EQ(out.error().code, Errc::corrupt_data);
  }
}

TEST(Evalcheck, ConflictingDuplicateClaimsAreRejected) {
  std::mt19937_64 rng(57);
  const Fixture fx = make_fixture(rng);
  const auto point = random_point(4, rng);
  const B128 value = naive_evaluate(fx.expected[0], point);
  const std::vector<EvalClaim> conflicting{{0, point, value}, {0, point, value + B128::one()}};
  VerifierTranscript v = verifier_transcript({});
  auto out = verify_evalcheck(fx.oracles, conflicting, v);
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.error().code, Errc::corrupt_data);
  const std::vector<EvalClaim> bad_point{{0, {B128(1), B128(2)}, value}};
  EXPECT_EQ(verify_evalcheck(fx.oracles, bad_point, v).error().code, Errc::invalid_argument);
}

}  // namespace
}  // namespace merkleforge::zk::test
