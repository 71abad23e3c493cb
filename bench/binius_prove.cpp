// The Binius table (issue 23): trace generation + prove, verify and proof size of each circuit at
// the table's instance counts, on 1 and 2 threads. Seed figures (Binius v0, 16 vCPUs) and the
// 2-core targets are in docs/binius-cs.md; counters give the prover's phases (seconds), the proof
// size (KiB), the security (bits), instances per second per core and peak memory (MiB, whole
// process). MERKLEFORGE_PROVE_BENCH_SMALL=1 runs 1/64 of the counts (a quick look).
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <chrono>
#include <cstdlib>
#include <map>
#include <memory>

#include "merkleforge/circuits/circuit.hpp"
#include "merkleforge/cs/prover.hpp"
#include "merkleforge/parallel/parallel.hpp"
#include "support/prover_rows.hpp"

namespace merkleforge::circuits {
namespace {

struct Row {
  std::string_view circuit;
  std::size_t count;
};

// The table's rows.
constexpr Row kRows[] = {{"keccakf", 8192},     {"u32add", 4'000'000}, {"u32xor", 4'000'000},
                         {"u32and", 4'000'000}, {"u32or", 4'000'000},  {"sha256", 16384},
                         {"groestlp", 16384},   {"vision32", 16384},   {"u32mul", 1'000'000}};

std::size_t scaled(std::size_t count) {
  return std::getenv("MERKLEFORGE_PROVE_BENCH_SMALL") != nullptr
             ? std::max<std::size_t>(count / 64, 1)
             : count;
}

double peak_mib() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) / 1024.0;  // KiB on Linux
}

struct Proved {
  cs::ConstraintSystem system;
  cs::PublicValues publics;
  Bytes proof;
  double security = 0;
};

/// One honest proof per row for the verifier benchmark: the first the prover benchmark made (the
/// report runs both, so no row is proved twice), else one made on first use.
std::map<std::string_view, std::unique_ptr<Proved>>& proofs() {
  static std::map<std::string_view, std::unique_ptr<Proved>> cache;
  return cache;
}

/// Keeps the row's first proof (the system is copied only then).
void keep_proof(const Row& row, const cs::ConstraintSystem& system, cs::PublicValues publics,
                Bytes proof) {
  auto& slot = proofs()[row.circuit];
  if (slot) return;
  const double security = cs::derive_params(system, {}).value().security_bits();
  slot = std::make_unique<Proved>(Proved{system, std::move(publics), std::move(proof), security});
}

Proved& proved(const Row& row) {
  if (!proofs()[row.circuit]) {
    const Circuit& c = *find_circuit(row.circuit);
    const std::size_t count = scaled(row.count);
    Trace trace = c.trace(random_inputs(c, count, 1));
    const cs::ConstraintSystem system = c.system(count);
    cs::PublicValues publics = c.publics(count, trace.outputs);
    Bytes proof = cs::prove(system, trace.witness, publics).value();
    keep_proof(row, system, std::move(publics), std::move(proof));
  }
  return *proofs()[row.circuit];
}

void BM_Prove(benchmark::State& state, Row row) {
  const auto threads = static_cast<std::size_t>(state.range(0));
  merkleforge::ThreadLimit control(threads);
  const Circuit& c = *find_circuit(row.circuit);
  const std::size_t count = scaled(row.count);
  const Bytes inputs = random_inputs(c, count, 1);
  const cs::ConstraintSystem system = c.system(count);
  double trace_s = 0;
  cs::ProveTimings phases, total;
  std::size_t proof_bytes = 0;
  for (auto _ : state) {
    const auto start = std::chrono::steady_clock::now();
    Trace trace = c.trace(inputs);
    trace_s += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    cs::PublicValues publics = c.publics(count, trace.outputs);
    auto proof = cs::prove(system, trace.witness, publics, {}, &phases);
    if (!proof) {
      state.SkipWithError(proof.error().message.c_str());
      return;
    }
    proof_bytes = proof->size();
    state.PauseTiming();
    keep_proof(row, system, std::move(publics), std::move(*proof));
    state.ResumeTiming();
    total.check += phases.check;
    total.commit += phases.commit;
    total.protocols += phases.protocols;
    total.open += phases.open;
  }
  const auto n = static_cast<double>(state.iterations());
  state.counters["trace_s"] = trace_s / n;
  state.counters["check_s"] = total.check / n;
  state.counters["commit_s"] = total.commit / n;
  state.counters["protocols_s"] = total.protocols / n;
  state.counters["open_s"] = total.open / n;
  state.counters["proof_KiB"] = static_cast<double>(proof_bytes) / 1024.0;
  state.counters["zerocheck_KiB"] = static_cast<double>(phases.zerocheck_bytes) / 1024.0;
  state.counters["evalcheck_KiB"] = static_cast<double>(phases.evalcheck_bytes) / 1024.0;
  state.counters["opening_KiB"] = static_cast<double>(phases.opening_bytes) / 1024.0;
  state.counters["per_s_per_core"] =
      benchmark::Counter(static_cast<double>(count) / static_cast<double>(threads),
                         benchmark::Counter::kIsIterationInvariantRate);
  state.counters["peak_MiB"] = peak_mib();
}

void BM_Verify(benchmark::State& state, Row row) {
  Proved& p = proved(row);
  for (auto _ : state) {
    const Status ok = cs::verify(p.system, p.publics, p.proof);
    if (!ok) {
      state.SkipWithError(ok.error().message.c_str());
      return;
    }
  }
  state.counters["proof_KiB"] = static_cast<double>(p.proof.size()) / 1024.0;
  state.counters["security_bits"] = p.security;
}

const bool registered = [] {
  for (const Row& row : kRows) {
    // binius/<prove|verify>/<circuit>/merkleforge/<count>: the count is an argument (a circuit
    // name may end in digits: sha256, vision32), which the report matches with the seed's row.
    const std::string circuit(row.circuit);
    const std::string count = std::to_string(scaled(row.count));
    bench::register_prove_row("binius/prove/" + circuit + "/merkleforge/" + count, BM_Prove, row);
    benchmark::RegisterBenchmark(("binius/verify/" + circuit + "/merkleforge/" + count).c_str(),
                                 BM_Verify, row)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
  }
  return true;
}();

}  // namespace
}  // namespace merkleforge::circuits
