// The RAPL (powercap) and perf_event readers against recorded sysfs/procfs trees in data/.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "bench_perf.hpp"
#include "bench_rapl.hpp"
#include "support/temp_dir.hpp"

namespace mforge {
namespace {

namespace fs = std::filesystem;
const fs::path kData = MERKLEFORGE_REPORT_TEST_DATA;

TEST(Rapl, FindsPackageZonesOnly) {
  const auto zones = find_rapl_packages(kData / "powercap/two_packages");
  ASSERT_TRUE(zones) << zones.error().message;
  ASSERT_EQ(zones->size(), 2u);  // not the core sub-zone, not the mmio duplicate of package 0
  EXPECT_EQ((*zones)[0].name, "package-0");
  EXPECT_EQ((*zones)[1].name, "package-1");
  EXPECT_EQ((*zones)[0].max_range_uj, 262143328850u);
  EXPECT_EQ((*zones)[1].energy_file.parent_path().filename(), "intel-rapl:1");
}

TEST(Rapl, MissingPowercapSaysWhy) {
  const auto zones = find_rapl_packages(kData / "powercap/does_not_exist");
  ASSERT_FALSE(zones);
  EXPECT_EQ(zones.error().code, merkleforge::Errc::unsupported);
  EXPECT_NE(zones.error().message.find("does not exist"), std::string::npos)
      << zones.error().message;
}

TEST(Rapl, TreeWithoutPackageZoneSaysWhy) {
  const auto zones = find_rapl_packages(kData / "powercap/mmio_only");
  ASSERT_FALSE(zones);
  EXPECT_NE(zones.error().message.find("no RAPL package zone"), std::string::npos)
      << zones.error().message;
}

TEST(Rapl, DeltaWithoutAndAcrossWrap) {
  EXPECT_EQ(energy_delta_uj(1000, 4500, 262143328850u), 3500u);
  // 328,850 µJ up to the wrap point, then 1,150 µJ after it.
  EXPECT_EQ(energy_delta_uj(262143000000u, 1150, 262143328850u), 330000u);
}

TEST(Rapl, MeterSumsPackagesAcrossAWrap) {
  const merkleforge::test::TempDir scratch("mf_rapl");
  const fs::path tree = scratch / "powercap";
  fs::copy(kData / "powercap/two_packages", tree, fs::copy_options::recursive);
  auto zones = find_rapl_packages(tree);
  ASSERT_TRUE(zones) << zones.error().message;
  RaplMeter meter(std::move(*zones));
  ASSERT_TRUE(meter.start());
  std::ofstream(tree / "intel-rapl:0/energy_uj") << "3500000\n";  // +2.5 J
  std::ofstream(tree / "intel-rapl:1/energy_uj") << "671150\n";   // +1.0 J across the wrap
  const auto joules = meter.stop_joules();
  ASSERT_TRUE(joules) << joules.error().message;
  EXPECT_NEAR(*joules, 3.5, 1e-9);
}

TEST(Rapl, UnreadableCounterIsAnError) {
  const RaplZone zone{"package-0", kData / "powercap/two_packages/intel-rapl:9/energy_uj", 1};
  EXPECT_FALSE(read_energy_uj(zone));
}

TEST(Perf, ParanoidLevelIsRead) {
  EXPECT_EQ(perf_event_paranoid({kData / "sysfs/pmu", kData / "proc/paranoid3"}), 3);
  EXPECT_FALSE(perf_event_paranoid({kData / "sysfs/pmu", kData / "proc/missing"}));
}

TEST(Perf, VirtualMachineWithoutPmuIsExplained) {
  const std::string reason =
      perf_unavailable_reason(ENOENT, {kData / "sysfs/vm", kData / "proc/paranoid3"});
  EXPECT_NE(reason.find("no hardware performance counters"), std::string::npos) << reason;
}

TEST(Perf, PermissionIsExplainedWithTheParanoidLevel) {
  const std::string reason =
      perf_unavailable_reason(EACCES, {kData / "sysfs/pmu", kData / "proc/paranoid3"});
  EXPECT_NE(reason.find("perf_event_paranoid is 3"), std::string::npos) << reason;
}

TEST(Perf, NoErrorNoReason) {
  EXPECT_EQ(perf_unavailable_reason(0, {kData / "sysfs/vm", kData / "proc/paranoid3"}), "");
}

// What read(2) returns on a counter descriptor, recorded in a file: one native u64; a short
// record is no value (not a count of 0).
TEST(Perf, CounterValueIsReadFromTheDescriptor) {
  const merkleforge::test::TempDir scratch("mf_perf");
  const fs::path file = scratch / "counter";
  const std::uint64_t recorded = 123456789012345u;
  std::ofstream(file, std::ios::binary)
      .write(reinterpret_cast<const char*>(&recorded), sizeof recorded);
  const int fd = ::open(file.c_str(), O_RDONLY);
  ASSERT_GE(fd, 0);
  EXPECT_EQ(read_counter_value(fd), recorded);
  EXPECT_EQ(read_counter_value(fd), std::nullopt);  // at the end: nothing left to read
  ::close(fd);
  fs::resize_file(file, 4);
  const int short_fd = ::open(file.c_str(), O_RDONLY);
  ASSERT_GE(short_fd, 0);
  EXPECT_EQ(read_counter_value(short_fd), std::nullopt);
  ::close(short_fd);
  EXPECT_EQ(read_counter_value(-1), std::nullopt);
}

// On this machine: the counters count a known amount of work; without counters the test is
// reported as skipped, with the reason.
TEST(Perf, CountersCountWork) {
  auto counters = PerfCounters::open();
  if (!counters) {
    ASSERT_FALSE(counters.error().message.empty());
    GTEST_SKIP() << "no performance counters here: " << counters.error().message;
  }
  counters->start();
  volatile std::uint64_t sum = 0;
  for (std::uint64_t i = 0; i < 1000000; ++i) sum = sum + i;
  const CounterValues values = counters->stop();
  EXPECT_GT(values.instructions, 1000000u);  // at least one instruction per iteration
  EXPECT_GT(values.cycles, 0u);
}

}  // namespace
}  // namespace mforge
