// End-to-end cheating provers: for every circuit of the table and each kind of constraint, a
// witness (or statement) with one wrong bit is pushed through the real pipeline — commitment,
// linear checks, zerocheck, evalcheck, PCS opening — by the prover without its witness check
// (tests/support/cheating_prover.hpp), and the verifier must reject the proof.
//
// Kinds, found from each system's own description rather than listed by hand:
//   linear     a committed column read (directly or through virtual columns) only by degree-1
//              constraints
//   zerocheck  a committed column read only by constraints of degree >= 2
//   mixed      a committed column read by constraints of both kinds
//   virtual    a committed column no constraint reads directly: only through a shift or a
//              linear combination (evalcheck must carry the error to it)
//   public     one bit of the public outputs changed, the honest witness kept; with public inputs,
//              one bit of a public input
// The wrong bit is the first, in row order, that the witness check itself refuses, so every case is
// a false statement, never a change that happens to be harmless.
#include "support/cheating_prover.hpp"

#include <gtest/gtest.h>

#include <map>
#include <optional>
#include <set>

#include "merkleforge/circuits/circuit.hpp"
#include "merkleforge/cs/prover.hpp"

namespace merkleforge::circuits {
namespace {

enum class Cheat { linear, zerocheck, mixed, virtual_only, public_output, public_input };

const char* name_of(Cheat cheat) {
  switch (cheat) {
    case Cheat::linear:
      return "linear";
    case Cheat::zerocheck:
      return "zerocheck";
    case Cheat::mixed:
      return "mixed";
    case Cheat::virtual_only:
      return "virtual";
    case Cheat::public_output:
      return "public output";
    case Cheat::public_input:
      return "public input";
  }
  return "";
}

void collect_columns(const cs::Expr::Node& node, std::set<cs::OracleId>& out) {
  if (node.kind == cs::Expr::Node::Kind::column) out.insert(node.column);
  if (node.lhs) collect_columns(*node.lhs, out);
  if (node.rhs) collect_columns(*node.rhs, out);
}

/// The oracles a virtual oracle reads (inner oracles and linear-combination terms), transitively.
void add_inner_oracles(const zk::OracleSet& oracles, cs::OracleId id, std::set<cs::OracleId>& out) {
  const auto& o = oracles.at(id);
  std::vector<cs::OracleId> inner;
  if (o.kind == zk::OracleSet::Kind::linear_combination) {
    for (const auto& [term, coefficient] : o.terms) inner.push_back(term);
  } else if (o.kind != zk::OracleSet::Kind::committed && o.kind != zk::OracleSet::Kind::constant &&
             o.kind != zk::OracleSet::Kind::step_down && o.kind != zk::OracleSet::Kind::eq) {
    inner.push_back(o.inner);
  }
  for (cs::OracleId i : inner) {
    if (out.insert(i).second) add_inner_oracles(oracles, i, out);
  }
}

/// How the constraints read one committed column: the degrees of those reading it directly, and
/// of all reading it at all (directly or through virtual columns).
struct Reads {
  std::set<unsigned> direct, any;
};

std::map<cs::OracleId, Reads> reads_of(const cs::ConstraintSystem& system) {
  std::map<cs::OracleId, Reads> reads;
  for (const auto& constraint : system.constraints()) {
    const unsigned degree = cs::degree(constraint.expr);
    std::set<cs::OracleId> direct;
    collect_columns(constraint.expr.node(), direct);
    std::set<cs::OracleId> all = direct;
    for (cs::OracleId id : direct) add_inner_oracles(system.oracles(), id, all);
    for (cs::OracleId id : direct) reads[id].direct.insert(degree);
    for (cs::OracleId id : all) reads[id].any.insert(degree);
  }
  return reads;
}

/// Position (in committed order) of a committed column of the kind, or nothing.
std::optional<std::size_t> column_of_kind(const cs::ConstraintSystem& system, Cheat cheat) {
  const auto reads = reads_of(system);
  const auto& committed = system.committed_columns();
  for (std::size_t k = 0; k < committed.size(); ++k) {
    const auto it = reads.find(committed[k]);
    if (it == reads.end()) continue;
    const Reads& r = it->second;
    const bool only_linear = !r.direct.empty() && *r.any.rbegin() == 1;
    const bool only_nonlinear = !r.direct.empty() && *r.any.begin() >= 2;
    const bool mixed = !r.direct.empty() && !only_linear && !only_nonlinear;
    if ((cheat == Cheat::linear && only_linear) || (cheat == Cheat::zerocheck && only_nonlinear) ||
        (cheat == Cheat::mixed && mixed) || (cheat == Cheat::virtual_only && r.direct.empty())) {
      return k;
    }
  }
  return std::nullopt;
}

/// Flips the lowest bit of element `element` of a column of `field`.
void flip(Bytes& column, cs::ColumnField field, std::size_t element) {
  if (field == cs::ColumnField::b1) {
    column[element / 8] = static_cast<std::uint8_t>(column[element / 8] ^ (1u << (element % 8)));
  } else {
    column[element * cs::field_bytes(field, 0)] ^= 1;
  }
}

struct Statement {
  cs::Witness witness;
  cs::PublicValues publics;
};

/// The honest statement with one bit changed in `column` (of `witness` or of the publics), at the
/// first element the witness check refuses; nothing when no element up to `tries` does.
std::optional<Statement> one_wrong_bit(const cs::ConstraintSystem& system, Statement honest,
                                       bool in_publics, std::size_t column, cs::ColumnField field,
                                       std::size_t tries) {
  for (std::size_t element = 0; element < tries; ++element) {
    Statement s = honest;
    Bytes& bytes = in_publics ? s.publics.columns[column] : s.witness.columns[column];
    if (element >= (field == cs::ColumnField::b1 ? 8 * bytes.size()
                                                 : bytes.size() / cs::field_bytes(field, 0))) {
      break;
    }
    flip(bytes, field, element);
    if (!cs::check_witness(system, s.witness, s.publics).ok()) return s;
  }
  return std::nullopt;
}

/// Instances per circuit: the fewest that fill a small table.
std::size_t cheat_count(const Circuit& c) {
  return c.name().starts_with("u32") ? 8 : 1;
}

class CheatingProver : public ::testing::TestWithParam<std::string_view> {};

TEST_P(CheatingProver, OneWrongBitOfEachKindIsRejected) {
  const Circuit& c = *find_circuit(GetParam());
  const std::size_t count = cheat_count(c);
  // Public inputs, so that the statement has both kinds of public column.
  const cs::ConstraintSystem system = c.system(count, Inputs::public_inputs);
  const Bytes inputs = random_inputs(c, count, 41);
  const Trace trace = c.trace(inputs);
  const Statement honest{trace.witness, c.publics(count, trace.outputs, inputs)};
  ASSERT_TRUE(cs::check_witness(system, honest.witness, honest.publics).ok());

  std::size_t cheats = 0;
  const std::size_t outputs = c.publics(count, trace.outputs).columns.size();
  for (const Cheat cheat : {Cheat::linear, Cheat::zerocheck, Cheat::mixed, Cheat::virtual_only,
                            Cheat::public_output, Cheat::public_input}) {
    std::optional<Statement> false_statement;
    if (cheat == Cheat::public_output || cheat == Cheat::public_input) {
      // The last output column, or the first input column.
      const std::size_t k = cheat == Cheat::public_output ? outputs - 1 : outputs;
      false_statement = one_wrong_bit(system, honest, true, k,
                                      system.column(system.public_columns()[k]).field, 64);
    } else if (auto k = column_of_kind(system, cheat)) {
      false_statement = one_wrong_bit(system, honest, false, *k,
                                      system.column(system.committed_columns()[*k]).field, 512);
    } else {
      continue;  // this circuit has no column of this kind
    }
    ASSERT_TRUE(false_statement.has_value())
        << c.name() << " " << name_of(cheat) << ": no refused bit found";
    auto proof = cs::test::prove_without_witness_check(system, false_statement->witness,
                                                       false_statement->publics);
    ASSERT_TRUE(proof.ok()) << proof.error().message;
    const Status verified = cs::verify(system, false_statement->publics, *proof);
    ASSERT_FALSE(verified.ok()) << c.name() << " " << name_of(cheat)
                                << ": a false witness verified";
    EXPECT_EQ(verified.error().code, Errc::corrupt_data) << verified.error().message;
    if (cheat == Cheat::linear) {
      EXPECT_NE(verified.error().message.find("linear constraint"), std::string::npos)
          << verified.error().message;
    }
    if (cheat == Cheat::zerocheck) {
      EXPECT_NE(verified.error().message.find("zerocheck"), std::string::npos)
          << verified.error().message;
    }
    ++cheats;
  }
  EXPECT_GE(cheats, 3u) << "every circuit has committed columns and both kinds of public column";
}

INSTANTIATE_TEST_SUITE_P(Table, CheatingProver,
                         ::testing::Values("u32add", "u32xor", "u32and", "u32or", "keccakf",
                                           "sha256", "groestlp", "vision32", "u32mul"));

// Across the table, every kind is exercised by some circuit (so no kind goes untested because the
// classification found nothing).
TEST(CheatingProver, EveryKindOccursInSomeCircuit) {
  std::set<Cheat> seen{Cheat::public_output, Cheat::public_input};
  for (std::string_view name : circuit_names()) {
    const Circuit& c = *find_circuit(name);
    const cs::ConstraintSystem system = c.system(cheat_count(c));
    for (const Cheat cheat : {Cheat::linear, Cheat::zerocheck, Cheat::mixed, Cheat::virtual_only}) {
      if (column_of_kind(system, cheat)) seen.insert(cheat);
    }
  }
  EXPECT_EQ(seen.size(), 6u);
}

}  // namespace
}  // namespace merkleforge::circuits
