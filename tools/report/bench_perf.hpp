// CPU cycles and retired instructions of this process through perf_event_open(2), and a plain
// explanation when the machine does not provide them.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "merkleforge/core/result.hpp"

namespace mforge {

struct CounterValues {
  std::uint64_t cycles = 0;
  std::uint64_t instructions = 0;
};

/// Where the kernel describes the perf subsystem (replaceable for tests).
struct PerfPaths {
  std::filesystem::path sysfs = "/sys";    ///< bus/event_source/devices/cpu is the core PMU
  std::filesystem::path procfs = "/proc";  ///< sys/kernel/perf_event_paranoid
};

/// The perf_event_paranoid level, or nullopt when the file is missing or unreadable.
std::optional<int> perf_event_paranoid(const PerfPaths& paths);

/// Why cycle and instruction counting is not possible, given the errno perf_event_open(2) set,
/// or an empty string when `open_errno` is 0.
std::string perf_unavailable_reason(int open_errno, const PerfPaths& paths);

/// The value read(2) gives on a counter descriptor opened without read_format: one native-endian
/// u64. std::nullopt on a short or failed read.
std::optional<std::uint64_t> read_counter_value(int fd);

/// A group of two counters (cycles leads, instructions follows) on this thread and the threads it
/// creates after open() (so a thread pool started later, e.g. by a parallel tree build, is
/// counted). When the paranoid level forbids kernel profiling to this user, only user space is
/// counted (scope()).
class PerfCounters {
 public:
  /// Errors: unsupported, with perf_unavailable_reason() as the message.
  static merkleforge::Result<PerfCounters> open(const PerfPaths& paths = {});
  PerfCounters(PerfCounters&& other) noexcept;
  PerfCounters& operator=(PerfCounters&&) = delete;
  PerfCounters(const PerfCounters&) = delete;
  ~PerfCounters();

  void start();
  /// The counts since start(); a counter that could not be read counts 0.
  CounterValues stop();
  /// "user and kernel" or "user space only (perf_event_paranoid=2)".
  const std::string& scope() const { return scope_; }

 private:
  PerfCounters(int leader, int follower, std::string scope);
  int leader_ = -1;
  int follower_ = -1;
  std::string scope_;
};

}  // namespace mforge
