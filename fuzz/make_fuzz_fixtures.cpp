// make_fuzz_fixtures <target> <file>: writes the fixture of one of the proof system's verifier
// fuzz targets (fixture.hpp): the honest proofs their oracles compare against, with the
// statements they prove (systems, public values, parameters, roots, claims, data). The targets
// link only the verifier modules; this program links the provers, and CMake runs it at build
// time (fuzz/CMakeLists.txt). Everything here is deterministic (fixed circuits, parameters and
// seeds: the proofs the targets made at start-up before they read fixtures, byte for byte), so
// the corpora kept in fuzz/corpus stay edits of the same honest proofs.
//
// Targets: boolean_verify_fuzz, cs_verify_fuzz, cs_verify_light_fuzz, pcs_verify_fuzz,
// zk_protocols_verify_fuzz, state_verify_fuzz, state_statement_fuzz.
// Exit status 0, 1 on a failure (a proof that does not verify, a fixture that does not read
// back as written), 2 on a usage error.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <random>
#include <stdexcept>
#include <string>

#include "cs_fixture.hpp"
#include "fixture.hpp"
#include "merkleforge/binary/tree.hpp"
#include "merkleforge/binius/tower.hpp"
#include "merkleforge/bintrie/proof.hpp"
#include "merkleforge/boolean/prover.hpp"
#include "merkleforge/circuits/circuit.hpp"
#include "merkleforge/cs/prover.hpp"
#include "merkleforge/pcs/prover.hpp"
#include "merkleforge/pcs/verifier.hpp"
#include "merkleforge/state/prover.hpp"
#include "merkleforge/state/statement.hpp"
#include "merkleforge/zk/prover.hpp"
#include "support/small_system.hpp"
#include "zk_protocols_common.hpp"

