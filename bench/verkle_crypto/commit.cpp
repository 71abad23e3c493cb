// Commitments and tree keys beside verkle-cryptography-wasm measured in the same run:
//   verkle/commit256/merkleforge_1thread, verkle/commit256/merkleforge, verkle/commit256/wasm
//   verkle/delta_update/{merkleforge,wasm}, verkle/tree_key/{merkleforge,wasm}
// The peer's figures are CPU time per operation inside Node (see tests/peers/verkle_wasm.mjs).
#include <benchmark/benchmark.h>
#include <tbb/global_control.h>

#include <chrono>
#include <vector>

#include "merkleforge/verkle/pedersen.hpp"
#include "merkleforge/verkle/tree_key.hpp"
#include "verkle_crypto/peer.hpp"

namespace {

using namespace merkleforge::verkle;
using merkleforge::bench::wasm_peer;

// The same values as the peer script: value i has bytes (37·i + 11·k) mod 256 for k < 31.
std::vector<Fr> peer_values() {
  std::vector<Fr> values;
  for (unsigned i = 0; i < 256; ++i) {
    std::array<std::uint8_t, 32> bytes{};
    for (unsigned k = 0; k < 31; ++k)
      bytes[k] = static_cast<std::uint8_t>((i * 37 + k * 11) & 0xff);
    values.push_back(Fr::from_bytes_le(bytes).value());
  }
  return values;
}

void commit256(benchmark::State& state, int threads) {
  const std::vector<Fr> values = peer_values();
  (void)fixed_base_table_bytes();  // build the tables outside the timing
  const tbb::global_control limit(tbb::global_control::max_allowed_parallelism,
                                  static_cast<std::size_t>(threads));
  for (auto _ : state) benchmark::DoNotOptimize(commit(values));
}

void delta_update(benchmark::State& state) {
  const std::vector<Fr> values = peer_values();
  Element commitment = commit(values);
  for (auto _ : state) {
    commitment = commit_delta(commitment, 17, values[17], values[18]);
    benchmark::DoNotOptimize(commitment);
  }
}

void tree_key(benchmark::State& state) {
  Address32 address{};
  for (std::size_t i = 12; i < 32; ++i) address[i] = 0x5a;
  (void)fixed_base_table_bytes();
  for (auto _ : state) benchmark::DoNotOptimize(get_tree_key(address, {}, 0));
}

void table_memory(benchmark::State& state) {
  const auto start = std::chrono::steady_clock::now();
  const std::size_t bytes = fixed_base_table_bytes();
  const double first_use_s =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  for (auto _ : state) benchmark::DoNotOptimize(fixed_base_table_bytes());
  state.counters["table_MiB"] = static_cast<double>(bytes) / (1 << 20);
  state.counters["tree_key_table_MiB"] = static_cast<double>(tree_key_table_bytes()) / (1 << 20);
  state.counters["first_use_s"] = first_use_s;
}

BENCHMARK(table_memory)->Name("verkle/pedersen/fixed_base_tables/merkleforge")->Iterations(1);
BENCHMARK_CAPTURE(commit256, one_thread, 1)
    ->Name("verkle/pedersen/commit256/merkleforge/threads:1");
BENCHMARK_CAPTURE(commit256, two_threads, 2)
    ->Name("verkle/pedersen/commit256/merkleforge/threads:2")
    ->UseRealTime();
BENCHMARK_CAPTURE(wasm_peer, commit, "commit256_ns")
    ->Name("verkle/pedersen/commit256/wasm")
    ->UseManualTime();
BENCHMARK(delta_update)->Name("verkle/pedersen/delta_update/merkleforge");
BENCHMARK_CAPTURE(wasm_peer, update, "update_ns")
    ->Name("verkle/pedersen/delta_update/wasm")
    ->UseManualTime();
BENCHMARK(tree_key)->Name("verkle/pedersen/tree_key/merkleforge");
BENCHMARK_CAPTURE(wasm_peer, tree_key, "tree_key_ns")
    ->Name("verkle/pedersen/tree_key/wasm")
    ->UseManualTime();

}  // namespace
