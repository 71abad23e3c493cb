// The Boolean engine's prover: witness generation, then the pipeline of boolean/engine.hpp.
#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <chrono>
#include <cstring>
#include <optional>
#include <string>

#include "chain.hpp"
#include "engine_common.hpp"
#include "fold_kernel.hpp"
#include "merkleforge/boolean/prover.hpp"
#include "merkleforge/core/large_pages.hpp"
#include "merkleforge/parallel/parallel.hpp"
#include "merkleforge/pcs/prover.hpp"
#include "merkleforge/zk/prover.hpp"
#include "mul_phase_prove.hpp"
#include "pipeline.hpp"
#include "wiring.hpp"
#include "zerocheck_prove.hpp"

namespace merkleforge::boolean {
namespace detail {
namespace {

using Words = LargeVector<std::uint64_t>;
using Clock = std::chrono::steady_clock;

/// Adds the seconds since it was made to *target when it goes (no-op for nullptr).
class PhaseTimer {
 public:
  explicit PhaseTimer(double* target) : target_(target), start_(Clock::now()) {}
  ~PhaseTimer() {
    if (target_ != nullptr)
      *target_ += std::chrono::duration<double>(Clock::now() - start_).count();
  }
  PhaseTimer(const PhaseTimer&) = delete;
  PhaseTimer& operator=(const PhaseTimer&) = delete;

 private:
  double* target_;
  Clock::time_point start_;
};

double* phase(ProveTimings* timings, double ProveTimings::*member) {
  return timings != nullptr ? &(timings->*member) : nullptr;
}

/// Every instance's operand bits (Â, B̂).
struct Operands {
  Words a, b;
};

/// The operands of every instance, from z alone.
Operands operand_columns(const Circuit& circuit, std::size_t count,
                         std::span<const std::uint64_t> z) {
  const std::size_t words = circuit.words();
  Operands o{Words(count * words), Words(count * words)};
  parallel_for(count, 1, [&](std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) {
      const std::size_t at = i * words;
      circuit.operands(z.subspan(at, words), {o.a.data() + at, words}, {o.b.data() + at, words});
    }
  });
  return o;
}

/// The first row of an instance (its words at a, b, z) whose operands' product is not its
/// committed bit, or nullopt.
std::optional<std::size_t> false_row(const std::uint64_t* a, const std::uint64_t* b,
                                     const std::uint64_t* z, std::size_t words) {
  for (std::size_t w = 0; w < words; ++w) {
    if (const std::uint64_t wrong = (a[w] & b[w]) ^ z[w]; wrong != 0) {
      return 64 * w + static_cast<std::size_t>(std::countr_zero(wrong));
    }
  }
  return std::nullopt;
}

/// Ok when every row of every instance holds; else an error naming the first false one.
Status check_rows(const Circuit& circuit, std::size_t count, const Operands& o,
                  std::span<const std::uint64_t> z) {
  const std::size_t words = circuit.words();
  std::atomic<std::size_t> first_false{count};
  parallel_for(count, 16, [&](std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end && i < first_false.load(); ++i) {
      const std::size_t at = i * words;
      if (false_row(&o.a[at], &o.b[at], &z[at], words)) {
        std::size_t seen = first_false.load();
        while (i < seen && !first_false.compare_exchange_weak(seen, i)) {
        }
      }
    }
  });
  const std::size_t i = first_false.load();
  if (i == count) return Ok{};
  const std::size_t at = i * words, row = *false_row(&o.a[at], &o.b[at], &z[at], words);
  return make_error(Errc::invalid_argument,
                    "boolean: the witness of " + std::string(circuit.name()) + " instance " +
                        std::to_string(i) + " is false at " + circuit.row_name(row));
}

/// z'(y) = Σ_i eq(r_out, i)·z_i(y): z with its instance variables fixed at r_out (fold_kernel.hpp).
std::vector<B128> fold_instances(const Circuit& circuit, std::span<const std::uint64_t> z,
                                 std::span<const B128> r_out) {
  const std::vector<B128P> eq = binius::polyval_eq_tensor(binius::to_polyval(r_out));
  const std::size_t words = circuit.words();
  const FoldKernel& kernel = *fold_kernels().active().table;
  std::vector<B128P> folded(64 * words);
  parallel_for(words, 16, [&](std::size_t begin, std::size_t end) {
    for (std::size_t i = 0; i < eq.size(); ++i) {
      kernel.add_words(z.data() + i * words + begin, end - begin, eq[i],
                       folded.data() + 64 * begin);
    }
  });
  return binius::to_canonical(folded);
}

/// Every instance's slot at byte `offset` evaluated at v_slot, through the byte tables of
/// eq(v_slot, ·): one lookup per byte of the slot.
std::vector<B128> slot_values(const Circuit& circuit, std::span<const std::uint64_t> z,
                              std::size_t batch, std::span<const std::array<B128P, 256>> tables,
                              std::size_t offset) {
  std::vector<B128> values(batch);
  parallel_for(batch, 256, [&](std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) {
      const auto* slot = reinterpret_cast<const std::uint8_t*>(&z[i * circuit.words()]) + offset;
      B128P sum;
      for (std::size_t b = 0; b < tables.size(); ++b) sum += tables[b][slot[b]];
      values[i] = binius::to_canonical(sum);
    }
  });
  return values;
}

