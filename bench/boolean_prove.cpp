// The Boolean engine (docs/boolean-engine.md): witness + prove and verify of Keccak-f, SHA-256
// (hand-written and built with the public builder), BLAKE3 and u32-operation batches on 1 and 2
// threads, beside the hash layer's single-state Keccak-f (the native floor the
// issue measures the prover against), each after one untimed proof of the same size (warm).
// Counters: the prover's phases (seconds), proof size (KiB), instances (u32 rows: operations) per
// second per thread
// (per_s_per_core, as the first engine's rows name it), Keccak-f's ratio to the native permutation,
// time-stamp-counter cycles per instance per thread (x86), and peak memory (MiB, whole process).
// Rows: boolean/prove/<circuit>/merkleforge/<count>/threads:<n> (Keccak-f also swept over 2^11 …
// 2^15 instances on one thread; sha256-chain: one message of 2^14 blocks, wired;
// merkleforge-slim: Keccak-f 2^13 and SHA-256 2^14 under the slim commitment profile),
// boolean/verify/<circuit>/merkleforge/<count>, boolean/native/keccak_f1600/merkleforge; the report
// sets the per-thread rates beside Flock's and Binius64's (tools/report/reference_figures.json).
#include <benchmark/benchmark.h>
#include <sys/resource.h>
#if defined(__x86_64__)
#include <x86intrin.h>
#endif

#include <array>
#include <map>
#include <random>
#include <string>
#include <tuple>
#include <utility>

#include "merkleforge/boolean/prover.hpp"
#include "merkleforge/hash/keccak.hpp"
#include "merkleforge/parallel/parallel.hpp"
#include "support/prover_rows.hpp"

namespace merkleforge::boolean {
namespace {

struct Row {
  const Circuit& circuit;
  std::size_t count;
  std::size_t items_per_instance = 1;  ///< the u32 circuits: operations per instance
  pcs::Profile commitment = pcs::Profile::fast;
  std::size_t items() const { return count * items_per_instance; }
  /// "merkleforge", or "merkleforge-slim" under the slim commitment profile.
  std::string implementation() const {
    return commitment == pcs::Profile::fast
               ? "merkleforge"
               : "merkleforge-" + std::string(pcs::profile_name(commitment));
  }
};

/// 4,000,000 u32 operations: the Binius table's row.
constexpr std::size_t kU32Instances = 4'000'000 / kU32OpsPerInstance;

const Row kRows[] = {{keccakf_circuit(), std::size_t{1} << 10},
                     {keccakf_circuit(), std::size_t{1} << 13},
                     {sha256_circuit(), std::size_t{1} << 14},
                     {sha256_builder_circuit(), std::size_t{1} << 14},
                     {blake3_circuit(), std::size_t{1} << 14},
                     {*find_circuit("u32xor"), kU32Instances, kU32OpsPerInstance},
                     {*find_circuit("u32and"), kU32Instances, kU32OpsPerInstance},
                     {*find_circuit("u32or"), kU32Instances, kU32OpsPerInstance},
                     {*find_circuit("u32add"), kU32Instances, kU32OpsPerInstance},
                     {*find_circuit("u32mul"), std::size_t{1} << 11, kU32OpsPerInstance},
                     // 1,000,000 products: the Binius table's row.
                     {*find_circuit("u32mul"), 1'000'000 / kU32OpsPerInstance, kU32OpsPerInstance},
                     {u64mul_circuit(), std::size_t{1} << 11, kU32OpsPerInstance},
                     {u64mul_circuit(), 1'000'000 / kU32OpsPerInstance, kU32OpsPerInstance},
                     {keccakf_circuit(), std::size_t{1} << 13, 1, pcs::Profile::slim},
                     {sha256_circuit(), std::size_t{1} << 14, 1, pcs::Profile::slim}};
/// The batch-size sweep (one thread; 2^10 and 2^13 are rows above). 2^16 needs ~8 GiB.
const Row kSweep[] = {{keccakf_circuit(), std::size_t{1} << 11},
                      {keccakf_circuit(), std::size_t{1} << 12},
                      {keccakf_circuit(), std::size_t{1} << 14},
                      {keccakf_circuit(), std::size_t{1} << 15}};

/// The time-stamp counter (x86; 0 elsewhere, and the counter is then left out).
std::uint64_t cycles() {
#if defined(__x86_64__)
  return __rdtsc();
#else
  return 0;
#endif
}

double peak_mib() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) / 1024.0;  // KiB on Linux
}

