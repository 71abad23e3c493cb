#include <map>

#include "evalcheck_common.hpp"
#include "merkleforge/binius/packed.hpp"

namespace merkleforge::zk {
namespace {

using Values = std::vector<uint128>;

Error missing(OracleId id) {
  return make_error(
      Errc::invalid_argument,
      "evalcheck: no values of the right size for committed oracle " + std::to_string(id));
}

Result<Values> materialise(const OracleSet& oracles, OracleId id,
                           std::span<const std::vector<uint128>> committed,
                           std::map<OracleId, Values>& memo) {
  using Kind = OracleSet::Kind;
  if (id >= oracles.size()) return make_error(Errc::invalid_argument, "evalcheck: unknown oracle");
  if (auto it = memo.find(id); it != memo.end()) return it->second;
  const OracleSet::Oracle& o = oracles.at(id);
  const std::size_t size = std::size_t{1} << o.n_vars;
  Values out(size, 0);
  auto inner = [&]() -> Result<Values> { return materialise(oracles, o.inner, committed, memo); };
  switch (o.kind) {
    case Kind::committed:
      if (id >= committed.size() || committed[id].size() != size) return missing(id);
      out = committed[id];
      break;
    case Kind::constant:
      std::fill(out.begin(), out.end(), o.value);
      break;
    case Kind::step_down:
      for (std::size_t i = 0; i < o.index; ++i) out[i] = 1;
      break;
    case Kind::eq:
      out = binius::eq_tensor(o.fixed).value();  // n <= 40 by the builder
      break;
    case Kind::packed: {
      auto values = inner();
      if (!values) return values.error();
      const std::size_t count = std::size_t{1} << o.block_bits;
      const unsigned width = 1u << o.inner_level;
      const uint128 mask = width == 128 ? ~uint128{0} : (uint128{1} << width) - 1;
      for (std::size_t i = 0; i < size; ++i) {
        for (std::size_t x = 0; x < count; ++x) {
          const uint128 v = (*values)[i * count + x];
          if ((v & ~mask) != 0) {
            return make_error(Errc::invalid_argument,
                              "evalcheck: a packed oracle's inner value is outside its field");
          }
          out[i] |= v << (x * width);
        }
      }
      break;
    }
    case Kind::linear_combination: {
      std::fill(out.begin(), out.end(), o.value);
      for (const auto& [term, coeff] : o.terms) {
        auto values = materialise(oracles, term, committed, memo);
        if (!values) return values.error();
        Values scaled(size, coeff);
        (void)binius::packed_mul_b128(*values, scaled, scaled);
        for (std::size_t i = 0; i < size; ++i) out[i] ^= scaled[i];
      }
      break;
    }
    case Kind::projected: {
      auto values = inner();
      if (!values) return values.error();
      out = binius::partial_evaluate_high(*values, o.fixed).value();
      break;
    }
    case Kind::repeating: {
      auto values = inner();
      if (!values) return values.error();
      for (std::size_t i = 0; i < size; ++i) out[i] = (*values)[i % values->size()];
      break;
    }
    case Kind::zero_padded: {
      auto values = inner();
      if (!values) return values.error();
      std::copy(values->begin(), values->end(), out.begin());
      break;
    }
    case Kind::shifted: {
      auto values = inner();
      if (!values) return values.error();
      const std::size_t block = std::size_t{1} << o.block_bits;
      for (std::size_t i = 0; i < size; ++i) {
        const std::size_t base = i & ~(block - 1);
        if (auto x = detail::shift_source(o.shift, o.block_bits, o.index, i - base)) {
          out[i] = (*values)[base + *x];
        }
      }
      break;
    }
  }
  memo.emplace(id, out);
  return out;
}

struct ProverSide {
  const OracleSet& oracles;
  std::span<const std::vector<uint128>> committed;
  ProverTranscript& transcript;
  std::map<OracleId, Values> memo;

  Result<std::vector<uint128>> inner_values(std::span<const OracleId> ids,
                                            std::span<const uint128> point) {
    std::vector<uint128> values;
    for (OracleId id : ids) {
      auto column = materialise(oracles, id, committed, memo);
      if (!column) return column.error();
      values.push_back(binius::evaluate_multilinear(*column, point).value());
    }
    transcript.write_b128s(values);
    return values;
  }

  Result<std::vector<uint128>> inner_values_at(OracleId id,
                                               std::span<const std::vector<uint128>> points) {
    auto column = materialise(oracles, id, committed, memo);
    if (!column) return column.error();
    std::vector<uint128> values;
    for (const auto& point : points) {
      values.push_back(binius::evaluate_multilinear(*column, point).value());
    }
    transcript.write_b128s(values);
    return values;
  }

  Result<EvaluationClaims> shift_sumcheck(std::span<const detail::ShiftTask> tasks) {
    std::vector<std::vector<uint128>> tables;  // T(·, r_high) and ind per task
    for (const detail::ShiftTask& t : tasks) {
      const OracleSet::Oracle& o = oracles.at(t.claim.oracle);
      auto inner = materialise(oracles, o.inner, committed, memo);
      if (!inner) return inner.error();
      const std::span<const uint128> point(t.claim.point);
      tables.push_back(binius::partial_evaluate_high(*inner, point.subspan(o.block_bits)).value());
      tables.push_back(detail::shift_indicator(o, point.first(o.block_bits)));
    }
    std::vector<std::vector<Column>> columns;
    for (std::size_t j = 0; j < tasks.size(); ++j) {
      columns.push_back({Column::b128(tables[2 * j]), Column::b128(tables[2 * j + 1])});
    }
    return prove_sumcheck(detail::shift_claims(oracles, tasks), columns, transcript);
  }
};

}  // namespace

Result<std::vector<uint128>> materialise_oracle(const OracleSet& oracles, OracleId id,
                                                std::span<const std::vector<uint128>> committed) {
  std::map<OracleId, Values> memo;
  return materialise(oracles, id, committed, memo);
}

Result<std::vector<EvalClaim>> prove_evalcheck(const OracleSet& oracles,
                                               std::span<const EvalClaim> claims,
                                               std::span<const std::vector<uint128>> committed,
                                               ProverTranscript& transcript) {
  ProverSide side{oracles, committed, transcript, {}};
  return detail::run_evalcheck(oracles, claims, side, transcript);
}

}  // namespace merkleforge::zk
