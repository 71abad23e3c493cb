// Commitments and tree keys beside verkle-cryptography-wasm measured in the same run:
//   verkle/pedersen/commit256/merkleforge/threads:{1,2}, verkle/pedersen/commit256/wasm,
//   verkle/pedersen/{delta_update,tree_key}/{merkleforge,wasm}
// The peer's figures are CPU time per operation inside Node after warm-up (see
// tests/peers/verkle_wasm.mjs), one sample per repetition, shown only when the peer's result
// equals ours. The peer is single-threaded WASM: our one-thread commit256 figure is the one to
// put beside it (the two-thread one is wall time on the machine's cores).
#include <benchmark/benchmark.h>

#include <chrono>
#include <string>
#include <vector>

#include "merkleforge/core/hex.hpp"
#include "merkleforge/parallel/parallel.hpp"
#include "merkleforge/verkle/field.hpp"
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
  const merkleforge::ThreadLimit limit(static_cast<std::size_t>(threads));
  for (auto _ : state) benchmark::DoNotOptimize(commit(values));
  state.SetLabel(std::string(batch_kernel_name()));
}

void delta_update(benchmark::State& state) {
  const std::vector<Fr> values = peer_values();
  Element commitment = commit(values);
  for (auto _ : state) {
    commitment = commit_delta(commitment, 17, values[17], values[18]);
    benchmark::DoNotOptimize(commitment);
  }
  state.SetLabel(std::string(batch_kernel_name()));
}

// The peer's address: 12 zero bytes, then 20 bytes 0x5a.
Address32 peer_address() {
  Address32 address{};
  for (std::size_t i = 12; i < 32; ++i) address[i] = 0x5a;
  return address;
}

// What the peer must compute for each timed operation, from our implementation.
std::string our_commit256() {
  return merkleforge::to_hex(commit(peer_values()).to_bytes());
}
std::string our_update() {
  const std::vector<Fr> values = peer_values();
  return merkleforge::to_hex(commit_delta(commit(values), 17, values[17], values[18]).to_bytes());
}
std::string our_tree_key() {
  return merkleforge::to_hex(get_tree_key(peer_address(), {}, 0));
}

void tree_key(benchmark::State& state) {
  const Address32 address = peer_address();
  (void)fixed_base_table_bytes();  // both table sets built outside the timing
  (void)tree_key_table_bytes();
  for (auto _ : state) benchmark::DoNotOptimize(get_tree_key(address, {}, 0));
  state.SetLabel(std::string(batch_kernel_name()));
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
BENCHMARK_CAPTURE(wasm_peer, commit, "commit256", our_commit256)
    ->Name("verkle/pedersen/commit256/wasm")
    ->UseManualTime()
    ->Iterations(1);
BENCHMARK(delta_update)->Name("verkle/pedersen/delta_update/merkleforge");
BENCHMARK_CAPTURE(wasm_peer, update, "update", our_update)
    ->Name("verkle/pedersen/delta_update/wasm")
    ->UseManualTime()
    ->Iterations(1);
BENCHMARK(tree_key)->Name("verkle/pedersen/tree_key/merkleforge");
BENCHMARK_CAPTURE(wasm_peer, tree_key, "tree_key", our_tree_key)
    ->Name("verkle/pedersen/tree_key/wasm")
    ->UseManualTime()
    ->Iterations(1);

}  // namespace
