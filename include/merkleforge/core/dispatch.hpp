// The run-time kernel choice every module uses (SHA-256, Keccak, BLAKE3, the Verkle field, POLYVAL,
// the packed binius products). A primitive lists its kernels best first, each with the CPU test
// it needs; when the dispatcher is built (on the primitive's first use) it takes the first kernel
// that MERKLEFORGE_KERNEL requests for it and this CPU runs (requested_kernels, core/cpu.hpp),
// else the first kernel this CPU runs. Tests and benchmarks switch kernels through select().
// For the library's modules: each module's public header offers its own typed accessors, which
// users call instead.
#pragma once

#include <atomic>
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

template <class Key, class Table>
class Dispatcher {
 public:
  using Kernel = Candidate<Key, Table>;

  /// `best_first`: the primitive's kernels, fastest first; the last must run everywhere.
  Dispatcher(std::string_view primitive, std::vector<Kernel> best_first)
      : primitive_(primitive), kernels_(std::move(best_first)), active_(initial()) {}
  Dispatcher(const Dispatcher&) = delete;
  Dispatcher& operator=(const Dispatcher&) = delete;

  std::string_view primitive() const noexcept { return primitive_; }
  const Kernel& active() const noexcept { return *active_.load(std::memory_order_relaxed); }

  /// The kernels this CPU runs, slowest first (so the default is the last).
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

  const Kernel* initial() const {
    const char* spec = std::getenv(kKernelEnvironmentVariable);
    for (std::string_view name : requested_kernels(spec ? spec : "", primitive_)) {
      const Kernel* kernel = find(name);
      if (kernel != nullptr && kernel->runs()) return kernel;
    }
    for (const Kernel& kernel : kernels_) {
      if (kernel.runs()) return &kernel;
    }
    throw std::logic_error(std::string(primitive_) + ": no kernel runs everywhere");
  }

  std::string_view primitive_;
  std::vector<Kernel> kernels_;  // never changes after construction: active_ points into it
  std::atomic<const Kernel*> active_;
};

}  // namespace merkleforge::dispatch