namespace {

using namespace merkleforge;
using fuzz::FixtureReader;
using fuzz::FixtureWriter;

[[noreturn]] void fail(const std::string& what) {
  throw std::runtime_error(what);
}

/// A B128 value of two draws, the high half first. (The targets, which made these statements
/// before fixtures, drew `make_uint128(rng(), rng())`: clang, which built them, evaluates the
/// arguments left to right, GCC right to left. The kept corpora are edits of clang's proofs, so
/// the draws are in clang's order here, whatever the compiler.)
binius::uint128 draw(std::mt19937_64& rng) {
  const std::uint64_t high = rng();
  return binius::make_uint128(high, rng());
}

template <typename T>
T value_or_fail(Result<T> result, const std::string& what) {
  if (!result) fail(what + ": " + result.error().message);
  return std::move(*result);
}

// ---- cs_verify_fuzz, cs_verify_light_fuzz ----

/// An honest proof of `system` under `config`, checked by the verifier.
fuzz::CsFixtureCase make_cs_case(std::string label, cs::ConstraintSystem system,
                                 const cs::Witness& witness, cs::PublicValues publics,
                                 const cs::ProofConfig& config) {
  Bytes proof = value_or_fail(cs::prove(system, witness, publics, config), label + ": prove");
  const Status verified = cs::verify(system, publics, proof, config);
  if (!verified.ok())
    fail(label + ": the honest proof does not verify: " + verified.error().message);
  return {std::move(label), std::move(system), std::move(publics), config, std::move(proof)};
}

/// The table's circuit `name` at its smallest count.
fuzz::CsFixtureCase circuit_case(std::string_view name, const cs::ProofConfig& config) {
  const circuits::Circuit& c = *circuits::find_circuit(name);
  const std::size_t count = name.starts_with("u32") ? 8 : 1;  // the hash circuits: one instance
  const circuits::Trace trace = c.trace(circuits::random_inputs(c, count, 1));
  return make_cs_case(std::string(name), c.system(count), trace.witness,
                      c.publics(count, trace.outputs), config);
}

/// The statement digest of a case (what a proof is bound to).
Digest32 digest_of(const fuzz::CsFixtureCase& c) {
  const cs::SystemParams params =
      value_or_fail(cs::derive_params(c.system, c.config), c.label + ": parameters");
  return cs::statement_digest(c.system, params, c.publics);
}

void put_cs_cases(FixtureWriter& out, std::string_view target,
                  const std::vector<fuzz::CsFixtureCase>& cases) {
  out.u64(cases.size());
  for (const fuzz::CsFixtureCase& c : cases) {
    // Read back as the target will: the same statement (digest) and the same bytes again.
    FixtureWriter alone(target);
    fuzz::put_cs_case(alone, c);
    FixtureReader in(alone.data(), "the fixture of " + c.label, target);
    const fuzz::CsFixtureCase read = fuzz::read_cs_case(in);
    in.finish();
    FixtureWriter again(target);
    fuzz::put_cs_case(again, read);
    if (again.data() != alone.data() || digest_of(read) != digest_of(c) ||
        !cs::verify(read.system, read.publics, read.proof, read.config).ok()) {
      fail(c.label + ": the statement does not read back as written");
    }
    fuzz::put_cs_case(out, c);
  }
}

void cs_verify_fuzz(FixtureWriter& out) {
  std::vector<fuzz::CsFixtureCase> cases;
  for (std::string_view name : circuits::circuit_names()) cases.push_back(circuit_case(name, {}));
  put_cs_cases(out, "cs_verify_fuzz", cases);
}

void cs_verify_light_fuzz(FixtureWriter& out) {
  cs::ProofConfig config;
  config.security_bits = 8;
  cs::test::SmallSystem small = cs::test::small_system();
  std::vector<fuzz::CsFixtureCase> cases;
  cases.push_back(make_cs_case("small system", std::move(small.system), small.witness,
                               std::move(small.publics), config));
  cases.push_back(circuit_case("u32add", config));
  cases.push_back(circuit_case("u32xor", config));
  put_cs_cases(out, "cs_verify_light_fuzz", cases);
}

// ---- boolean_verify_fuzz ----

/// One Keccak-f instance on the Boolean engine (its outputs and honest proof), a chain of three
/// BLAKE3 compressions written with the builder (head, tail and honest proof), and one u32mul
/// instance (64 products checked in the exponent: outputs and honest proof).
void boolean_verify_fuzz(FixtureWriter& out) {
  using namespace merkleforge::boolean;
  std::mt19937_64 rng(31);
  Bytes input(keccakf_circuit().input_bytes());
  for (auto& byte : input) byte = static_cast<std::uint8_t>(rng());
  const Proved proved = value_or_fail(prove(keccakf_circuit(), 1, input), "boolean prove");
  if (!verify(keccakf_circuit(), 1, proved.outputs, proved.proof).ok()) {
    throw std::runtime_error("the honest Boolean engine proof does not verify");
  }
  out.bytes(proved.outputs);
  out.bytes(proved.proof);

  const Circuit& blake3 = blake3_circuit();
  Bytes head(blake3.output_bytes()), rest(3 * (blake3.input_bytes() - blake3.output_bytes()));
  for (auto& byte : head) byte = static_cast<std::uint8_t>(rng());
  for (auto& byte : rest) byte = static_cast<std::uint8_t>(rng());
  const Proved chain = value_or_fail(prove_chain(blake3, 3, head, rest), "boolean prove_chain");
  if (!verify_chain(blake3, 3, head, chain.outputs, chain.proof).ok()) {
    throw std::runtime_error("the honest Boolean chain proof does not verify");
  }
  out.bytes(head);
  out.bytes(chain.outputs);
  out.bytes(chain.proof);

  const Circuit& mul = *find_circuit("u32mul");
  Bytes pairs(mul.input_bytes());
  for (auto& byte : pairs) byte = static_cast<std::uint8_t>(rng());
  const Proved products = value_or_fail(prove(mul, 1, pairs), "boolean prove u32mul");
  if (!verify(mul, 1, products.outputs, products.proof).ok()) {
    throw std::runtime_error("the honest Boolean u32mul proof does not verify");
  }
  out.bytes(products.outputs);
  out.bytes(products.proof);
}

// ---- pcs_verify_fuzz ----

/// Σ_i value_i·eq(point, i) over the T_level values packed in `words`, by the reference products.
binius::B128 evaluate_packed(const std::vector<binius::B128>& words,
                             const std::vector<binius::B128>& point, unsigned level) {
  using binius::B128;
  using binius::uint128;
  const auto mul = [](B128 a, B128 b) { return B128(binius::tower_mul(7, a.value(), b.value())); };
  const unsigned width = 1u << level;
  B128 sum;
  for (std::size_t i = 0; i < (std::size_t{1} << point.size()); ++i) {
    const std::size_t bit = i * width;
    const uint128 mask = width == 128 ? ~uint128{0} : (uint128{1} << width) - 1;
    const B128 value((words[bit / 128].value() >> (bit % 128)) & mask);
    B128 weight = B128::one();
    for (std::size_t j = 0; j < point.size(); ++j) {
      weight = mul(weight, ((i >> j) & 1) ? point[j] : B128::one() + point[j]);
    }
    sum += mul(weight, value);
  }
  return sum;
}

/// A B128 and a B1 polynomial, two true claims, three queries (a small proof), rate 1/4 and both
/// kinds of proof of work: 8 bits before the queries, 3 before each fold challenge (the 120-bit
/// target's fold rule at l* = 7; the fixed query count does not reach the target).
void pcs_verify_fuzz(FixtureWriter& out) {
  using namespace merkleforge::pcs;
  using binius::B128;
  std::mt19937_64 rng(21);
  auto random = [&] { return B128(draw(rng)); };
  const std::vector<PolynomialShape> shapes = {{7, 6}, {0, 9}};
  std::vector<B128> wide(64), bits(4);
  for (B128& value : wide) value = random();
  for (B128& value : bits) value = random();
  PcsConfig config;
  config.security_bits = 120;
  config.log_inv_rate = 2;
  config.query_work_bits = 8;
  config.fixed_queries = 3;
  const PcsCommitted committed =
      value_or_fail(pcs_commit(shapes, {wide, bits}, config), "pcs_commit");
  // The target derives the parameters from the shapes, as a verifier does.
  if (value_or_fail(derive_params(shapes, config), "derive_params") != committed.params) {
    fail("the committed parameters are not derive_params's");
  }
  // True claims, so that mutations reach the query checks past the sumcheck; the values are
  // the polynomials' evaluations by the reference tower arithmetic.
  std::vector<EvaluationClaim> claims = {{0, std::vector<B128>(6), B128::zero()},
                                         {1, std::vector<B128>(9), B128::zero()}};
  for (auto& claim : claims) {
    for (B128& coordinate : claim.point) coordinate = random();
  }
  claims[0].value = evaluate_packed(wide, claims[0].point, 7);
  claims[1].value = evaluate_packed(bits, claims[1].point, 0);
  const Bytes proof = value_or_fail(pcs_prove(committed, claims), "pcs_prove");
  const Status verified = pcs_verify(committed.params, committed.root(), claims, proof);
  if (!verified.ok()) fail("the honest PCS proof does not verify: " + verified.error().message);

  out.u64(shapes.size());
  for (const PolynomialShape& shape : shapes) {
    out.u64(shape.tower_level);
    out.u64(shape.n_vars);
  }
  for (unsigned v : {config.security_bits, config.log_inv_rate, config.fixed_queries,
                     config.fixed_arity, config.query_work_bits}) {
    out.u64(v);
  }
  out.bytes(committed.root());
  out.u64(claims.size());
  for (const EvaluationClaim& claim : claims) {
    out.u64(claim.polynomial);
    out.b128s(claim.point);
    out.b128(claim.value);
  }
  out.bytes(proof);
}

// ---- zk_protocols_verify_fuzz (the statements: zk_protocols_common.hpp) ----

namespace protocols {

using namespace merkleforge::zk;
using namespace merkleforge::fuzz::protocols;
using binius::B128;
using binius::uint128;

/// A protocol's true statement: its data columns, its values and the honest tape.
struct Case {
  std::vector<Values> data;
  Values statement;
  Bytes honest;
};

Values random_values(std::mt19937_64& rng, unsigned n, uint128 mask) {
  Values v(std::size_t{1} << n);
  for (B128& x : v) x = B128(draw(rng) & mask);
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
  if (!prove(transcript)) fail("a protocol's prover failed");
  return std::move(transcript).finish().transcript;
}

Case sumcheck_case(std::mt19937_64& rng) {
  Case c;
  c.data = {random_values(rng, 4, ~uint128{0}), random_values(rng, 4, ~uint128{0}),
            random_values(rng, 4, ~uint128{0})};
  B128 sum;
  for (std::size_t i = 0; i < 16; ++i) {
    sum += B128(binius::tower_mul(7, c.data[0][i].value(), c.data[1][i].value())) + c.data[2][i];
  }
  c.statement = {sum};
  c.honest = honest_tape([&](ProverTranscript& t) {
    const std::vector<std::vector<Column>> columns{
        {Column::b128(c.data[0]), Column::b128(c.data[1]), Column::b128(c.data[2])}};
    return prove_sumcheck(sumcheck_claims(sum), columns, t).ok();
  });
  return c;
}

Case zerocheck_case(std::mt19937_64& rng) {
  Case c;
  c.data = {random_values(rng, 4, 0xffffffffu), random_values(rng, 4, 0xffffffffu), Values(16)};
  for (std::size_t i = 0; i < 16; ++i) {
    c.data[2][i] = B128(binius::tower_mul(5, c.data[0][i].value(), c.data[1][i].value()));
  }
  c.honest = honest_tape([&](ProverTranscript& t) {
    const std::vector<std::uint32_t> a = words_of(c.data[0]), b = words_of(c.data[1]),
                                     p = words_of(c.data[2]);
    const std::vector<Column> columns{Column::b32(a), Column::b32(b), Column::b32(p)};
    return prove_zerocheck(zerocheck_statement(), columns, t).ok();
  });
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
  return c;
}

Case partial_product_case(std::mt19937_64& rng) {
  Case c;
  c.data = {random_values(rng, 4, ~uint128{0}), random_values(rng, 3, ~uint128{0})};
  c.statement = {B128(rng()), B128(rng())};  // z
  for (Values& column : c.data) {
    for (B128& x : column) x = B128(x.value() | 1);  // non-zero factors
  }
  for (const Values& column : c.data) {  // P̃(z), P(u) = Π_j column[u + 4j]
    Values p(4, B128::one());
    for (std::size_t i = 0; i < column.size(); ++i) p[i % 4] *= column[i];
    c.statement.push_back(naive_evaluate(p, {c.statement[0], c.statement[1]}));
  }
  c.honest = honest_tape([&](ProverTranscript& t) {
    std::vector<ProductLayers> layers;
    for (const Values& column : c.data) {
      const std::size_t half = column.size() / 2;
      std::array<LargeVector<binius::B128P>, 2> halves{LargeVector<binius::B128P>(half),
                                                       LargeVector<binius::B128P>(half)};
      for (std::size_t i = 0; i < column.size(); ++i) {
        halves[i / half][i % half] = binius::to_polyval(column[i]);
      }
      layers.push_back(product_layers(std::move(halves), 2).value());
    }
    return prove_partial_products(partial_product_statement(c.statement), layers, t).ok();
  });
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
  c.honest = honest_tape([&](ProverTranscript& t) {
    const std::vector<std::vector<Column>> columns{
        {Column::b128(c.data[0]), Column::b128(c.data[1])},
        {Column::b128(c.data[2]), Column::b128(c.data[3])}};
    return prove_channel(channel_statement(), columns, t).ok();
  });
  return c;
}

Case lookup_case(std::mt19937_64& rng) {
  // Columns: the table T (2^3), the lookups U (2^4), read and final timestamps.
  std::vector<std::uint32_t> table(std::size_t{1} << kLookupTableVars),
      lookups(std::size_t{1} << kLookupVars);
  for (std::size_t j = 0; j < table.size(); ++j) table[j] = static_cast<std::uint32_t>(rng());
  for (std::size_t i = 0; i < lookups.size(); ++i) lookups[i] = table[rng() % table.size()];
  const LookupWitness witness = value_or_fail(lookup_witness(table, lookups), "lookup_witness");
  Case c;
  c.data = {values_of(table), values_of(lookups), values_of(witness.read_timestamps),
            values_of(witness.final_timestamps)};
  c.honest = honest_tape(
      [&](ProverTranscript& t) { return prove_lookup(table, lookups, witness, t).ok(); });
  return c;
}

Case evalcheck_case(std::mt19937_64& rng) {
  // A claim on a cyclic shift of a linear combination of committed a; the claim's value is
  // computed from the oracles' definitions (materialise_oracle).
  const EvalcheckOracles oracles;
  Case c;
  c.data = {random_values(rng, 4, ~uint128{0})};
  const std::vector<Column> committed{Column::b128(c.data[0])};
  Point point(4);
  for (B128& x : point) x = B128(draw(rng));
  const Values shifted =
      value_or_fail(materialise_oracle(*oracles.set, oracles.s, committed), "materialise_oracle");
  const std::vector<EvalClaim> claims{{oracles.s, point, naive_evaluate(shifted, point)}};
  c.statement = point;
  c.statement.push_back(claims[0].value);
  c.honest = honest_tape([&](ProverTranscript& t) {
    return prove_evalcheck(*oracles.set, claims, committed, t).ok();
  });
  return c;
}

}  // namespace protocols

void zk_protocols_verify_fuzz(FixtureWriter& out) {
  std::mt19937_64 rng(23);
  // In kProtocols order, each drawing from the one generator in turn.
  const protocols::Case cases[] = {
      protocols::sumcheck_case(rng),       protocols::zerocheck_case(rng),
      protocols::grand_product_case(rng),  protocols::channel_case(rng),
      protocols::lookup_case(rng),         protocols::evalcheck_case(rng),
      protocols::partial_product_case(rng)};
  for (const protocols::Case& c : cases) {
    out.u64(c.data.size());
    for (const auto& column : c.data) out.b128s(column);
    out.b128s(c.statement);
    out.bytes(c.honest);
  }
}

// ---- state_verify_fuzz, state_statement_fuzz ----

namespace state_proofs {

using namespace merkleforge::state;

Digest32 random_digest(std::mt19937_64& rng) {
  Digest32 d;
  for (auto& byte : d) byte = static_cast<std::uint8_t>(rng());
  return d;
}

/// The statement as bytes (state/statement.hpp, fast profile) and its honest proof, checked
/// through verify_state_proof, as the targets will.
void put_state_case(FixtureWriter& out, const StateStatement& statement, const Bytes& proof) {
  const Bytes encoded = encode_statement(statement);
  const Status verified = verify_state_proof(encoded, proof);
  if (!verified.ok()) fail("an honest state proof does not verify: " + verified.error().message);
  out.bytes(encoded);
  out.bytes(proof);
}

/// Three inclusions in an RFC 6962 log of 20 leaves (the first leaf, another of the full left
/// subtree of 16, one of the right subtree of 4): 8 siblings, 10 rfc6962-node instances.
void log_case(FixtureWriter& out) {
  std::mt19937_64 rng(6962);
  std::vector<Digest32> leaves;
  for (int i = 0; i < 20; ++i) leaves.push_back(random_digest(rng));
  const auto tree = BinaryMerkleTree<Sha256>::from_leaf_hashes(leaves);
  const std::vector<std::uint64_t> indices = {0, 9, 17};
  const auto multiproof = value_or_fail(tree.multiproof(indices), "log multiproof");
  if (multiproof.siblings.size() != 8) fail("the log's multiproof does not have 8 siblings");
  auto proved = value_or_fail(prove_log_inclusions(tree, indices), "prove_log_inclusions");
  StateStatement statement;
  statement.kind = TreeKind::rfc6962;
  statement.log = proved.statement;
  put_state_case(out, statement, proved.proof);
}

/// A binary tree of 10 stems and six keys: two present values, one present zero value, an absent
/// slot of a present stem, an absent stem where a present one is, and a key whose path ends in an
/// empty child.
struct TreeAndKeys {
  bintrie::BinaryTrie<> trie;
  std::vector<bintrie::TreeKey> keys;
};

TreeAndKeys tree_and_keys() {
  std::mt19937_64 rng(7864);
  TreeAndKeys out;
  std::vector<bintrie::TreeKey> present;
  for (int s = 0; s < 8; ++s) {
    bintrie::TreeKey key = random_digest(rng);
    for (int slot = 0; slot < 2; ++slot) {
      key[31] = static_cast<std::uint8_t>(2 * slot + 1);
      Digest32 value{};
      value[rng() % 32] = static_cast<std::uint8_t>(1 + rng() % 255);
      out.trie.insert(key, value);
      present.push_back(key);
    }
  }
  out.trie.insert(present[4], Digest32{});  // present, 32 zero bytes
  // Two stems that share their first 7 bits: internal nodes down to bit 7, beside empty children.
  bintrie::TreeKey twin = random_digest(rng);
  twin[31] = 1;
  out.trie.insert(twin, Digest32{7});
  twin[0] ^= 0x01;
  out.trie.insert(twin, Digest32{8});
  bintrie::TreeKey absent_slot = present[6], beside = present[8], off_path = twin;
  absent_slot[31] = 0x80;  // a slot of a present stem
  beside[30] ^= 1;         // another stem at a present stem's place
  off_path[0] ^= 0x04;     // leaves the twins' path at bit 5: an empty child
  out.keys = {present[0], present[11], present[4], absent_slot, beside, off_path};
  std::sort(out.keys.begin(), out.keys.end());
  return out;
}

void bintrie_case(FixtureWriter& out) {
  TreeAndKeys t = tree_and_keys();
  auto proved = value_or_fail(prove_bintrie_reads(t.trie, t.keys), "prove_bintrie_reads");
  const auto& values = proved.statement.values;
  if (std::count(values.begin(), values.end(), std::nullopt) != 3 ||
      std::count(values.begin(), values.end(), std::optional(Digest32{})) != 1) {
    fail("the binary tree's statement does not have three absent keys and a present zero");
  }
  StateStatement statement;
  statement.kind = TreeKind::bintrie;
  statement.bintrie = proved.statement;
  put_state_case(out, statement, proved.proof);
}

/// The six keys read, four of them written: a present value set again, and each absent key (a
/// slot opening a zero subtree, a stem splitting another, a stem at an empty child).
void bintrie_writes_case(FixtureWriter& out) {
  TreeAndKeys t = tree_and_keys();
  const Digest32 before = t.trie.root();
  std::vector<bintrie::Entry> writes;
  bool rewritten = false;  // one present value
  for (const bintrie::TreeKey& key : t.keys) {
    const bool present = t.trie.get(key).has_value();
    if (!present || !rewritten) writes.push_back({key, Digest32{0x42}});
    rewritten = rewritten || present;
  }
  auto proved = value_or_fail(prove_bintrie_writes(t.trie, t.keys, writes), "prove_bintrie_writes");
  if (writes.size() != 4 || proved.writes.post_root == before) {
    fail("the binary tree's writes are not four that change the root");
  }
  StateStatement statement;
  statement.kind = TreeKind::bintrie_writes;
  statement.bintrie = proved.reads;
  statement.writes = proved.writes;
  put_state_case(out, statement, proved.proof);
}

}  // namespace state_proofs

/// Both targets read the same fixture: the log's statement and proof, then the binary tree's
/// reads', then its writes'.
void state_verify_fuzz(FixtureWriter& out) {
  state_proofs::log_case(out);
  state_proofs::bintrie_case(out);
  state_proofs::bintrie_writes_case(out);
}

void state_statement_fuzz(FixtureWriter& out) {
  state_verify_fuzz(out);
}

const std::pair<std::string_view, void (*)(FixtureWriter&)> kTargets[] = {
    {"boolean_verify_fuzz", boolean_verify_fuzz},
    {"cs_verify_fuzz", cs_verify_fuzz},
    {"cs_verify_light_fuzz", cs_verify_light_fuzz},
    {"pcs_verify_fuzz", pcs_verify_fuzz},
    {"zk_protocols_verify_fuzz", zk_protocols_verify_fuzz},
    {"state_verify_fuzz", state_verify_fuzz},
    {"state_statement_fuzz", state_statement_fuzz}};

}  // namespace

int main(int argc, char** argv) {
  if (argc == 3) {
    for (const auto& [name, make] : kTargets) {
      if (name != argv[1]) continue;
      try {
        FixtureWriter out(name);
        make(out);
        return fuzz::write_fixture(argv[2], out) ? 0 : 1;
      } catch (const std::exception& e) {
        std::fprintf(stderr, "make_fuzz_fixtures %s: %s\n", argv[1], e.what());
        return 1;
      }
    }
  }
  std::fprintf(stderr, "usage: make_fuzz_fixtures <target> <file>; targets:");
  for (const auto& [name, make] : kTargets) {
    std::fprintf(stderr, " %.*s", static_cast<int>(name.size()), name.data());
  }
  std::fprintf(stderr, "\n");
  return 2;
}