/// The chain's links (chain.hpp): each instance's slot values at v_slot, their sumcheck, and
/// the two claims on z it leaves.
Status prove_links(const Circuit& circuit, const Statement& statement, unsigned k,
                   std::span<const std::uint64_t> z, const AlterLinks& alter,
                   zk::ProverTranscript& transcript, std::vector<pcs::EvaluationClaim>& claims) {
  transcript.begin_phase("boolean/chain");
  const ChainChallenges challenges = sample_chain(transcript, circuit.output_log_bits(), k);
  const std::size_t batch = std::size_t{1} << k;
  const auto tables = byte_tables(binius::polyval_eq_tensor(binius::to_polyval(challenges.v_slot)),
                                  circuit.output_bytes());
  const std::vector<B128> outputs =
      slot_values(circuit, z, batch, tables, circuit.output_offset() / 8);
  const std::vector<B128> inputs = slot_values(circuit, z, batch, tables, 0);
  auto [to_output, to_input] = chain_weights(challenges, statement.count);
  const zk::SumcheckClaim links{k, chain_composition(),
                                chain_sum(challenges, statement.head, statement.tail)};
  if (alter) {
    LinkColumns altered{outputs, inputs, to_output, to_input, links.sum};
    alter(altered);
  }
  const std::vector<std::vector<zk::Column>> columns = {
      {zk::Column::b128(outputs), zk::Column::b128(to_output), zk::Column::b128(inputs),
       zk::Column::b128(to_input)}};
  auto reduced = zk::prove_sumcheck({&links, 1}, columns, transcript);
  if (!reduced) return reduced.error();
  const auto [output_point, input_point] = chain_points(circuit, challenges, reduced->point);
  claims.push_back({0, output_point, reduced->evals[0][0]});
  claims.push_back({0, input_point, reduced->evals[0][2]});
  return Ok{};
}

