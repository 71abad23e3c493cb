// Succinct state proofs (docs/state-proofs.md): N inclusions in an RFC 6962 log of a given size
// proved as one wiring of rfc6962-node instances, on 1 and 2 threads, each after one untimed
// proof (warm), beside the raw multiproof the project makes of the same leaves and the same
// instances proved unwired (the engine's rate for this circuit, measured in the same process).
// Counters: proof size and the multiproof's (KiB) and their ratio, instances (node hashes) and
// SHA-256 compressions (two per node), ms per proved path per thread, the prover's phases, the
// time of the unwired proof of as many instances (x_unwired: wired ÷ unwired), peak memory (MiB).
// Rows: state/log/prove/merkleforge{,-slim}/<N>/<log size>/threads:<n>,
// state/log/verify/merkleforge{,-slim}/<N>/<log size>, state/log/multiproof-verify/merkleforge/...
// The 10,000-in-2^24 rows (about 127,000 instances, ℓ* = 26) run in the full report only.
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <map>
#include <random>
#include <string>
#include <tuple>

#include "merkleforge/binary/tree.hpp"
#include "merkleforge/binary/verify.hpp"
#include "merkleforge/parallel/parallel.hpp"
#include "merkleforge/state/prover.hpp"
#include "support/prover_rows.hpp"

namespace merkleforge::state {
namespace {

struct Row {
  std::size_t inclusions;
  unsigned log_size_bits;
  pcs::Profile commitment = pcs::Profile::fast;
  std::string implementation() const {
    return commitment == pcs::Profile::fast ? "merkleforge" : "merkleforge-slim";
  }
  std::string suffix() const {
    return implementation() + "/" + std::to_string(inclusions) + "/" +
           std::to_string(std::uint64_t{1} << log_size_bits);
  }
};

const Row kRows[] = {
    {1'000, 20}, {1'000, 20, pcs::Profile::slim}, {10'000, 24}, {10'000, 24, pcs::Profile::slim}};

double peak_mib() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) / 1024.0;
}

/// A log of random leaf hashes, N random distinct indices, the statement and the multiproof.
struct Workload {
  LogStatement statement;
  MultiProof multiproof;
};

const Workload& workload(const Row& row) {
  static std::map<std::pair<std::size_t, unsigned>, Workload> cache;
  const auto key = std::pair(row.inclusions, row.log_size_bits);
  if (auto it = cache.find(key); it != cache.end()) return it->second;
  cache.clear();  // one log at a time: 2^24 leaves hold ~1 GiB
  const std::uint64_t size = std::uint64_t{1} << row.log_size_bits;
  std::mt19937_64 rng(row.log_size_bits);
  std::vector<Digest32> leaves(size);
  for (auto& leaf : leaves) {
    for (std::size_t i = 0; i < leaf.size(); i += 8) {
      const std::uint64_t word = rng();
      std::memcpy(leaf.data() + i, &word, 8);
    }
  }
  const auto tree = BinaryMerkleTree<Sha256>::from_leaf_hashes(leaves);
  std::vector<std::uint64_t> indices;
  while (indices.size() < row.inclusions) {
    indices.push_back(rng() % size);
    std::sort(indices.begin(), indices.end());
    indices.erase(std::unique(indices.begin(), indices.end()), indices.end());
  }
  Workload w;
  w.statement.size = size;
  w.statement.root = tree.root();
  w.statement.indices = indices;
  for (const std::uint64_t i : indices) w.statement.leaf_hashes.push_back(leaves[i]);
  w.multiproof = tree.multiproof(indices).value();
  return cache.emplace(key, std::move(w)).first->second;
}

std::map<std::tuple<std::size_t, unsigned, pcs::Profile>, Bytes>& proofs() {
  static std::map<std::tuple<std::size_t, unsigned, pcs::Profile>, Bytes> cache;
  return cache;
}

double seconds_of_unwired(std::size_t instances, pcs::Profile commitment) {
  std::mt19937_64 rng(3);
  Bytes inputs(64 * instances);
  for (auto& byte : inputs) byte = static_cast<std::uint8_t>(rng());
  const auto start = std::chrono::steady_clock::now();
  auto proved = boolean::prove(boolean::rfc6962_node_circuit(), instances, inputs, nullptr,
                               boolean::Inputs::kept_private, commitment);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return proved ? seconds : 0;
}

