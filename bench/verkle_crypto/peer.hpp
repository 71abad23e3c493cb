// Timings of verkle-cryptography-wasm (rust-verkle compiled to WASM) measured by
// tests/peers/verkle_wasm.mjs in a Node child process during this benchmark run.
#pragma once

#include <benchmark/benchmark.h>

namespace merkleforge::bench {

/// Reports the peer's per-operation CPU times for `what` ("commit256_ns", "tree_key_ns",
/// "update_ns") as manual iteration times; skips with an error when Node or the package is
/// missing.
void wasm_peer(benchmark::State& state, const char* what);

}  // namespace merkleforge::bench