/// The wiring's links and fixed ports (wiring.hpp): each port's values at v_slot, their
/// sumcheck, and a claim on z per port.
Status prove_wiring(const Circuit& circuit, const Wiring& wiring, unsigned k,
                    std::span<const std::uint64_t> z, const AlterPorts& alter,
                    zk::ProverTranscript& transcript, std::vector<pcs::EvaluationClaim>& claims) {
  transcript.begin_phase("boolean/wiring");
  const WiringChallenges challenges = sample_wiring(transcript, circuit.output_log_bits(), wiring);
  const std::size_t batch = std::size_t{1} << k, ports = port_count(circuit);
  const auto tables = byte_tables(binius::polyval_eq_tensor(binius::to_polyval(challenges.v_slot)),
                                  circuit.output_bytes());
  std::vector<std::vector<B128>> values;
  for (std::size_t p = 0; p < ports; ++p) {
    values.push_back(slot_values(circuit, z, batch, tables, port_offset(circuit, p) / 8));
  }
  std::vector<std::vector<B128>> weights;
  for (const auto& w : wiring_weights(circuit, challenges, wiring, k)) {
    weights.push_back(binius::to_canonical(w));
  }
  const zk::SumcheckClaim holds{k, wiring_composition(ports),
                                wiring_sum(circuit, challenges, wiring)};
  if (alter) {
    PortColumns altered{values, weights, holds.sum};
    alter(altered);
  }
  std::vector<std::vector<zk::Column>> columns(1);
  for (std::size_t p = 0; p < ports; ++p) {
    columns[0].push_back(zk::Column::b128(values[p]));
    columns[0].push_back(zk::Column::b128(weights[p]));
  }
  auto reduced = zk::prove_sumcheck({&holds, 1}, columns, transcript);
  if (!reduced) return reduced.error();
  const auto points = wiring_points(circuit, challenges, reduced->point);
  for (std::size_t p = 0; p < ports; ++p)
    claims.push_back({0, points[p], reduced->evals[0][2 * p]});
  return Ok{};
}

/// A cheating prover's changes to a chain's or a wiring's check (tests only).
struct Alterations {
  AlterLinks links;
  AlterPorts ports;
};

/// The proof of the statement from z and, when the witness pass made them, its operands.
Result<Bytes> prove_statement(const Circuit& circuit, const Statement& statement,
                              std::span<const std::uint64_t> z, std::optional<Operands> operands,
                              ProveTimings* timings, const PinnedConstants& pinned,
                              WitnessCheck check, const Alterations& alter = {}) {
  auto k = check_statement(circuit, statement);
  if (!k) return k.error();
  const std::size_t batch = std::size_t{1} << *k;
  if (z.size() != batch * circuit.words()) {
    return make_error(Errc::wrong_size, "boolean: " + std::to_string(z.size()) +
                                            " words of committed bits for a batch of " +
                                            std::to_string(batch) + " instances");
  }
  auto params = params_of(circuit, statement);
  if (!params) return params.error();
  const unsigned m0 = circuit.log_bits(), n = m0 + *k;

  std::optional<PhaseTimer> timer(std::in_place, phase(timings, &ProveTimings::commit));
  LargeVector<B128> packed(z.size() / 2);
  std::memcpy(static_cast<void*>(packed.data()), z.data(), z.size() * 8);  // little-endian host
  auto committed = pcs::pcs_commit({{0, n}}, {packed}, params->pcs.config);
  if (!committed) return committed.error();
  free_storage(packed);
  timer.emplace(phase(timings, &ProveTimings::zerocheck));

  zk::ProverTranscript transcript(kProtocol, digest_of(circuit, statement));
  transcript.begin_phase("boolean/commitment");
  transcript.write_commitment(committed->root());

  transcript.begin_phase("boolean/zerocheck");
  if (!operands) operands = operand_columns(circuit, batch, z);
  if (check == WitnessCheck::refuse_false) {
    if (Status s = check_rows(circuit, batch, *operands, z); !s) return s.error();
  }
  Words& a = operands->a;  // not a structured binding: clang 14 cannot capture one
  Words& b = operands->b;
  const ZerocheckClaims zero =
      prove_zerocheck({a, b, z, [&](unsigned column) { free_storage(column == 0 ? a : b); }}, n,
                      pinned, transcript);
  free_storage(a), free_storage(b);
  const std::span<const B128> r(zero.point);

  timer.emplace(phase(timings, &ProveTimings::lincheck));
  transcript.begin_phase("boolean/lincheck");
  const LincheckChallenges challenges = sample_lincheck(transcript, circuit, statement);
  const unsigned instance_words = m0 - kSkipVars;
  const std::span<const B128> r_out = r.subspan(instance_words);
  const LincheckWeights w =
      lincheck_weights(circuit, row_weights(zero.y, r.first(instance_words)), challenges);
  const zk::SumcheckClaim lincheck{
      m0, pair_product(),
      lincheck_sum(circuit, challenges, {zero.a, zero.b, zero.z}, statement, r_out, w.constant)};
  const std::vector<B128> folded_z = fold_instances(circuit, z, r_out);
  const std::vector<B128> weights = binius::to_canonical(w.weights);
  const std::vector<std::vector<zk::Column>> lincheck_columns = {
      {zk::Column::b128(weights), zk::Column::b128(folded_z)}};
  auto folded = zk::prove_sumcheck({&lincheck, 1}, lincheck_columns, transcript);
  if (!folded) return folded.error();
  std::vector<B128> lincheck_point = folded->point;
  lincheck_point.insert(lincheck_point.end(), r_out.begin(), r_out.end());
  std::vector<pcs::EvaluationClaim> claims = {{0, lincheck_point, folded->evals[0][1]}};
  if (statement.chain) {
    if (Status s = prove_links(circuit, statement, *k, z, alter.links, transcript, claims); !s)
      return s.error();
  }
  if (statement.wiring != nullptr) {
    if (Status s = prove_wiring(circuit, *statement.wiring, *k, z, alter.ports, transcript, claims);
        !s)
      return s.error();
  }
  if (const auto region = circuit.mul_region()) {
    timer.emplace(phase(timings, &ProveTimings::mul));
    auto products = prove_mul_phase(circuit, *region, *k, z, transcript);
    if (!products) return products.error();
    claims.insert(claims.end(), products->begin(), products->end());
  }

  timer.emplace(phase(timings, &ProveTimings::open));
  const zk::ProofTapes tapes = std::move(transcript).finish();
  auto opening = pcs::pcs_prove(*committed, claims);
  if (!opening) return opening.error();
  return encode_proof(tapes.transcript, *opening);
}

