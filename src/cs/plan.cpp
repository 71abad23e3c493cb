#include "plan.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <map>
#include <sstream>

#include "merkleforge/binius/multilinear.hpp"
#include "merkleforge/hash/framed.hpp"
#include "merkleforge/soundness/terms.hpp"

namespace merkleforge::cs::detail {
namespace {

using Node = Expr::Node;
using Role = ConstraintSystem::Role;

void collect_columns(const Node& n, std::vector<OracleId>& columns) {
  if (n.kind == Node::Kind::column &&
      std::find(columns.begin(), columns.end(), n.column) == columns.end()) {
    columns.push_back(n.column);
  }
  if (n.lhs) collect_columns(*n.lhs, columns);
  if (n.rhs) collect_columns(*n.rhs, columns);
}

zk::Composition::Node compile_node(const Node& n, const std::vector<OracleId>& columns,
                                   zk::Composition& out) {
  switch (n.kind) {
    case Node::Kind::column: {
      const auto at = std::find(columns.begin(), columns.end(), n.column) - columns.begin();
      return out.column(static_cast<std::size_t>(at));
    }
    case Node::Kind::constant:
      return out.constant(n.value);
    case Node::Kind::add: {
      const auto a = compile_node(*n.lhs, columns, out);
      return out.add(a, compile_node(*n.rhs, columns, out));
    }
    case Node::Kind::mul: {
      const auto a = compile_node(*n.lhs, columns, out);
      return out.mul(a, compile_node(*n.rhs, columns, out));
    }
  }
  return 0;
}

void add_constraint(const ConstraintSystem& system, std::size_t index, ConstraintBatch& batch) {
  batch.constraints.push_back(index);
  collect_columns(system.constraints()[index].expr.node(), batch.columns);
}

void compile_batch(const ConstraintSystem& system, ConstraintBatch& batch) {
  for (std::size_t index : batch.constraints) {
    zk::Composition composition(batch.columns.size());
    compile_node(system.constraints()[index].expr.node(), batch.columns, composition);
    batch.compositions.push_back(std::move(composition));
  }
}

/// Longest chain of shifts inside one another (each costs an evalcheck sumcheck round trip).
unsigned shift_depth(const zk::OracleSet& oracles, OracleId id,
                     std::map<OracleId, unsigned>& memo) {
  if (auto it = memo.find(id); it != memo.end()) return it->second;
  const zk::OracleSet::Oracle& o = oracles.at(id);
  unsigned depth = 0;
  using Kind = zk::OracleSet::Kind;
  if (o.kind == Kind::shifted || o.kind == Kind::packed || o.kind == Kind::projected ||
      o.kind == Kind::repeating || o.kind == Kind::zero_padded) {
    depth = shift_depth(oracles, o.inner, memo) + (o.kind == Kind::shifted ? 1 : 0);
  }
  for (const auto& term : o.terms) depth = std::max(depth, shift_depth(oracles, term.first, memo));
  memo.emplace(id, depth);
  return depth;
}

using framed::put_bytes;
using framed::put_string;
using framed::put_u64;

void put_b128(Sha256& h, B128 v) {
  put_u64(h, static_cast<std::uint64_t>(v.value()));
  put_u64(h, static_cast<std::uint64_t>(v.value() >> 64));
}

void put_expr(Sha256& h, const Node& n) {
  put_u64(h, static_cast<std::uint64_t>(n.kind));
  if (n.kind == Node::Kind::column) put_u64(h, n.column);
  if (n.kind == Node::Kind::constant) put_b128(h, n.value);
  if (n.lhs) put_expr(h, *n.lhs);
  if (n.rhs) put_expr(h, *n.rhs);
}

}  // namespace

unsigned tower_level(ColumnField field) {
  switch (field) {
    case ColumnField::b1:
      return 0;
    case ColumnField::b8:
      return 3;
    case ColumnField::b32:
      return 5;
    case ColumnField::b128:
      return 7;
  }
  return 7;
}

Plan make_plan(const ConstraintSystem& system) {
  Plan plan;
  plan.tables.resize(system.tables().size());
  for (std::size_t k = 0; k < system.constraints().size(); ++k) {
    const auto& c = system.constraints()[k];
    TablePlan& table = plan.tables[c.table];
    add_constraint(system, k, degree(c.expr) == 1 ? table.linear : table.zerocheck);
  }
  for (TablePlan& table : plan.tables) {
    compile_batch(system, table.linear);
    compile_batch(system, table.zerocheck);
  }
  plan.group_of.assign(system.oracles().size(), {SIZE_MAX, 0});
  for (OracleId id : system.committed_columns()) {
    const auto& info = system.column(id);
    auto it = std::find_if(plan.groups.begin(), plan.groups.end(), [&](const CommitGroup& g) {
      return g.table == info.table && g.field == info.field;
    });
    if (it == plan.groups.end()) {
      plan.groups.push_back({info.table, info.field, {}, 0, {}});
      it = plan.groups.end() - 1;
    }
    plan.group_of[id] = std::pair<std::size_t, std::size_t>(
        static_cast<std::size_t>(it - plan.groups.begin()), it->columns.size());
    it->columns.push_back(id);
  }
  for (CommitGroup& g : plan.groups) {
    g.log_count = static_cast<unsigned>(std::bit_width(g.columns.size() - 1));
    if (g.columns.size() == 1) g.log_count = 0;
    g.shape = {tower_level(g.field), system.tables()[g.table].n_vars + g.log_count};
  }
  return plan;
}

std::vector<pcs::PolynomialShape> group_shapes(const Plan& plan) {
  std::vector<pcs::PolynomialShape> shapes;
  for (const CommitGroup& g : plan.groups) shapes.push_back(g.shape);
  return shapes;
}

ByteSpan known_data(const ConstraintSystem& system, const PublicValues& publics, OracleId id) {
  const auto& info = system.column(id);
  if (info.role == Role::fixed) return info.data;
  return publics.columns[info.index];
}

Status check_sizes(const ConstraintSystem& system, const std::vector<OracleId>& ids,
                   const std::vector<Bytes>& given, const std::string& what) {
  if (given.size() != ids.size()) {
    return make_error(Errc::wrong_size, "cs: " + std::to_string(given.size()) + " " + what +
                                            " columns given, the system has " +
                                            std::to_string(ids.size()));
  }
  for (OracleId id : ids) {
    const auto& info = system.column(id);
    const Bytes& bytes = given[info.index];
    if (bytes.size() != system.data_bytes(id)) {
      return make_error(Errc::wrong_size, "cs: " + what + " column " + info.name + " has " +
                                              std::to_string(bytes.size()) + " bytes, expected " +
                                              std::to_string(system.data_bytes(id)));
    }
    const bool over_all_rows = info.role == Role::committed;
    const std::size_t vars =
        over_all_rows ? system.tables()[info.table].n_vars : info.free_vars.size();
    if (info.field == ColumnField::b1 && vars < 3 && (bytes[0] >> (1u << vars)) != 0) {
      return make_error(Errc::wrong_size,
                        "cs: " + what + " column " + info.name + " has bits set beyond its values");
    }
  }
  return Ok{};
}

Status check_publics(const ConstraintSystem& system, const PublicValues& publics) {
  return check_sizes(system, system.public_columns(), publics.columns, "public");
}

namespace {

B128 element(ColumnField field, ByteSpan data, std::size_t i) {
  switch (field) {
    case ColumnField::b1:
      return B128((data[i / 8] >> (i % 8)) & 1u);
    case ColumnField::b8:
      return B128(data[i]);
    case ColumnField::b32: {
      std::uint32_t v;
      std::memcpy(&v, data.data() + 4 * i, 4);
      return B128(v);
    }
    case ColumnField::b128: {
      binius::uint128 v;
      std::memcpy(&v, data.data() + 16 * i, 16);
      return B128(v);
    }
  }
  return B128::zero();
}

}  // namespace

B128 evaluate_known(const ConstraintSystem& system, OracleId column, ByteSpan data,
                    std::span<const B128> point) {
  const auto& info = system.column(column);
  std::vector<B128> at;
  for (unsigned v : info.free_vars) at.push_back(point[v]);
  if (info.field == ColumnField::b1) return binius::evaluate_multilinear_b1(data, at).value();
  std::vector<B128> values(std::size_t{1} << at.size());
  for (std::size_t i = 0; i < values.size(); ++i) values[i] = element(info.field, data, i);
  return binius::evaluate_multilinear(values, at).value();
}

namespace {

/// The next superset-free enumeration step over the bits of `mask`: the indices whose set bits
/// lie in mask, in increasing order (i' = ((i | ~mask) + 1) & mask).
std::size_t next_in(std::size_t i, std::size_t mask) {
  return ((i | ~mask) + 1) & mask;
}

}  // namespace

// Row i takes value j where j's bits are i's bits at the free variables: for each j, every
// completion k of the other variables receives it (both enumerated as subsets of their masks).
Bytes spread_known(const ConstraintSystem& system, OracleId id, ByteSpan data) {
  const auto& info = system.column(id);
  const unsigned n = system.tables()[info.table].n_vars;
  if (info.free_vars.size() == n) return Bytes(data.begin(), data.end());
  std::size_t free_mask = 0;
  for (unsigned v : info.free_vars) free_mask |= std::size_t{1} << v;
  const std::size_t rows_mask = (std::size_t{1} << n) - 1, other_mask = rows_mask & ~free_mask;
  Bytes out(field_bytes(info.field, n), 0);
  const std::size_t width = info.field == ColumnField::b1 ? 0 : field_bytes(info.field, 0);
  const std::size_t count = std::size_t{1} << info.free_vars.size();
  std::size_t at = 0;  // j deposited into the free variables
  for (std::size_t j = 0; j < count; ++j, at = next_in(at, free_mask)) {
    const bool set = width == 0 && ((data[j / 8] >> (j % 8)) & 1u) != 0;
    if (width == 0 && !set) continue;
    std::size_t k = 0;
    do {
      const std::size_t i = at | k;
      if (width == 0) {
        out[i / 8] = static_cast<std::uint8_t>(out[i / 8] | (1u << (i % 8)));
      } else {
        std::memcpy(out.data() + i * width, data.data() + j * width, width);
      }
      k = next_in(k, other_mask);
    } while (k != 0);
  }
  return out;
}

std::vector<GroupOpening> group_openings(const Plan& plan,
                                         const std::vector<zk::EvalClaim>& committed) {
  std::vector<GroupOpening> out;
  for (std::size_t g = 0; g < plan.groups.size(); ++g) {
    for (const zk::EvalClaim& c : committed) {
      const auto [group, position] = plan.group_of[c.oracle];
      if (group != g) continue;
      auto it = std::find_if(out.begin(), out.end(), [&](const GroupOpening& o) {
        return o.group == g && o.point == c.point;
      });
      if (it == out.end()) {
        out.push_back(
            {g, c.point, std::vector<std::optional<B128>>(plan.groups[g].columns.size())});
        it = out.end() - 1;
      }
      it->values[position] = c.value;
    }
  }
  return out;
}

B128 group_combination(std::span<const B128> beta, std::span<const B128> values) {
  const std::vector<B128> eq = binius::eq_tensor(beta).value();
  B128 sum;
  for (std::size_t c = 0; c < values.size(); ++c) sum += eq[c] * values[c];
  return sum;
}

}  // namespace merkleforge::cs::detail