void BM_Prove(benchmark::State& state, Row row) {
  const auto threads = static_cast<std::size_t>(state.range(0));
  const ThreadLimit limit(threads);
  const Workload& w = workload(row);
  const auto prove_once = [&](boolean::ProveTimings* timings) {
    return prove_log_inclusions(w.statement, w.multiproof.siblings, timings, row.commitment);
  };
  if (!prove_once(nullptr)) {  // warm-up
    state.SkipWithError("the warm-up proof failed");
    return;
  }
  boolean::ProveTimings t;
  double seconds = 0;
  for (auto _ : state) {
    const auto start = std::chrono::steady_clock::now();
    auto proof = prove_once(&t);
    seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!proof) {
      state.SkipWithError(proof.error().message.c_str());
      return;
    }
    state.PauseTiming();
    proofs()[{row.inclusions, row.log_size_bits, row.commitment}] = std::move(*proof);
    state.ResumeTiming();
  }
  const auto n = static_cast<double>(state.iterations());
  const std::size_t instances = log_instances(w.statement).value();
  const double proof_bytes =
      static_cast<double>(proofs()[{row.inclusions, row.log_size_bits, row.commitment}].size());
  const double multiproof_bytes = 32.0 * static_cast<double>(w.multiproof.siblings.size());
  state.counters["proof_KiB"] = proof_bytes / 1024;
  state.counters["multiproof_KiB"] = multiproof_bytes / 1024;
  state.counters["multiproof_x_smaller"] = multiproof_bytes / proof_bytes;
  state.counters["instances"] = static_cast<double>(instances);
  state.counters["compressions"] = 2.0 * static_cast<double>(instances);
  state.counters["ms_per_path_per_thread"] =
      seconds / n * 1e3 * static_cast<double>(threads) / static_cast<double>(row.inclusions);
  state.counters["witness_s"] = t.witness / n;
  state.counters["commit_s"] = t.commit / n;
  state.counters["zerocheck_s"] = t.zerocheck / n;
  state.counters["lincheck_s"] = t.lincheck / n;
  state.counters["open_s"] = t.open / n;
  state.counters["x_unwired"] = seconds / n / seconds_of_unwired(instances, row.commitment);
  state.counters["peak_MiB"] = peak_mib();
}

void BM_Verify(benchmark::State& state, Row row) {
  const Workload& w = workload(row);
  auto& proof = proofs()[{row.inclusions, row.log_size_bits, row.commitment}];
  if (proof.empty()) {
    proof =
        prove_log_inclusions(w.statement, w.multiproof.siblings, nullptr, row.commitment).value();
  }
  for (auto _ : state) {
    const Status ok = verify_log_inclusions(w.statement, proof, row.commitment);
    if (!ok) {
      state.SkipWithError(ok.error().message.c_str());
      return;
    }
  }
  state.counters["proof_KiB"] = static_cast<double>(proof.size()) / 1024;
}

/// The raw multiproof's own check (binary/verify.hpp): what the succinct proof replaces.
void BM_MultiproofVerify(benchmark::State& state, Row row) {
  const Workload& w = workload(row);
  for (auto _ : state) {
    const bool ok =
        verify_multiproof<Sha256>(w.statement.root, w.statement.size, w.statement.indices,
                                  w.statement.leaf_hashes, w.multiproof.siblings);
    if (!ok) {
      state.SkipWithError("the multiproof does not verify");
      return;
    }
  }
  state.counters["multiproof_KiB"] =
      32.0 * static_cast<double>(w.multiproof.siblings.size()) / 1024;
}

const bool kRegistered = [] {
  for (const Row& row : kRows) {
    bench::register_prove_row("state/log/prove/" + row.suffix(), BM_Prove, row);
    benchmark::RegisterBenchmark(("state/log/verify/" + row.suffix()).c_str(), BM_Verify, row)
        ->Unit(benchmark::kMillisecond);
    if (row.commitment == pcs::Profile::fast) {
      benchmark::RegisterBenchmark(("state/log/multiproof-verify/" + row.suffix()).c_str(),
                                   BM_MultiproofVerify, row)
          ->Unit(benchmark::kMillisecond);
    }
  }
  return true;
}();

}  // namespace
}  // namespace merkleforge::state