Bytes random_inputs(const Circuit& circuit, std::size_t count) {
  std::mt19937_64 rng(1);
  Bytes bytes(count * circuit.input_bytes());
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

/// The last proof of each row (circuit, count, profile), for BM_Verify.
using ProofKey = std::tuple<std::string_view, std::size_t, pcs::Profile>;
std::map<ProofKey, Proved>& proofs() {
  static std::map<ProofKey, Proved> cache;
  return cache;
}

Result<Proved> prove_row(const Row& row, ByteSpan inputs, ProveTimings* timings = nullptr) {
  return prove(row.circuit, row.count, inputs, timings, Inputs::kept_private, row.commitment);
}

/// The prover's phases, seconds per proof.
void set_phase_counters(benchmark::State& state, const ProveTimings& total) {
  const auto n = static_cast<double>(state.iterations());
  state.counters["witness_s"] = total.witness / n;
  state.counters["commit_s"] = total.commit / n;
  state.counters["zerocheck_s"] = total.zerocheck / n;
  state.counters["lincheck_s"] = total.lincheck / n;
  if (total.mul > 0) state.counters["mul_s"] = total.mul / n;
  state.counters["open_s"] = total.open / n;
}

void BM_Native(benchmark::State& state) {
  std::array<std::uint64_t, 25> lanes{};
  for (auto _ : state) {
    keccak_f1600(lanes);
    benchmark::DoNotOptimize(lanes);
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_Prove(benchmark::State& state, Row row) {
  const auto threads = static_cast<std::size_t>(state.range(0));
  const ThreadLimit limit(threads);
  const std::size_t count = row.count;
  const Bytes inputs = random_inputs(row.circuit, count);
  // One untimed proof first: the measured one then finds its tables in the huge-page pool, as a
  // prover that runs proof after proof does (a single process's first proof also pays for
  // faulting its memory in, which docs/boolean-engine.md gives apart as "cold").
  if (!prove_row(row, inputs)) {
    state.SkipWithError("the warm-up proof failed");
    return;
  }
  ProveTimings total;
  std::size_t proof_bytes = 0;
  std::uint64_t tsc = 0;
  for (auto _ : state) {
    const std::uint64_t start = cycles();
    auto proved = prove_row(row, inputs, &total);
    tsc += cycles() - start;
    if (!proved) {
      state.SkipWithError(proved.error().message.c_str());
      return;
    }
    proof_bytes = proved->proof.size();
    state.PauseTiming();
    proofs().try_emplace(ProofKey(row.circuit.name(), count, row.commitment), std::move(*proved));
    state.ResumeTiming();
  }
  const auto n = static_cast<double>(state.iterations());
  set_phase_counters(state, total);
  state.counters["proof_KiB"] = static_cast<double>(proof_bytes) / 1024.0;
  state.counters["per_s_per_core"] =
      benchmark::Counter(static_cast<double>(row.items()) / static_cast<double>(threads),
                         benchmark::Counter::kIsIterationInvariantRate);
  const double seconds =
      total.witness + total.commit + total.zerocheck + total.lincheck + total.open;
  if (&row.circuit == &keccakf_circuit()) {
    state.counters["x_native_per_thread"] =
        seconds / n * 1e9 * static_cast<double>(threads) / static_cast<double>(count) / native_ns();
  }
  if (tsc != 0) {
    state.counters["tsc_cycles_per_item_per_thread"] = static_cast<double>(tsc) / n *
                                                       static_cast<double>(threads) /
                                                       static_cast<double>(row.items());
  }
  state.counters["peak_MiB"] = peak_mib();
}

/// The last chain proof (count, tail and proof), for BM_VerifyChain.
std::pair<std::size_t, Proved>& chain_proof() {
  static std::pair<std::size_t, Proved> last;
  return last;
}

/// A SHA-256 message of `count` blocks proved as a chain (only the digest public), beside the
/// same compressions unwired (the sha256-builder rows).
void BM_ProveChain(benchmark::State& state, std::size_t count) {
  const auto threads = static_cast<std::size_t>(state.range(0));
  const ThreadLimit limit(threads);
  const Circuit& circuit = sha256_builder_circuit();
  Bytes blocks = random_inputs(circuit, count);
  blocks.resize(64 * count);
  Bytes iv(32);
  if (!prove_chain(circuit, count, iv, blocks)) {  // warm-up, as BM_Prove
    state.SkipWithError("the warm-up proof failed");
    return;
  }
  ProveTimings total;
  for (auto _ : state) {
    auto proved = prove_chain(circuit, count, iv, blocks, &total);
    if (!proved) {
      state.SkipWithError(proved.error().message.c_str());
      return;
    }
    state.counters["proof_KiB"] = static_cast<double>(proved->proof.size()) / 1024.0;
    state.PauseTiming();
    chain_proof() = {count, std::move(*proved)};
    state.ResumeTiming();
  }
  set_phase_counters(state, total);
  state.counters["per_s_per_core"] =
      benchmark::Counter(static_cast<double>(count) / static_cast<double>(threads),
                         benchmark::Counter::kIsIterationInvariantRate);
  state.counters["peak_MiB"] = peak_mib();
}

void BM_VerifyChain(benchmark::State& state, std::size_t chain) {
  const Bytes iv(32);
  if (chain_proof().first != chain) {  // the prove row did not run in this process
    Bytes blocks = random_inputs(sha256_builder_circuit(), chain);
    blocks.resize(64 * chain);
    chain_proof() = {chain, prove_chain(sha256_builder_circuit(), chain, iv, blocks).value()};
  }
  const auto& [count, proved] = chain_proof();
  for (auto _ : state) {
    const Status ok =
        verify_chain(sha256_builder_circuit(), count, iv, proved.outputs, proved.proof);
    if (!ok) {
      state.SkipWithError(ok.error().message.c_str());
      return;
    }
  }
  state.counters["proof_KiB"] = static_cast<double>(proved.proof.size()) / 1024.0;
}

void BM_Verify(benchmark::State& state, Row row) {
  const ProofKey key(row.circuit.name(), row.count, row.commitment);
  if (!proofs().count(key)) {
    proofs().emplace(key, prove_row(row, random_inputs(row.circuit, row.count)).value());
  }
  const Proved& p = proofs().at(key);
  for (auto _ : state) {
    const Status ok = verify(row.circuit, row.count, p.outputs, p.proof, {}, row.commitment);
    if (!ok) {
      state.SkipWithError(ok.error().message.c_str());
      return;
    }
  }
  state.counters["proof_KiB"] = static_cast<double>(p.proof.size()) / 1024.0;
}

const bool registered = [] {
  benchmark::RegisterBenchmark("boolean/native/keccak_f1600/merkleforge", BM_Native);
  for (const Row& row : kRows) {
    const std::string suffix = std::string(row.circuit.name()) + "/" + row.implementation() + "/" +
                               std::to_string(row.items());
    bench::register_prove_row("boolean/prove/" + suffix, BM_Prove, row);
    benchmark::RegisterBenchmark(("boolean/verify/" + suffix).c_str(), BM_Verify, row)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
  }
  bench::register_prove_row("boolean/prove/sha256-chain/merkleforge/16384", BM_ProveChain,
                            std::size_t{1} << 14);
  benchmark::RegisterBenchmark("boolean/verify/sha256-chain/merkleforge/16384", BM_VerifyChain,
                               std::size_t{1} << 14)
      ->Unit(benchmark::kMillisecond)
      ->UseRealTime();
  for (const Row& row : kSweep) {
    bench::register_prove_row_on({1},
                                 "boolean/prove/" + std::string(row.circuit.name()) +
                                     "/merkleforge/" + std::to_string(row.count),
                                 BM_Prove, row);
  }
  return true;
}();

}  // namespace
}  // namespace merkleforge::boolean