namespace merkleforge::cs {

using detail::Plan;

namespace {

std::vector<soundness::Term> protocol_terms(const ConstraintSystem& system, const Plan& plan) {
  std::vector<soundness::Term> terms;
  std::map<OracleId, unsigned> memo;
  unsigned depth = 0, shifted = 0;
  for (OracleId id = 0; id < system.oracles().size(); ++id) {
    depth = std::max(depth, detail::shift_depth(system.oracles(), id, memo));
    shifted += system.oracles().at(id).kind == zk::OracleSet::Kind::shifted ? 1 : 0;
  }
  // Points reaching evalcheck: one per table and check, each rewritten by at most `depth` shift
  // reductions whose block sizes (1..16 variables) decide which prefix is replaced.
  const double points = 2.0 * static_cast<double>(system.tables().size()) * std::pow(16.0, depth);
  for (std::size_t t = 0; t < plan.tables.size(); ++t) {
    const auto& table = plan.tables[t];
    const unsigned n = system.tables()[t].n_vars;
    const std::string& name = system.tables()[t].name;
    if (!table.linear.compositions.empty()) {
      terms.push_back(soundness::linear_check(
          "linear check " + name, static_cast<double>(table.linear.compositions.size()), n));
    }
    if (!table.zerocheck.compositions.empty()) {
      unsigned d = 0;
      for (const auto& c : table.zerocheck.compositions) d = std::max(d, c.degree());
      terms.push_back(soundness::zerocheck(
          "zerocheck " + name, static_cast<double>(table.zerocheck.compositions.size()), n, d));
    }
  }
  if (shifted > 0) {
    terms.push_back(soundness::shift_reductions("evalcheck shift sumchecks", depth,
                                                static_cast<double>(shifted), points));
  }
  unsigned log_columns = 0;
  for (const auto& g : plan.groups) log_columns += g.log_count;
  if (log_columns > 0) {
    terms.push_back(soundness::group_batching("commitment-group batching", points, log_columns));
  }
  return terms;
}

}  // namespace

Result<SystemParams> derive_params(const ConstraintSystem& system, const ProofConfig& config) {
  const Plan plan = detail::make_plan(system);
  if (plan.groups.empty()) return make_error(Errc::invalid_argument, "cs: nothing is committed");
  const std::vector<soundness::Term> protocol = protocol_terms(system, plan);
  // The PCS's own target is raised until the sum of all terms reaches the system's target.
  for (unsigned extra = 0; extra <= 4; ++extra) {
    pcs::PcsConfig pcs_config;
    pcs_config.security_bits = config.security_bits + extra;
    pcs_config.log_inv_rate = config.log_inv_rate;
    auto pcs_params = pcs::derive_params(detail::group_shapes(plan), pcs_config);
    if (!pcs_params) return pcs_params.error();
    SystemParams params{*pcs_params, {protocol}};
    params.soundness.terms.insert(params.soundness.terms.end(), pcs_params->soundness.terms.begin(),
                                  pcs_params->soundness.terms.end());
    if (params.security_bits() >= config.security_bits) return params;
  }
  return make_error(Errc::invalid_argument, "cs: the security target cannot be reached");
}

Digest32 statement_digest(const ConstraintSystem& system, const SystemParams& params,
                          const PublicValues& publics) {
  using detail::put_b128;
  using detail::put_bytes;
  using detail::put_string;
  using detail::put_u64;
  Sha256 h;
  put_string(h, kProtocol);
  put_string(h, system.name());
  put_u64(h, system.parameters().size());
  for (const auto& [name, value] : system.parameters()) {
    put_string(h, name);
    put_u64(h, value);
  }
  put_u64(h, system.tables().size());
  for (const auto& t : system.tables()) {
    put_string(h, t.name);
    put_u64(h, t.n_vars);
  }
  put_u64(h, system.oracles().size());
  for (OracleId id = 0; id < system.oracles().size(); ++id) {
    const auto& o = system.oracles().at(id);
    const auto& info = system.column(id);
    put_u64(h, static_cast<std::uint64_t>(o.kind));
    put_u64(h, o.n_vars);
    put_u64(h, o.inner);
    put_b128(h, o.value);
    put_u64(h, o.index);
    put_u64(h, o.block_bits);
    put_u64(h, o.inner_level);
    put_u64(h, static_cast<std::uint64_t>(o.shift));
    put_u64(h, o.fixed.size());
    for (B128 x : o.fixed) put_b128(h, x);
    put_u64(h, o.terms.size());
    for (const auto& [term, coefficient] : o.terms) {
      put_u64(h, term);
      put_b128(h, coefficient);
    }
    put_string(h, info.name);
    put_u64(h, info.table);
    put_u64(h, static_cast<std::uint64_t>(info.role));
    put_u64(h, static_cast<std::uint64_t>(info.field));
    put_u64(h, info.free_vars.size());
    for (unsigned v : info.free_vars) put_u64(h, v);
    put_bytes(h, info.data);
  }
  put_u64(h, system.constraints().size());
  for (const auto& c : system.constraints()) {
    put_string(h, c.name);
    put_u64(h, c.table);
    detail::put_expr(h, c.expr.node());
  }
  const pcs::PcsParams& p = params.pcs;
  for (unsigned v : {p.config.security_bits, p.config.log_inv_rate, p.total_vars, p.arity,
                     p.queries, p.terminal_vars}) {
    put_u64(h, v);
  }
  put_u64(h, publics.columns.size());
  for (const Bytes& column : publics.columns) put_bytes(h, column);
  return h.finalize();
}

std::string describe(const ConstraintSystem& system, const ProofConfig& config) {
  std::ostringstream out;
  const Plan plan = detail::make_plan(system);
  out << "circuit " << system.name();
  for (const auto& [name, value] : system.parameters()) out << ", " << name << " " << value;
  out << "\n";
  std::size_t committed_bits = 0;
  for (std::size_t t = 0; t < system.tables().size(); ++t) {
    const auto& table = system.tables()[t];
    std::size_t counts[4] = {0, 0, 0, 0};
    for (OracleId id = 0; id < system.oracles().size(); ++id) {
      if (system.column(id).table == t) ++counts[static_cast<int>(system.column(id).role)];
    }
    out << "table " << table.name << ": 2^" << table.n_vars << " rows; columns: " << counts[0]
        << " committed, " << counts[1] << " fixed, " << counts[2] << " public, " << counts[3]
        << " virtual\n";
    out << "  constraints: " << plan.tables[t].linear.compositions.size()
        << " linear (checked at a random point), " << plan.tables[t].zerocheck.compositions.size()
        << " by zerocheck";
    unsigned d = 0;
    for (const auto& c : plan.tables[t].zerocheck.compositions) d = std::max(d, c.degree());
    if (d > 0) out << " (degree " << d << ")";
    out << "\n";
  }
  for (const auto& g : plan.groups) {
    const std::size_t bits = (std::size_t{1} << g.shape.n_vars) << g.shape.tower_level;
    committed_bits += bits;
    out << "commitment group: table " << system.tables()[g.table].name << ", " << g.columns.size()
        << " columns of T" << g.shape.tower_level << " -> one polynomial of 2^" << g.shape.n_vars
        << " values (" << bits / 8 / 1024 << " KiB)\n";
  }
  out << "committed: " << committed_bits / 8 / 1024 << " KiB\n";
  auto params = derive_params(system, config);
  if (!params) {
    out << "parameters: " << params.error().message << "\n";
    return out.str();
  }
  out << pcs::describe_parameters(params->pcs);
  out << params->soundness.describe(config.security_bits);
  return out.str();
}

}  // namespace merkleforge::cs