/// A batch's committed bits and their operands, as the witness pass fills them.
struct Batch {
  Batch(const Circuit& circuit, unsigned k)
      : circuit_(circuit),
        words_(circuit.words()),
        z((std::size_t{1} << k) * words_),
        operands{Words(z.size()), Words(z.size())} {}

  std::span<std::uint64_t> instance(std::size_t i) { return {z.data() + i * words_, words_}; }

  /// Instance i's witness and operands for `input`.
  void fill(std::size_t i, ByteSpan input) {
    circuit_.witness_and_operands(input, instance(i), {operands.a.data() + i * words_, words_},
                                  {operands.b.data() + i * words_, words_});
  }

  /// The instances past the count, count ≤ i < 2^k: the padding instance's.
  void pad(std::size_t count) {
    const std::size_t batch = z.size() / words_;
    if (count == batch) return;
    const PaddingInstance padding = padding_instance(circuit_);
    std::vector<std::uint64_t> a(words_), b(words_);
    circuit_.operands(padding.z, a, b);
    for (std::size_t i = count; i < batch; ++i) {
      std::copy(padding.z.begin(), padding.z.end(), z.begin() + i * words_);
      std::copy(a.begin(), a.end(), operands.a.begin() + i * words_);
      std::copy(b.begin(), b.end(), operands.b.begin() + i * words_);
    }
  }

 private:
  const Circuit& circuit_;
  std::size_t words_;

 public:
  Words z;
  Operands operands;
};

}  // namespace

Result<Bytes> prove_bits(const Circuit& circuit, std::size_t count,
                         std::span<const std::uint64_t> z, ByteSpan outputs, ByteSpan public_inputs,
                         ProveTimings* timings, const PinnedConstants& pinned, WitnessCheck check) {
  return prove_statement(circuit, Statement::of_outputs(count, outputs, public_inputs), z, {},
                         timings, pinned, check);
}

