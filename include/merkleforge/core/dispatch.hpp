// The run-time kernel choice every module uses (SHA-256, Keccak, BLAKE3, the Verkle field, POLYVAL,
// the packed binius products). A primitive lists its kernels best first, each with the CPU test
// it needs; when the dispatcher is built (on the primitive's first use) it takes the first kernel
// that MERKLEFORGE_KERNEL requests for it and this CPU runs (requested_kernels, core/cpu.hpp),
// else the first kernel this CPU runs — or, for a primitive that gives a probe, the kernel that
// runs the probe fastest on this CPU (the list's order only breaks near-ties). The probe exists
// because the order that is right on one CPU is not on another: a kernel's product throughput
// differs between CPUs that report the same instruction sets. Tests and benchmarks switch
// kernels through select().
// For the library's modules: each module's public header offers its own typed accessors, which
// users call instead.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "merkleforge/core/cpu.hpp"
#include "merkleforge/core/result.hpp"

namespace merkleforge::dispatch {

/// One kernel of a primitive.
template <class Key, class Table>
struct Candidate {
  Key key;                  ///< how the module's public API names it (Isa, PolyvalIsa, ...)
  std::string_view name;    ///< how MERKLEFORGE_KERNEL, errors and `mforge --version` name it
  bool (*runs)() noexcept;  ///< true when this CPU (and OS) can run it
  Table table;              ///< the kernel's functions
};

/// For kernels that run everywhere (portable code).
inline bool runs_everywhere() noexcept {
  return true;
}

/// What the measured choice found for one kernel: the best time of its probe runs. A kernel run
/// once was given up as too slow, and its one time includes its first use (tables it builds).
struct ProbeTime {
  std::string_view kernel;
  double seconds;
  int runs;
};

template <class Key, class Table>
class Dispatcher {
 public:
  using Kernel = Candidate<Key, Table>;
  /// Runs a small fixed workload (a few microseconds on the fastest kernel) with one kernel.
  using Probe = void (*)(const Table&);
  /// Times one run of the probe (the default reads the steady clock; tests inject times).
  using Timer = double (*)(Probe, const Table&);

  /// `best_first`: the primitive's kernels, fastest first; the last must run everywhere. With a
  /// probe, the kernels this CPU runs are timed and the fastest is chosen instead.
  Dispatcher(std::string_view primitive, std::vector<Kernel> best_first, Probe probe = nullptr,
             Timer timer = steady_clock_time)
      : primitive_(primitive),
        kernels_(std::move(best_first)),
        probe_(probe),
        timer_(timer),
        active_(initial()) {}
  Dispatcher(const Dispatcher&) = delete;
  Dispatcher& operator=(const Dispatcher&) = delete;

  std::string_view primitive() const noexcept { return primitive_; }
  const Kernel& active() const noexcept { return *active_.load(std::memory_order_relaxed); }

  /// The probe's times behind the measured choice, in list order; empty when the choice was not
  /// measured (no probe, one kernel this CPU runs, or MERKLEFORGE_KERNEL decided).
  const std::vector<ProbeTime>& probe_times() const noexcept { return probe_times_; }

  /// The kernels this CPU runs, in the list's order reversed (slowest first).
  std::vector<Key> available() const {
    std::vector<Key> keys;
    for (auto kernel = kernels_.rbegin(); kernel != kernels_.rend(); ++kernel) {
      if (kernel->runs()) keys.push_back(kernel->key);
    }
    return keys;
  }

  /// Switches every later call to the kernel called `name` (not thread-safe against calls in
  /// flight on other threads: for start-up, tests and benchmarks). Errors: unsupported when the
  /// primitive has no such kernel or this CPU cannot run it; the active kernel is then unchanged.
  Status select(std::string_view name) {
    const Kernel* kernel = find(name);
    if (kernel == nullptr) {
      return make_error(Errc::unsupported,
                        std::string(primitive_) + " has no " + std::string(name) + " kernel");
    }
    if (!kernel->runs()) {
      return make_error(Errc::unsupported, "this CPU cannot run the " + std::string(primitive_) +
                                               " " + std::string(name) + " kernel");
    }
    active_.store(kernel, std::memory_order_relaxed);
    return Ok{};
  }

 private:
  const Kernel* find(std::string_view name) const noexcept {
    for (const Kernel& kernel : kernels_) {
      if (kernel.name == name) return &kernel;
    }
    return nullptr;
  }

  const Kernel* initial() {
    const char* spec = std::getenv(kKernelEnvironmentVariable);
    for (std::string_view name : requested_kernels(spec ? spec : "", primitive_)) {
      const Kernel* kernel = find(name);
      if (kernel != nullptr && kernel->runs()) return kernel;
    }
    std::vector<const Kernel*> running;
    for (const Kernel& kernel : kernels_) {
      if (kernel.runs()) running.push_back(&kernel);
    }
    if (running.empty())
      throw std::logic_error(std::string(primitive_) + ": no kernel runs everywhere");
    return probe_ != nullptr && running.size() > 1 ? fastest(running) : running.front();
  }

  /// The kernel with the shortest probe time, each timed as its best of kTrials runs (the first
  /// run also warms caches, pages and the clock, which the minimum then discards). A kernel must
  /// beat the best so far by kMargin to displace it, so near-ties keep the list's order; one that
  /// is kGiveUp times slower on a run is not run again (the portable fallbacks are often hundreds
  /// of times slower, and their trials would cost milliseconds at start-up).
  const Kernel* fastest(const std::vector<const Kernel*>& running) {
    constexpr int kTrials = 6;
    constexpr double kMargin = 0.95, kGiveUp = 2.0;
    const Kernel* best = nullptr;
    double best_seconds = 0;
    for (const Kernel* kernel : running) {
      double seconds = timer_(probe_, kernel->table);
      int runs = 1;
      for (; runs < kTrials; ++runs) {
        if (best != nullptr && seconds > kGiveUp * best_seconds) break;
        seconds = std::min(seconds, timer_(probe_, kernel->table));
      }
      probe_times_.push_back({kernel->name, seconds, runs});
      if (best == nullptr || seconds < kMargin * best_seconds)
        best = kernel, best_seconds = seconds;
    }
    return best;
  }

  static double steady_clock_time(Probe probe, const Table& table) {
    const auto start = std::chrono::steady_clock::now();
    probe(table);
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }

  std::string_view primitive_;
  std::vector<Kernel> kernels_;  // never changes after construction: active_ points into it
  Probe probe_;
  Timer timer_;
  std::vector<ProbeTime> probe_times_;  // filled by initial(), before active_
  std::atomic<const Kernel*> active_;
};

}  // namespace merkleforge::dispatch
