// FRI-Binius PCS at 100-bit security, rate 1/2: commit, prove (one evaluation claim) and verify
// of one B128 multilinear of ℓ* variables, on 1 and 2 threads. Counters: the time split (NTT,
// Merkle, sumcheck/fold, queries; seconds per iteration) and the proof-size split (bytes).
// Targets (docs/binius-pcs.md, Figures): commit and open of ℓ* = 21 on 1 thread <= 120 ms each,
// commit + open of ℓ* = 22 on 1 thread <= 0.5 s, proof of ℓ* = 22 <= 300 KiB. A process's first
// commit also pays the kernel for its first huge pages: run with --benchmark_repetitions and
// read the median (the first repetition is the cold one).
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <map>
#include <memory>
#include <random>

#include "merkleforge/binius/multilinear.hpp"
#include "merkleforge/parallel/parallel.hpp"
#include "merkleforge/pcs/prover.hpp"
#include "merkleforge/pcs/verifier.hpp"

namespace merkleforge::pcs {
namespace {

struct Fixture {
  std::vector<B128> values;
  PcsCommitted committed;
  std::vector<EvaluationClaim> claims;
  Bytes proof;
};

std::vector<B128> random_values(std::size_t count, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<B128> values(count);
  for (B128& value : values) value = B128(binius::make_uint128(rng(), rng()));
  return values;
}

/// One committed polynomial of `vars` variables with one true claim (its value from
/// evaluate_multilinear) and its proof, built once per size.
Fixture& fixture(unsigned vars) {
  static std::map<unsigned, std::unique_ptr<Fixture>> cache;
  auto& slot = cache[vars];
  if (slot) return *slot;
  slot = std::make_unique<Fixture>();
  Fixture& f = *slot;
  f.values = random_values(std::size_t{1} << vars, vars);
  auto committed = pcs_commit({{7, vars}}, {f.values}, PcsConfig{});
  f.committed = std::move(*committed);
  EvaluationClaim claim{0, random_values(vars, 1000 + vars), B128::zero()};
  claim.value = *binius::evaluate_multilinear(f.values, claim.point);
  f.claims.push_back(std::move(claim));
  f.proof = std::move(*pcs_prove(f.committed, f.claims));
  return f;
}

void set_proof_counters(benchmark::State& state, const Fixture& f) {
  std::map<std::string, double> bytes;
  for (const ProofField& field : proof_layout(f.committed.params, f.claims)) {
    const std::string& name = field.name;
    std::string kind = "other";
    if (name.find("polynomial") != std::string::npos) kind = "sumcheck";
    if (name.find("root") != std::string::npos) kind = "roots";
    if (name.find("terminal") != std::string::npos) kind = "terminal";
    if (name.find(" cap") != std::string::npos) kind = "caps";
    if (name.find(" leaf") != std::string::npos) kind = "leaves";
    if (name.find(" path") != std::string::npos) kind = "paths";
    bytes[kind] += static_cast<double>(field.size);
  }
  for (const auto& [kind, size] : bytes) state.counters["bytes_" + kind] = size;
  state.counters["proof_bytes"] = static_cast<double>(f.proof.size());
  state.counters["queries"] = f.committed.params.queries;
}

void BM_Commit(benchmark::State& state) {
  const auto vars = static_cast<unsigned>(state.range(0));
  merkleforge::ThreadLimit threads(static_cast<std::size_t>(state.range(1)));
  const std::vector<B128> values = random_values(std::size_t{1} << vars, vars);
  PcsTimings timings;
  for (auto _ : state) {
    auto committed = pcs_commit({{7, vars}}, {values}, PcsConfig{}, &timings);
    benchmark::DoNotOptimize(committed);
  }
  const auto n = static_cast<double>(state.iterations());
  state.counters["ntt_s"] = timings.ntt / n;
  state.counters["merkle_s"] = timings.merkle / n;
}

void BM_Prove(benchmark::State& state) {
  const auto vars = static_cast<unsigned>(state.range(0));
  Fixture& f = fixture(vars);
  merkleforge::ThreadLimit threads(static_cast<std::size_t>(state.range(1)));
  PcsTimings timings;
  for (auto _ : state) {
    auto proof = pcs_prove(f.committed, f.claims, &timings);
    benchmark::DoNotOptimize(proof);
  }
  const auto n = static_cast<double>(state.iterations());
  state.counters["sumcheck_fold_s"] = timings.sumcheck_fold / n;
  state.counters["merkle_s"] = timings.merkle / n;
  state.counters["queries_s"] = timings.queries / n;
  set_proof_counters(state, f);
}

void BM_Verify(benchmark::State& state) {
  const auto vars = static_cast<unsigned>(state.range(0));
  Fixture& f = fixture(vars);
  for (auto _ : state) {
    const Status verified = pcs_verify(f.committed.params, f.committed.root(), f.claims, f.proof);
    if (!verified) {
      state.SkipWithError(verified.error().message.c_str());
      return;
    }
  }
  set_proof_counters(state, f);
}

/// ℓ* = 20, 21 and 22 on 1 and 2 threads; ℓ* = 24 (2 threads) too when MERKLEFORGE_PCS_BENCH_24 is
/// set (about 2 GiB and several seconds per commit: kept out of the default `mforge bench` run).
bool with_24() {
  return std::getenv("MERKLEFORGE_PCS_BENCH_24") != nullptr;
}

void sizes_and_threads(benchmark::internal::Benchmark* b) {
  for (int vars : {20, 21, 22}) {
    for (int threads : {1, 2}) b->Args({vars, threads});
  }
  if (with_24()) b->Args({24, 2});
}

void sizes(benchmark::internal::Benchmark* b) {
  for (int vars : {20, 21, 22}) b->Arg(vars);
  if (with_24()) b->Arg(24);
}

BENCHMARK(BM_Commit)
    ->Name("binius/pcs/commit/merkleforge")
    ->ArgNames({"vars", "threads"})
    ->Apply(sizes_and_threads)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->MeasureProcessCPUTime();
BENCHMARK(BM_Prove)
    ->Name("binius/pcs/prove/merkleforge")
    ->ArgNames({"vars", "threads"})
    ->Apply(sizes_and_threads)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->MeasureProcessCPUTime();
BENCHMARK(BM_Verify)
    ->Name("binius/pcs/verify/merkleforge")
    ->ArgNames({"vars"})
    ->Apply(sizes)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->MeasureProcessCPUTime();

}  // namespace
}  // namespace merkleforge::pcs
