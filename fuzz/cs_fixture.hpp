// The constraint-system statements of the cs verifier fuzz targets in their fixture files
// (fixture.hpp): make_fuzz_fixtures writes each case's system, public values, configuration and
// honest proof; cs_verify_common.hpp reads them back. A system is written as the builder calls
// that make it (ConstraintSystem's public API only: verifier-side), so reading it replays them
// and yields an equal system, with the same statement digest (make_fuzz_fixtures checks that).
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

#include "fixture.hpp"
#include "merkleforge/cs/proof.hpp"

namespace merkleforge::fuzz {

/// One statement with its honest proof, as the fixture holds it.
struct CsFixtureCase {
  std::string label;  ///< the circuit's name, for messages
  cs::ConstraintSystem system;
  cs::PublicValues publics;
  cs::ProofConfig config;
  Bytes proof;
};

namespace detail {

using Role = cs::ConstraintSystem::Role;
using Node = cs::Expr::Node;

/// The expression DAG in post-order, each node once (shared sub-expressions stay shared).
inline std::size_t put_node(FixtureWriter& out, const Node& node,
                            std::unordered_map<const Node*, std::size_t>& index,
                            std::vector<const Node*>& order) {
  if (auto found = index.find(&node); found != index.end()) return found->second;
  if (node.kind == Node::Kind::add || node.kind == Node::Kind::mul) {
    put_node(out, *node.lhs, index, order);
    put_node(out, *node.rhs, index, order);
  }
  index.emplace(&node, order.size());
  order.push_back(&node);
  return order.size() - 1;
}

}  // namespace detail

inline void put_system(FixtureWriter& out, const cs::ConstraintSystem& system) {
  using detail::Node;
  using detail::Role;
  out.string(system.name());
  out.u64(system.parameters().size());
  for (const auto& [name, value] : system.parameters()) {
    out.string(name);
    out.u64(value);
  }
  out.u64(system.tables().size());
  for (const auto& table : system.tables()) {
    out.string(table.name);
    out.u64(table.n_vars);
  }
  const zk::OracleSet& oracles = system.oracles();
  out.u64(oracles.size());
  for (zk::OracleId id = 0; id < oracles.size(); ++id) {
    const auto& info = system.column(id);
    const auto& oracle = oracles.at(id);
    out.u64(static_cast<std::uint64_t>(info.role));
    switch (info.role) {
      case Role::committed:
      case Role::fixed:
      case Role::public_values:
        out.u64(info.table);
        out.string(info.name);
        out.u64(static_cast<std::uint64_t>(info.field));
        if (info.role == Role::committed) break;
        out.u64(info.free_vars.size());
        for (unsigned v : info.free_vars) out.u64(v);
        if (info.role == Role::fixed) out.bytes(info.data);
        break;
      case Role::virtual_column:
        out.u64(static_cast<std::uint64_t>(oracle.kind));
        if (oracle.kind == zk::OracleSet::Kind::shifted) {
          out.u64(oracle.inner);
          out.u64(oracle.block_bits);
          out.u64(oracle.index);
          out.u64(static_cast<std::uint64_t>(oracle.shift));
        } else if (oracle.kind == zk::OracleSet::Kind::linear_combination) {
          out.u64(info.table);
          out.b128(oracle.value);
          out.u64(oracle.terms.size());
          for (const auto& [term, coefficient] : oracle.terms) {
            out.u64(term);
            out.b128(coefficient);
          }
        } else {
          throw std::invalid_argument("put_system: a virtual column of an unexpected oracle kind");
        }
        out.string(info.name);
        break;
    }
  }
  std::unordered_map<const Node*, std::size_t> index;
  std::vector<const Node*> order;
  std::vector<std::size_t> roots;
  for (const auto& constraint : system.constraints()) {
    roots.push_back(detail::put_node(out, constraint.expr.node(), index, order));
  }
  out.u64(order.size());
  for (const Node* node : order) {
    out.u64(static_cast<std::uint64_t>(node->kind));
    switch (node->kind) {
      case Node::Kind::column:
        out.u64(node->column);
        break;
      case Node::Kind::constant:
        out.b128(node->value);
        break;
      case Node::Kind::add:
      case Node::Kind::mul:
        out.u64(index.at(node->lhs.get()));
        out.u64(index.at(node->rhs.get()));
        break;
    }
  }
  out.u64(system.constraints().size());
  for (std::size_t i = 0; i < system.constraints().size(); ++i) {
    out.string(system.constraints()[i].name);
    out.u64(system.constraints()[i].table);
    out.u64(roots[i]);
  }
}

/// Replays the builder calls put_system wrote. Throws std::runtime_error (the reader's, or for
/// an unknown role, kind or index) or std::invalid_argument (the builders') on a malformed file.
inline cs::ConstraintSystem read_system(FixtureReader& in) {
  using detail::Node;
  using detail::Role;
  constexpr std::uint64_t kMany = std::uint64_t{1} << 32;
  cs::ConstraintSystem system(in.string());
  for (std::size_t i = 0, n = in.count(kMany); i < n; ++i) {
    std::string name = in.string();
    system.bind_parameter(std::move(name), in.u64());
  }
  for (std::size_t i = 0, n = in.count(kMany); i < n; ++i) {
    std::string name = in.string();
    system.add_table(std::move(name), in.small(zk::kMaxColumnVars));
  }
  const std::size_t columns = in.count(kMany);
  for (std::size_t id = 0; id < columns; ++id) {
    const auto role = static_cast<Role>(in.small(static_cast<unsigned>(Role::virtual_column)));
    zk::OracleId made = 0;
    if (role != Role::virtual_column) {
      const std::size_t table = in.count(kMany);
      std::string name = in.string();
      const auto field = static_cast<cs::ColumnField>(in.small(3));
      std::vector<unsigned> free_vars;
      if (role != Role::committed) {
        free_vars.resize(in.count(zk::kMaxColumnVars));
        for (unsigned& v : free_vars) v = in.small(zk::kMaxColumnVars);
      }
      if (role == Role::committed) {
        made = system.committed(table, std::move(name), field);
      } else if (role == Role::fixed) {
        Bytes data = in.bytes();
        made = system.fixed(table, std::move(name), field, std::move(free_vars), std::move(data));
      } else {
        made = system.public_column(table, std::move(name), field, std::move(free_vars));
      }
    } else {
      const auto kind = static_cast<zk::OracleSet::Kind>(in.small(255));
      if (kind == zk::OracleSet::Kind::shifted) {
        const std::size_t inner = in.count(id);
        const unsigned block_bits = in.small(zk::kMaxColumnVars);
        const std::size_t offset = in.count(kMany);
        const auto shift = static_cast<cs::ShiftKind>(in.small(2));
        made = system.shifted(inner, block_bits, offset, shift, in.string());
      } else if (kind == zk::OracleSet::Kind::linear_combination) {
        const std::size_t table = in.count(kMany);
        const B128 offset = in.b128();
        std::vector<std::pair<zk::OracleId, B128>> terms(in.count(kMany));
        for (auto& [term, coefficient] : terms) {
          term = in.count(id);
          coefficient = in.b128();
        }
        made = system.linear_combination(table, offset, std::move(terms), in.string());
      } else {
        in.fail("a virtual column of oracle kind " + std::to_string(static_cast<int>(kind)));
      }
    }
    if (made != id)
      in.fail("column " + std::to_string(id) + " came out as oracle " + std::to_string(made));
  }
  std::vector<cs::Expr> nodes;
  for (std::size_t i = 0, n = in.count(kMany); i < n; ++i) {
    const auto kind = static_cast<Node::Kind>(in.small(static_cast<unsigned>(Node::Kind::mul)));
    switch (kind) {
      case Node::Kind::column:
        nodes.emplace_back(in.count(columns - 1));
        break;
      case Node::Kind::constant:
        nodes.push_back(cs::Expr::constant(in.b128()));
        break;
      case Node::Kind::add:
      case Node::Kind::mul: {
        if (i == 0) in.fail("an operation before any operand");
        const cs::Expr& lhs = nodes[in.count(i - 1)];
        const cs::Expr& rhs = nodes[in.count(i - 1)];
        nodes.push_back(kind == Node::Kind::add ? lhs + rhs : lhs * rhs);
        break;
      }
    }
  }
  for (std::size_t i = 0, n = in.count(kMany); i < n; ++i) {
    std::string name = in.string();
    const std::size_t table = in.count(kMany);
    if (nodes.empty()) in.fail("a constraint without expressions");
    system.constrain(table, std::move(name), nodes[in.count(nodes.size() - 1)]);
  }
  return system;
}

inline void put_cs_case(FixtureWriter& out, const CsFixtureCase& c) {
  out.string(c.label);
  out.u64(c.config.security_bits);
  out.u64(c.config.log_inv_rate);
  put_system(out, c.system);
  out.u64(c.publics.columns.size());
  for (const Bytes& column : c.publics.columns) out.bytes(column);
  out.bytes(c.proof);
}

inline CsFixtureCase read_cs_case(FixtureReader& in) {
  std::string label = in.string();
  cs::ProofConfig config;
  config.security_bits = in.small(1024);
  config.log_inv_rate = in.small(64);
  cs::ConstraintSystem system = read_system(in);
  cs::PublicValues publics;
  publics.columns.resize(in.count(std::uint64_t{1} << 32));
  for (Bytes& column : publics.columns) column = in.bytes();
  Bytes proof = in.bytes();
  return {std::move(label), std::move(system), std::move(publics), config, std::move(proof)};
}

}  // namespace merkleforge::fuzz
