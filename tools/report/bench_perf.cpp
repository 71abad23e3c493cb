#include "bench_perf.hpp"

#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>

namespace mforge {

namespace fs = std::filesystem;
using merkleforge::Errc;
using merkleforge::make_error;

std::optional<int> perf_event_paranoid(const PerfPaths& paths) {
  std::ifstream in(paths.procfs / "sys/kernel/perf_event_paranoid");
  int level = 0;
  if (!(in >> level)) return std::nullopt;
  return level;
}

std::string perf_unavailable_reason(int open_errno, const PerfPaths& paths) {
  if (open_errno == 0) return "";
  std::error_code error;
  const fs::path devices = paths.sysfs / "bus/event_source/devices";
  const bool has_core_pmu =
      fs::exists(devices / "cpu", error) || fs::exists(devices / "cpu_core", error);
  const auto paranoid = perf_event_paranoid(paths);
  const std::string paranoid_text = paranoid ? "perf_event_paranoid is " + std::to_string(*paranoid)
                                             : "perf_event_paranoid is unreadable";
  if (open_errno == ENOSYS)
    return "the kernel has no perf events support (perf_event_open: ENOSYS)";
  if (!has_core_pmu) {
    return "no hardware performance counters are exposed (" + (devices / "cpu").string() +
           " is missing: a virtual machine without PMU passthrough)";
  }
  if (open_errno == EACCES || open_errno == EPERM) {
    return paranoid_text +
           " and this process lacks CAP_PERFMON (set it to 2 or lower, or run as root)";
  }
  if (open_errno == ENOENT || open_errno == EOPNOTSUPP) {
    return "the CPU's PMU does not offer the cycles/instructions events (perf_event_open: " +
           std::string(std::strerror(open_errno)) + ")";
  }
  return "perf_event_open failed: " + std::string(std::strerror(open_errno)) + " (" +
         paranoid_text + ")";
}

namespace {

int open_counter(std::uint64_t config, int group_fd, bool exclude_kernel) {
  perf_event_attr attr;
  std::memset(&attr, 0, sizeof attr);
  attr.size = sizeof attr;
  attr.type = PERF_TYPE_HARDWARE;
  attr.config = config;
  attr.disabled = group_fd == -1 ? 1 : 0;
  attr.exclude_kernel = exclude_kernel ? 1 : 0;
  attr.exclude_hv = 1;
  attr.inherit = 1;
  return static_cast<int>(::syscall(SYS_perf_event_open, &attr, 0, -1, group_fd, 0));
}

}  // namespace

std::optional<std::uint64_t> read_counter_value(int fd) {
  std::uint64_t value = 0;
  if (::read(fd, &value, sizeof value) != static_cast<ssize_t>(sizeof value)) return std::nullopt;
  return value;
}

merkleforge::Result<PerfCounters> PerfCounters::open(const PerfPaths& paths) {
  // Kernel cycles need paranoid <= 1 unless privileged; asking for them where they are refused
  // would fail the whole measurement, so fall back to user space.
  const auto paranoid = perf_event_paranoid(paths);
  bool exclude_kernel = false;
  int leader = open_counter(PERF_COUNT_HW_CPU_CYCLES, -1, exclude_kernel);
  if (leader < 0 && (errno == EACCES || errno == EPERM)) {
    exclude_kernel = true;
    leader = open_counter(PERF_COUNT_HW_CPU_CYCLES, -1, exclude_kernel);
  }
  if (leader < 0) return make_error(Errc::unsupported, perf_unavailable_reason(errno, paths));
  const int follower = open_counter(PERF_COUNT_HW_INSTRUCTIONS, leader, exclude_kernel);
  if (follower < 0) {
    const int error = errno;
    ::close(leader);
    return make_error(Errc::unsupported, perf_unavailable_reason(error, paths));
  }
  std::string scope = "user and kernel";
  if (exclude_kernel) {
    scope = "user space only" +
            (paranoid ? " (perf_event_paranoid=" + std::to_string(*paranoid) + ")" : std::string());
  }
  return PerfCounters(leader, follower, scope);
}

PerfCounters::PerfCounters(int leader, int follower, std::string scope)
    : leader_(leader), follower_(follower), scope_(std::move(scope)) {}

PerfCounters::PerfCounters(PerfCounters&& other) noexcept
    : leader_(other.leader_), follower_(other.follower_), scope_(std::move(other.scope_)) {
  other.leader_ = other.follower_ = -1;
}

PerfCounters::~PerfCounters() {
  if (follower_ >= 0) ::close(follower_);
  if (leader_ >= 0) ::close(leader_);
}

void PerfCounters::start() {
  ::ioctl(leader_, PERF_EVENT_IOC_RESET, PERF_IOC_FLAG_GROUP);
  ::ioctl(leader_, PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP);
}

CounterValues PerfCounters::stop() {
  ::ioctl(leader_, PERF_EVENT_IOC_DISABLE, PERF_IOC_FLAG_GROUP);
  return {read_counter_value(leader_).value_or(0), read_counter_value(follower_).value_or(0)};
}

}  // namespace mforge
