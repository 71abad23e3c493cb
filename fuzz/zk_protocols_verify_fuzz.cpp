// libFuzzer target: the sumcheck, zerocheck, grand-product, channel, lookup, evalcheck and
// partial-product verifiers. Byte 0 picks the protocol (bits 1..) and the mode (bit 0):
//   even  garbage: the rest is a whole transcript tape for a statement whose sizes byte 1 picks;
//         it must end in a Result, never in a crash or undefined behaviour;
//   odd   mutation: the rest is XORed over an honest proof of a true statement. A mutated tape that
//         verifies with every output claim true of the committed data is a forgery: abort. (Claims
//         false of the data are the PCS's to reject, so they are not a finding here.)
// The statements are zk_protocols_common.hpp's; their data, values and honest tapes are read from
// the fixture make_fuzz_fixtures writes (it runs the provers). This target links the verifiers
// only.
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "fixture.hpp"
#include "merkleforge/zk/channel.hpp"
#include "merkleforge/zk/evalcheck.hpp"
#include "merkleforge/zk/grand_product.hpp"
#include "merkleforge/zk/lookup.hpp"
#include "merkleforge/zk/sumcheck.hpp"
#include "merkleforge/zk/zerocheck.hpp"
#include "zk_protocols_common.hpp"

namespace {

using namespace merkleforge;
using namespace merkleforge::zk;
using namespace merkleforge::fuzz::protocols;

/// One claim a verifier hands on: data column `column` at `point` equals `value`.
struct Opening {
  std::size_t column;
  Point point;
  B128 value;
};
using Openings = std::vector<Opening>;

/// A protocol with a true statement over `data`: the statement's values (zk_protocols_common.hpp)
/// and the honest tape.
struct Case {
  std::vector<Values> data;
  Values statement;
  Bytes honest;
};

/// The statements, built once from zk_protocols_common.hpp and the cases' values.
struct Statements {
  std::vector<SumcheckClaim> sumcheck;
  ZerocheckStatement zerocheck = zerocheck_statement();
  GrandProductStatement grand_product = grand_product_statement();
  ChannelStatement channel = channel_statement();
  PartialProductStatement partial_product;
  EvalcheckOracles evalcheck;
  std::vector<EvalClaim> evalcheck_claims;
};

std::vector<Case> cases;  // LLVMFuzzerInitialize reads them and builds the statements
Statements statements;

/// Runs protocol `protocol`'s verifier on `t`: the claims it hands on, as openings of the data
/// columns.
Result<Openings> verify_case(std::size_t protocol, VerifierTranscript& t) {
  const Statements& s = statements;
  Openings openings;
  switch (protocol) {
    case 0: {
      auto out = verify_sumcheck(s.sumcheck, t);
      if (!out) return out.error();
      for (std::size_t k = 0; k < 3; ++k) openings.push_back({k, out->point, out->evals[0][k]});
      return openings;
    }
    case 1: {
      auto out = verify_zerocheck(s.zerocheck, t);
      if (!out) return out.error();
      for (std::size_t k = 0; k < 3; ++k) openings.push_back({k, out->point, out->evals[0][k]});
      return openings;
    }
    case 2: {
      auto out = verify_grand_products(s.grand_product, t);
      if (!out) return out.error();
      return Openings{{0, out->points[0], out->evals[0]}, {1, out->points[1], out->evals[1]}};
    }
    case 3: {
      auto out = verify_channel(s.channel, t);
      if (!out) return out.error();
      for (std::size_t f = 0; f < 2; ++f) {
        for (std::size_t k = 0; k < 2; ++k) {
          openings.push_back({2 * f + k, out->points[f], out->evals[f][k]});
        }
      }
      return openings;
    }
    case 4: {
      // Columns: the table T, the lookups U, read and final timestamps.
      auto out = verify_lookup(kLookupTableVars, kLookupVars, t);
      if (!out) return out.error();
      for (const auto& claim : out->claims) {
        openings.push_back({static_cast<std::size_t>(claim.column), claim.point, claim.value});
      }
      return openings;
    }
    case 6: {
      auto out = verify_partial_products(s.partial_product, t);
      if (!out) return out.error();
      return Openings{{0, out->points[0], out->evals[0]}, {1, out->points[1], out->evals[1]}};
    }
    default: {
      auto out = verify_evalcheck(*s.evalcheck.set, s.evalcheck_claims, t);
      if (!out) return out.error();
      for (const EvalClaim& claim : *out) {
        if (claim.oracle != s.evalcheck.a) std::abort();  // evalcheck must end on committed oracles
        openings.push_back({0, claim.point, claim.value});
      }
      return openings;
    }
  }
}

/// Verifies `tape` for case `protocol`: true when it passes with every output claim true of the
/// committed data.
bool passes_with_true_claims(std::size_t protocol, ByteSpan tape) {
  const Case& c = cases[protocol];
  VerifierTranscript transcript(kProtocol, kStatement, tape, {});
  transcript.absorb_commitment(kCommitment);
  auto openings = verify_case(protocol, transcript);
  if (!openings || !transcript.finish().ok()) return false;
  for (const Opening& o : *openings) {
    if (naive_evaluate(c.data[o.column], o.point) != o.value)
      return false;  // the PCS would reject it
  }
  return true;
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
    case 6:
      (void)verify_partial_products({n, {n / 2 + 1, 1}, Point(n, B128(3)), {B128(1), B128(2)}},
                                    transcript);
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

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  cases = fuzz::load_fixture("zk_protocols_verify_fuzz", [](fuzz::FixtureReader& in) {
    // The data columns verify_case's openings name, per protocol.
    constexpr std::size_t kColumns[] = {3, 3, 2, 4, 4, 1, 2};
    std::vector<Case> out(std::size(kProtocols));
    for (std::size_t protocol = 0; protocol < out.size(); ++protocol) {
      Case& c = out[protocol];
      c.data.resize(in.count(16));
      if (c.data.size() != kColumns[protocol]) in.fail("data columns");
      for (Values& column : c.data) column = in.b128s();
      c.statement = in.b128s();
      c.honest = in.bytes();
    }
    // The statements' values: sumcheck's sum, evalcheck's point (4 coordinates) and value, the
    // partial products' point (2 coordinates) and values.
    if (out[0].statement.size() != 1 || out[5].statement.size() != 5 ||
        out[6].statement.size() != 4) {
      in.fail("statement values");
    }
    return out;
  });
  statements.sumcheck = sumcheck_claims(cases[0].statement[0]);
  statements.partial_product = partial_product_statement(cases[6].statement);
  const Values& claim = cases[5].statement;
  statements.evalcheck_claims = {
      {statements.evalcheck.s, Point(claim.begin(), claim.end() - 1), claim.back()}};
  for (std::size_t protocol = 0; protocol < cases.size(); ++protocol) {
    if (!passes_with_true_claims(protocol, cases[protocol].honest)) {
      std::fprintf(stderr, "zk_protocols_verify_fuzz: the honest %s tape does not verify\n",
                   kProtocols[protocol].data());
      std::abort();
    }
  }
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const std::size_t protocol = (data[0] >> 1) % std::size(kProtocols);
  if ((data[0] & 1) == 0) {
    verify_garbage(protocol, data[1] % 6, ByteSpan(data + 2, size - 2));
    return 0;
  }
  const Case& c = cases[protocol];
  Bytes tape = c.honest;
  if (size - 1 > tape.size()) tape.resize(size - 1, 0);
  for (std::size_t i = 1; i < size; ++i) tape[i - 1] ^= data[i];
  if (tape == c.honest) return 0;
  if (passes_with_true_claims(protocol, tape)) std::abort();  // an altered tape passed: a forgery
  return 0;
}
