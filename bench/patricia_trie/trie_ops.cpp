// patricia/keccak256/<case><size>/<implementation>: insert (N puts + root), get, proof generation
// and proof verification, the state root of N new entries (hashing only), MerkleForge beside
// @ethereumjs/mpt on the same keys in the same run. The names follow the reference figures
// (tools/report/reference_figures.json), so `mforge bench` shows the reference project's published
// figures beside ours.
#include <benchmark/benchmark.h>

#include "merkleforge/hash/keccak.hpp"
#include "merkleforge/mpt/proof.hpp"
#include "patricia_trie/workload.hpp"

namespace patricia_bench {
namespace {

using namespace merkleforge;

constexpr std::size_t kProbes = 1024;

void insert_merkleforge(benchmark::State& state, std::size_t n) {
  const Workload& pairs = workload(n);
  for (auto _ : state) benchmark::DoNotOptimize(build_trie(pairs).root_hash());
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * n));
}

void get_merkleforge(benchmark::State& state, std::size_t n) {
  const Workload& pairs = workload(n);
  const mpt::MerklePatriciaTrie trie = build_trie(pairs);
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(trie.get(pairs.keys[i]));
    i = (i + 7919) % n;
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}

// Proofs are written into one reused ProofNodes (the form a server answering eth_getProof uses:
// no allocation per proof once the buffer is warm).
void prove_merkleforge(benchmark::State& state, std::size_t n) {
  const Workload& pairs = workload(n);
  mpt::MerklePatriciaTrie trie = build_trie(pairs);
  mpt::ProofNodes proof;
  std::size_t i = 0;
  for (auto _ : state) {
    if (!trie.prove(pairs.keys[i], proof)) state.SkipWithError("prove failed");
    benchmark::DoNotOptimize(proof.bytes().data());
    i = (i + 7919) % n;
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}

// Verification of ProofNodes proofs; the value is a view into the proof (no copy).
void verify_merkleforge(benchmark::State& state, std::size_t n) {
  const Workload& pairs = workload(n);
  mpt::MerklePatriciaTrie trie = build_trie(pairs);
  const Digest32 root = trie.root_hash();
  const std::size_t count = std::min(n, kProbes);
  std::vector<mpt::ProofNodes> proofs(count);
  for (std::size_t j = 0; j < count; ++j) {
    if (!trie.prove(pairs.keys[(j * 7919) % n], proofs[j])) state.SkipWithError("prove failed");
  }
  std::size_t j = 0;
  for (auto _ : state) {
    auto value = mpt::verify_proof(root, pairs.keys[(j * 7919) % n], proofs[j]);
    if (!value || !value->has_value()) state.SkipWithError("proof did not verify");
    benchmark::DoNotOptimize(value);
    j = (j + 1) % count;
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}

// The state root of a trie whose n entries are all new: the hashing of every node, without the
// puts (the seed's "state root" case; its BENCHMARKS.md did not capture it).
void state_root_merkleforge(benchmark::State& state, std::size_t n) {
  const Workload& pairs = workload(n);
  for (auto _ : state) {
    state.PauseTiming();
    mpt::MerklePatriciaTrie trie = build_unhashed_trie(pairs);
    state.ResumeTiming();
    benchmark::DoNotOptimize(trie.root_hash());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * n));
}

// One Node run per repetition; the script times only the operation itself.
void peer(benchmark::State& state, const std::string& op, std::size_t n) {
  for (auto _ : state) {
    try {
      const double per_op = ethereumjs_seconds_per_op(op, n, std::min(n, kProbes));
      state.SetIterationTime(op == "insert" ? per_op * static_cast<double>(n) : per_op);
    } catch (const std::exception& error) {
      state.SkipWithError(error.what());
      break;
    }
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * (op == "insert" ? n : 1)));
}

// Per-operation times for the peer are reported as the iteration time of one operation.
void register_all() {
  using Fn = void (*)(benchmark::State&, std::size_t);
  const std::pair<const char*, Fn> cases[] = {{"insert", insert_merkleforge},
                                              {"get", get_merkleforge},
                                              {"prove", prove_merkleforge},
                                              {"verify", verify_merkleforge}};
  for (const std::size_t n : {10u, 100u, 1000u, 10000u, 100000u, 1000000u}) {
    for (const auto& [name, function] : cases) {
      const std::string label = std::string("patricia/keccak256/") + name + std::to_string(n);
      auto* bench = benchmark::RegisterBenchmark((label + "/merkleforge").c_str(), function, n);
      if (std::string(name) == "insert") {
        bench->Unit(n >= 10000 ? benchmark::kMillisecond : benchmark::kMicrosecond);
      } else {
        bench->Unit(benchmark::kNanosecond);
      }
      // ethereumjs hashes on every put (about 2 ms per put here): peer runs stop at 10K entries.
      const bool peer_feasible = n <= 10000;
      if (!peer_feasible) continue;
      const std::string op = name;
      auto* theirs =
          benchmark::RegisterBenchmark((label + "/ethereumjs").c_str(),
                                       [op, n](benchmark::State& state) { peer(state, op, n); });
      theirs->UseManualTime()->Iterations(1);
      if (op == "insert") {
        theirs->Unit(n >= 10000 ? benchmark::kMillisecond : benchmark::kMicrosecond);
      } else {
        theirs->Unit(benchmark::kNanosecond);
      }
    }
  }
}

void register_state_roots() {
  for (const std::size_t n : {100u, 1000u, 10000u}) {
    benchmark::RegisterBenchmark(
        ("patricia/keccak256/state_root" + std::to_string(n) + "/merkleforge").c_str(),
        state_root_merkleforge, n)
        ->Unit(benchmark::kMicrosecond);
  }
}

const int registered = (register_all(), register_state_roots(), 0);

}  // namespace
}  // namespace patricia_bench
