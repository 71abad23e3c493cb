// Timings of verkle-cryptography-wasm (rust-verkle compiled to WASM) measured by
// tests/peers/verkle_wasm.mjs in a Node child process during this benchmark run.
#pragma once

#include <benchmark/benchmark.h>

#include <string>

namespace merkleforge::bench {

/// One repetition of the peer's figure `what` ("commit256", "tree_key", "update"): the next of its
/// per-operation CPU times, as the manual time of the single iteration (register with
/// Iterations(1)), once the peer's result for `what` equals ours (`ours_hex()`, computed when the
/// figure runs). Skips with an error when Node or the package is missing or the results differ.
void wasm_peer(benchmark::State& state, const char* what, std::string (*ours_hex)());

}  // namespace merkleforge::bench
