// How the provers' suites (bench_binius_prove, bench_boolean_prove) register a prove row: one
// proof per measurement (seconds each), on 1 and 2 threads (the `threads` argument; a sweep's
// rows on 1 only), in milliseconds of wall time.
#pragma once

#include <benchmark/benchmark.h>

#include <initializer_list>
#include <string>
#include <utility>

namespace merkleforge::bench {

template <class Function, class... Args>
benchmark::internal::Benchmark* register_prove_row_on(std::initializer_list<int> threads,
                                                      const std::string& name, Function&& function,
                                                      Args&&... args) {
  auto* row = benchmark::RegisterBenchmark(name.c_str(), std::forward<Function>(function),
                                           std::forward<Args>(args)...)
                  ->ArgNames({"threads"});
  for (const int t : threads) row->Arg(t);
  return row->Iterations(1)->Unit(benchmark::kMillisecond)->UseRealTime();
}

template <class Function, class... Args>
benchmark::internal::Benchmark* register_prove_row(const std::string& name, Function&& function,
                                                   Args&&... args) {
  return register_prove_row_on({1, 2}, name, std::forward<Function>(function),
                               std::forward<Args>(args)...);
}

}  // namespace merkleforge::bench