Result<Bytes> prove_chain_bits(const Circuit& circuit, std::size_t count,
                               std::span<const std::uint64_t> z, ByteSpan head, ByteSpan tail,
                               ProveTimings* timings, WitnessCheck check, const AlterLinks& alter) {
  return prove_statement(circuit, Statement::of_chain(count, head, tail), z, {}, timings, kPinned,
                         check, {alter, {}});
}

std::vector<std::uint64_t> instance_bits(const Circuit& circuit, ByteSpan inputs,
                                         std::size_t count) {
  Batch batch(circuit, *log_count(count));
  for (std::size_t i = 0; i < count; ++i) {
    batch.fill(i, inputs.subspan(i * circuit.input_bytes(), circuit.input_bytes()));
  }
  batch.pad(count);
  return {batch.z.begin(), batch.z.end()};
}

Result<Bytes> prove_wired_bits(const Circuit& circuit, const Wiring& wiring,
                               std::span<const std::uint64_t> z, ProveTimings* timings,
                               WitnessCheck check, const AlterPorts& alter) {
  return prove_statement(circuit, Statement::of_wiring(wiring), z, {}, timings, kPinned, check,
                         {{}, alter});
}

}  // namespace detail

Result<Proved> prove(const Circuit& circuit, std::size_t count, ByteSpan inputs,
                     ProveTimings* timings, Inputs visibility, pcs::Profile commitment) {
  auto k = detail::log_count(count);
  if (!k) return k.error();
  if (inputs.size() != count * circuit.input_bytes()) {
    return make_error(Errc::wrong_size, "boolean: " + std::to_string(inputs.size()) +
                                            " input bytes for " + std::to_string(count) +
                                            " instances of " + std::string(circuit.name()));
  }
  std::optional<detail::PhaseTimer> timer(std::in_place,
                                          detail::phase(timings, &ProveTimings::witness));
  detail::Batch batch(circuit, *k);
  Proved out{Bytes(count * circuit.output_bytes()), {}};
  parallel_for(count, 1, [&](std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) {
      batch.fill(i, inputs.subspan(i * circuit.input_bytes(), circuit.input_bytes()));
      circuit.output(batch.instance(i),
                     {out.outputs.data() + i * circuit.output_bytes(), circuit.output_bytes()});
    }
  });
  batch.pad(count);
  timer.reset();
  auto proof = detail::prove_statement(
      circuit,
      detail::Statement::of_outputs(
          count, out.outputs, visibility == Inputs::made_public ? inputs : ByteSpan{}, commitment),
      batch.z, std::move(batch.operands), timings, detail::kPinned,
      detail::WitnessCheck::refuse_false);
  if (!proof) return proof.error();
  out.proof = std::move(*proof);
  return out;
}

Result<Proved> prove_chain(const Circuit& circuit, std::size_t count, ByteSpan head, ByteSpan rest,
                           ProveTimings* timings, pcs::Profile commitment) {
  auto k = detail::check_statement(circuit, detail::Statement::of_chain(count, head, head));
  if (!k) return k.error();
  const std::size_t own = circuit.input_bytes() - circuit.output_bytes();
  if (rest.size() != count * own) {
    return make_error(Errc::wrong_size, "boolean: " + std::to_string(rest.size()) +
                                            " bytes of chain inputs for " + std::to_string(count) +
                                            " instances of " + std::string(circuit.name()) + " (" +
                                            std::to_string(own) + " each)");
  }
  // One instance after another: each input starts with the previous output.
  std::optional<detail::PhaseTimer> timer(std::in_place,
                                          detail::phase(timings, &ProveTimings::witness));
  detail::Batch batch(circuit, *k);
  Bytes input(head.begin(), head.end()), link(circuit.output_bytes());
  input.resize(circuit.input_bytes());
  for (std::size_t i = 0; i < count; ++i) {
    std::copy_n(rest.begin() + i * own, own, input.begin() + circuit.output_bytes());
    batch.fill(i, input);
    circuit.output(batch.instance(i), link);
    std::copy(link.begin(), link.end(), input.begin());
  }
  batch.pad(count);
  timer.reset();
  auto proof = detail::prove_statement(
      circuit, detail::Statement::of_chain(count, head, link, commitment), batch.z,
      std::move(batch.operands), timings, detail::kPinned, detail::WitnessCheck::refuse_false);
  if (!proof) return proof.error();
  return Proved{std::move(link), std::move(*proof)};
}

