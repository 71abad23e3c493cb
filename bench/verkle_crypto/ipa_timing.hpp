// Process CPU time for the proof benchmarks (ipa.cpp, multiproof.cpp).
#pragma once

#include <benchmark/benchmark.h>
#include <sys/resource.h>

namespace merkleforge::verkle::bench {

/// CPU seconds used so far by the whole process (every TBB worker included).
inline double process_cpu_seconds() {
  rusage usage{};
  ::getrusage(RUSAGE_SELF, &usage);
  const auto seconds = [](const timeval& t) {
    return static_cast<double>(t.tv_sec) + 1e-6 * static_cast<double>(t.tv_usec);
  };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

/// Runs `operation` once per iteration and records the process CPU time per iteration as
/// `process_cpu_ms`: on the oversubscribed shared machine wall time mostly measures waiting for a
/// core, and the WASM peer reports CPU time.
template <class Operation>
void run_timed(benchmark::State& state, Operation operation) {
  const double start = process_cpu_seconds();
  for (auto _ : state) operation();
  state.counters["process_cpu_ms"] =
      1e3 * (process_cpu_seconds() - start) / static_cast<double>(state.iterations());
}

}  // namespace merkleforge::verkle::bench
