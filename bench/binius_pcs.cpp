// FRI-Binius PCS at 100-bit security under both profiles (fast: rate 1/2; slim: rate 1/4 and 16
// bits of query proof of work): commit, prove (one evaluation claim) and verify of one B128
// multilinear of ℓ* variables, on 1 and 2 threads. Counters: the time split (NTT, Merkle,
// sumcheck/fold, proof of work, queries; seconds per iteration) and the proof-size split (bytes).
// Targets (docs/binius-pcs.md, Figures): fast commit and open of ℓ* = 21 on 1 thread <= 120 ms
// each, commit + open of ℓ* = 22 on 1 thread <= 0.5 s; slim at ℓ* = 21: proof <= 160 KiB,
// commit and open <= 2× fast's, verify <= 3 ms. A process's first
// commit also pays the kernel for its first huge pages: run with --benchmark_repetitions and
// read the median (the first repetition is the cold one).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <memory>
#include <random>
#include <tuple>

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
/// evaluate_multilinear) and its proof, built once per size and profile.
Fixture& fixture(unsigned vars, const PcsConfig& config) {
  static std::map<std::pair<unsigned, std::string_view>, std::unique_ptr<Fixture>> cache;
  auto& slot = cache[{vars, profile_name(config)}];
  if (slot) return *slot;
  slot = std::make_unique<Fixture>();
  Fixture& f = *slot;
  f.values = random_values(std::size_t{1} << vars, vars);
  auto committed = pcs_commit({{7, vars}}, {f.values}, config);
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
    if (name.find("proof of work") != std::string::npos) kind = "nonces";
    bytes[kind] += static_cast<double>(field.size);
  }
  // The advice: each oracle's multiproof (distinct leaves and the siblings they do not give).
  bytes["multiproofs"] =
      static_cast<double>(f.proof.size() - fixed_size(f.committed.params, f.claims));
  for (const auto& [kind, size] : bytes) state.counters["bytes_" + kind] = size;
  state.counters["proof_bytes"] = static_cast<double>(f.proof.size());
  state.counters["queries"] = f.committed.params.queries;
}

void BM_Commit(benchmark::State& state, const PcsConfig& config) {
  const auto vars = static_cast<unsigned>(state.range(0));
  merkleforge::ThreadLimit threads(static_cast<std::size_t>(state.range(1)));
  const std::vector<B128> values = random_values(std::size_t{1} << vars, vars);
  PcsTimings timings;
  for (auto _ : state) {
    auto committed = pcs_commit({{7, vars}}, {values}, config, &timings);
    benchmark::DoNotOptimize(committed);
  }
  const auto n = static_cast<double>(state.iterations());
  state.counters["ntt_s"] = timings.ntt / n;
  state.counters["merkle_s"] = timings.merkle / n;
}

void BM_Prove(benchmark::State& state, const PcsConfig& config) {
  const auto vars = static_cast<unsigned>(state.range(0));
  Fixture& f = fixture(vars, config);
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
  state.counters["work_s"] = timings.work / n;
  set_proof_counters(state, f);
}

void BM_Verify(benchmark::State& state, const PcsConfig& config) {
  const auto vars = static_cast<unsigned>(state.range(0));
  Fixture& f = fixture(vars, config);
  for (auto _ : state) {
    const Status verified = pcs_verify(f.committed.params, f.committed.root(), f.claims, f.proof);
    if (!verified) {
      state.SkipWithError(verified.error().message.c_str());
      return;
    }
  }
  set_proof_counters(state, f);
}

/// ℓ* = 20, 21 and 22 on 1 and 2 threads; ℓ* = 23 … N (2 threads) too when
/// MERKLEFORGE_PCS_BENCH_MAX_VARS=N (ℓ* = 25 under slim holds ~6 GiB and takes seconds per commit:
/// kept out of the default `mforge bench` run).
int max_vars() {
  const char* value = std::getenv("MERKLEFORGE_PCS_BENCH_MAX_VARS");
  return value == nullptr ? 22 : std::clamp(std::atoi(value), 22, static_cast<int>(kMaxTotalVars));
}

void sizes_and_threads(benchmark::internal::Benchmark* b) {
  for (int vars : {20, 21, 22}) {
    for (int threads : {1, 2}) b->Args({vars, threads});
  }
  for (int vars = 23; vars <= max_vars(); ++vars) b->Args({vars, 2});
}

void sizes(benchmark::internal::Benchmark* b) {
  for (int vars = 20; vars <= max_vars(); ++vars) b->Arg(vars);
}

/// The three benchmarks of one profile, named binius/pcs/<step>/merkleforge/<profile>; commit and
/// prove over sizes and threads, verify over sizes (one thread).
void register_profile(const PcsConfig& config) {
  using Function = void (*)(benchmark::State&, const PcsConfig&);
  const std::string profile(profile_name(config));
  for (const auto& [step, function, threaded] :
       {std::tuple<const char*, Function, bool>{"commit", BM_Commit, true},
        {"prove", BM_Prove, true},
        {"verify", BM_Verify, false}}) {
    const std::string name = "binius/pcs/" + std::string(step) + "/merkleforge/" + profile;
    benchmark::RegisterBenchmark(name.c_str(), function, config)
        ->ArgNames(threaded ? std::vector<std::string>{"vars", "threads"}
                            : std::vector<std::string>{"vars"})
        ->Apply(threaded ? sizes_and_threads : sizes)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime()
        ->MeasureProcessCPUTime();
  }
}

const bool kRegistered = [] {
  register_profile(profile_config(Profile::fast));
  register_profile(profile_config(Profile::slim));
  return true;
}();

}  // namespace
}  // namespace merkleforge::pcs