namespace {

/// Port `port`'s bytes of instance i, from the inputs and the outputs.
ByteSpan port_bytes(const Circuit& circuit, ByteSpan inputs, ByteSpan outputs, const Port& port) {
  const std::size_t bytes = circuit.output_bytes();
  if (port.port == kOutputPort) return outputs.subspan(port.instance * bytes, bytes);
  return inputs.subspan(port.instance * circuit.input_bytes() + port.port * bytes, bytes);
}

std::string port_name(const Port& port) {
  return (port.port == kOutputPort ? std::string("the output")
                                   : "chunk " + std::to_string(port.port)) +
         " of instance " + std::to_string(port.instance);
}

/// Ok when the instances keep every link and fixed port of the wiring, else the first they break.
Status check_ports(const Circuit& circuit, const Wiring& wiring, ByteSpan inputs,
                   ByteSpan outputs) {
  const auto broken = [](const std::string& what) {
    return make_error(Errc::invalid_argument, "boolean: the instances break " + what);
  };
  const auto same = [](ByteSpan x, ByteSpan y) {
    return std::equal(x.begin(), x.end(), y.begin());
  };
  for (std::size_t l = 0; l < wiring.links.size(); ++l) {
    const Link& link = wiring.links[l];
    if (!same(port_bytes(circuit, inputs, outputs, link.from),
              port_bytes(circuit, inputs, outputs, link.to))) {
      return broken("link " + std::to_string(l) + " (" + port_name(link.from) + " to " +
                    port_name(link.to) + ")");
    }
  }
  const std::size_t bytes = circuit.output_bytes();
  for (std::size_t f = 0; f < wiring.fixed.size(); ++f) {
    if (!same(port_bytes(circuit, inputs, outputs, wiring.fixed[f]),
              ByteSpan(wiring.fixed_values).subspan(f * bytes, bytes))) {
      return broken("fixed port " + std::to_string(f) + " (instance " +
                    std::to_string(wiring.fixed[f].instance) + ")");
    }
  }
  return Ok{};
}

}  // namespace

Result<Proved> prove_wired(const Circuit& circuit, const Wiring& wiring, ByteSpan inputs,
                           ProveTimings* timings, pcs::Profile commitment) {
  auto k = detail::check_wiring(circuit, wiring);
  if (!k) return k.error();
  if (inputs.size() != wiring.count * circuit.input_bytes()) {
    return make_error(Errc::wrong_size, "boolean: " + std::to_string(inputs.size()) +
                                            " input bytes for a wiring of " +
                                            std::to_string(wiring.count) + " instances of " +
                                            std::string(circuit.name()));
  }
  std::optional<detail::PhaseTimer> timer(std::in_place,
                                          detail::phase(timings, &ProveTimings::witness));
  detail::Batch batch(circuit, *k);
  Proved out{Bytes(wiring.count * circuit.output_bytes()), {}};
  parallel_for(wiring.count, 1, [&](std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) {
      batch.fill(i, inputs.subspan(i * circuit.input_bytes(), circuit.input_bytes()));
      circuit.output(batch.instance(i),
                     {out.outputs.data() + i * circuit.output_bytes(), circuit.output_bytes()});
    }
  });
  if (Status s = check_ports(circuit, wiring, inputs, out.outputs); !s) return s.error();
  batch.pad(wiring.count);
  timer.reset();
  auto proof = detail::prove_statement(circuit, detail::Statement::of_wiring(wiring, commitment),
                                       batch.z, std::move(batch.operands), timings, detail::kPinned,
                                       detail::WitnessCheck::refuse_false);
  if (!proof) return proof.error();
  out.proof = std::move(*proof);
  return out;
}

}  // namespace merkleforge::boolean
