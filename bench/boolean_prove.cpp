// The Boolean engine (docs/boolean-engine.md): witness + prove and verify of Keccak-f batches on
// 1 and 2 threads, beside the hash layer's single-state permutation (the native floor the issue
// measures the prover against). Counters: the prover's phases (seconds), proof size (KiB),
// permutations per second per thread, its ratio to the native permutation, and peak memory (MiB,
// whole process). Rows: boolean/prove/keccakf/merkleforge/<count>/threads:<n>,
// boolean/verify/keccakf/merkleforge/<count>, boolean/native/keccakf_f1600.
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <array>
#include <map>
#include <random>

#include "merkleforge/boolean/prover.hpp"
#include "merkleforge/hash/keccak.hpp"
#include "merkleforge/parallel/parallel.hpp"

namespace merkleforge::boolean {
namespace {

constexpr std::size_t kCounts[] = {std::size_t{1} << 10, std::size_t{1} << 13};

double peak_mib() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) / 1024.0;  // KiB on Linux
}

Bytes random_inputs(std::size_t count) {
  std::mt19937_64 rng(1);
  Bytes bytes(count * keccakf_circuit().input_bytes());
  for (auto& byte : bytes) byte = static_cast<std::uint8_t>(rng());
  return bytes;
}

/// Nanoseconds per native permutation, measured once per process.
double native_ns() {
  static const double ns = [] {
    std::array<std::uint64_t, 25> state{};
    constexpr int kRuns = 200000;
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < kRuns; ++i) {
      keccak_f1600(state);
      benchmark::DoNotOptimize(state);
    }
    return std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start)
               .count() /
           kRuns;
  }();
  return ns;
}

std::map<std::size_t, Proved>& proofs() {
  static std::map<std::size_t, Proved> cache;
  return cache;
}

void BM_Native(benchmark::State& state) {
  std::array<std::uint64_t, 25> lanes{};
  for (auto _ : state) {
    keccak_f1600(lanes);
    benchmark::DoNotOptimize(lanes);
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_Prove(benchmark::State& state, std::size_t count) {
  const auto threads = static_cast<std::size_t>(state.range(0));
  const ThreadLimit limit(threads);
  const Bytes inputs = random_inputs(count);
  ProveTimings total;
  std::size_t proof_bytes = 0;
  for (auto _ : state) {
    auto proved = prove(keccakf_circuit(), count, inputs, &total);
    if (!proved) {
      state.SkipWithError(proved.error().message.c_str());
      return;
    }
    proof_bytes = proved->proof.size();
    state.PauseTiming();
    proofs().try_emplace(count, std::move(*proved));
    state.ResumeTiming();
  }
  const auto n = static_cast<double>(state.iterations());
  state.counters["witness_s"] = total.witness / n;
  state.counters["commit_s"] = total.commit / n;
  state.counters["zerocheck_s"] = total.zerocheck / n;
  state.counters["lincheck_s"] = total.lincheck / n;
  state.counters["open_s"] = total.open / n;
  state.counters["proof_KiB"] = static_cast<double>(proof_bytes) / 1024.0;
  state.counters["per_s_per_thread"] =
      benchmark::Counter(static_cast<double>(count) / static_cast<double>(threads),
                         benchmark::Counter::kIsIterationInvariantRate);
  const double seconds =
      total.witness + total.commit + total.zerocheck + total.lincheck + total.open;
  state.counters["x_native_per_thread"] =
      seconds / n * 1e9 * static_cast<double>(threads) / static_cast<double>(count) / native_ns();
  state.counters["peak_MiB"] = peak_mib();
}

void BM_Verify(benchmark::State& state, std::size_t count) {
  if (!proofs().count(count)) {
    proofs().emplace(count, prove(keccakf_circuit(), count, random_inputs(count)).value());
  }
  const Proved& p = proofs().at(count);
  for (auto _ : state) {
    const Status ok = verify(keccakf_circuit(), count, p.outputs, p.proof);
    if (!ok) {
      state.SkipWithError(ok.error().message.c_str());
      return;
    }
  }
  state.counters["proof_KiB"] = static_cast<double>(p.proof.size()) / 1024.0;
}

const bool registered = [] {
  benchmark::RegisterBenchmark("boolean/native/keccak_f1600", BM_Native);
  for (std::size_t count : kCounts) {
    const std::string suffix = "keccakf/merkleforge/" + std::to_string(count);
    benchmark::RegisterBenchmark(("boolean/prove/" + suffix).c_str(), BM_Prove, count)
        ->ArgNames({"threads"})
        ->Arg(1)
        ->Arg(2)
        ->Iterations(1)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
    benchmark::RegisterBenchmark(("boolean/verify/" + suffix).c_str(), BM_Verify, count)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
  }
  return true;
}();

}  // namespace
}  // namespace merkleforge::boolean
