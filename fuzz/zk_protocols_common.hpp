// The statements of zk_protocols_verify_fuzz, shared by the target (which verifies) and
// make_fuzz_fixtures (which proves them into the target's fixture): the transcript's binding,
// the constraint, the channel, the lookup's sizes and evalcheck's oracles. Verifier-side only.
//
// Fixture (fixture.hpp), one case per protocol in kProtocols order: the committed data (u64
// count ‖ b128s per column), the statement's values (b128s: sumcheck: the claimed sum;
// evalcheck: the claim's point, then its value; the others: none) and the honest tape (bytes).
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "merkleforge/binius/tower.hpp"
#include "merkleforge/zk/channel.hpp"
#include "merkleforge/zk/composition.hpp"
#include "merkleforge/zk/evalcheck.hpp"
#include "merkleforge/zk/grand_product.hpp"
#include "merkleforge/zk/sumcheck.hpp"
#include "merkleforge/zk/zerocheck.hpp"
#include "zk/protocol_support.hpp"

namespace merkleforge::fuzz::protocols {

using binius::B128;
using Values = std::vector<B128>;
using Point = std::vector<B128>;

inline constexpr std::string_view kProtocol = "merkleforge/fuzz/protocols/v1";
inline const Digest32 kStatement{};
inline const Digest32 kCommitment{7};

/// The protocols in the order of the fixture's cases (the target's byte 0 picks one).
inline constexpr std::string_view kProtocols[] = {"sumcheck", "zerocheck", "grand product",
                                                  "channel",  "lookup",    "evalcheck",
                                                  "partial product"};

/// Σ_i values[i]·eq(point, i) with the tower's reference product: the protocol tests' definition.
using zk::test::naive_evaluate;

/// column 0 · column 1 + column 2 (the sumcheck's and the zerocheck's constraint).
inline zk::Composition product_constraint() {
  zk::Composition c(3);
  c.add(c.mul(c.column(0), c.column(1)), c.column(2));
  return c;
}

/// Σ over 2^4 rows of the product constraint is `sum`.
inline std::vector<zk::SumcheckClaim> sumcheck_claims(B128 sum) {
  return {{4, product_constraint(), sum}};
}
/// The product constraint vanishes on 2^4 rows.
inline zk::ZerocheckStatement zerocheck_statement() {
  return {4, {product_constraint()}};
}
/// Grand products of two columns of non-zero values, of 2^4 and 2^2 values.
inline zk::GrandProductStatement grand_product_statement() {
  return {{4, 2}, true};
}
/// Partial products keeping 2 variables of two columns of 2^(2 + 2) and 2^(2 + 1) non-zero values,
/// claimed at z = values[0..2) with values[2], values[3].
inline zk::PartialProductStatement partial_product_statement(const Values& values) {
  return {2, {2, 1}, {values[0], values[1]}, {values[2], values[3]}};
}
/// Table 0 pushes (a, b); table 1 pulls the same tuples (in reverse order).
inline zk::ChannelStatement channel_statement() {
  return {{{3, 2, zk::FlushDirection::push}, {3, 2, zk::FlushDirection::pull}}, {}, {}};
}
/// The lookup's table T has 2^3 values, its lookups U 2^4.
inline constexpr unsigned kLookupTableVars = 3, kLookupVars = 4;

/// Evalcheck's claim is on a cyclic shift s of a linear combination lc = 3 + 5·a of committed a.
struct EvalcheckOracles {
  std::shared_ptr<zk::OracleSet> set = std::make_shared<zk::OracleSet>();
  zk::OracleId a = set->committed(4);
  zk::OracleId lc = set->linear_combination(4, B128(3), {{a, B128(5)}});
  zk::OracleId s = set->shifted(lc, 2, 1, zk::ShiftKind::cyclic);
};

}  // namespace merkleforge::fuzz::protocols
