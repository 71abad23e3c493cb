// How the provers' suites (bench_binius_prove, bench_boolean_prove) register a prove row: one
// proof per measurement (seconds each), on 1 and 2 threads (the `threads` argument), in
// milliseconds of wall time.
#pragma once

#include <benchmark/benchmark.h>

#include <string>
#include <utility>

namespace merkleforge::bench {

template <class Function, class... Args>
benchmark::internal::Benchmark* register_prove_row(const std::string& name, Function&& function,
                                                   Args&&... args) {
  return benchmark::RegisterBenchmark(name.c_str(), std::forward<Function>(function),
                                      std::forward<Args>(args)...)
      ->ArgNames({"threads"})
      ->Arg(1)
      ->Arg(2)
      ->Iterations(1)
      ->Unit(benchmark::kMillisecond)
      ->UseRealTime();
}

}  // namespace merkleforge::bench
