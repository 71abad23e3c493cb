#include "merkleforge/hash/kernel.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "merkleforge/core/cpu.hpp"
#include "merkleforge/core/dispatch.hpp"

namespace merkleforge {
namespace {

// Independent view of the CPU: the kernel's own flags line in /proc/cpuinfo.
bool cpuinfo_has_flag(const std::string& flag) {
  std::ifstream in("/proc/cpuinfo");
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("flags", 0) == 0)
      return (line + " ").find(" " + flag + " ") != std::string::npos;
  }
  return false;
}

TEST(Cpu, FeaturesAgreeWithProcCpuinfo) {
  const CpuFeatures& f = cpu_features();
  EXPECT_EQ(f.sse41, cpuinfo_has_flag("sse4_1"));
  EXPECT_EQ(f.aes, cpuinfo_has_flag("aes"));
  EXPECT_EQ(f.avx2, cpuinfo_has_flag("avx2"));
  EXPECT_EQ(f.sha, cpuinfo_has_flag("sha_ni"));
  EXPECT_EQ(f.avx512f, cpuinfo_has_flag("avx512f"));
  EXPECT_EQ(f.avx512ifma, cpuinfo_has_flag("avx512ifma"));
  EXPECT_EQ(f.gfni, cpuinfo_has_flag("gfni"));
}

TEST(Kernel, NamesRoundTrip) {
  for (Isa isa :
       {Isa::portable, Isa::sse41, Isa::avx2, Isa::shani, Isa::avx512, Isa::aesni, Isa::vaes}) {
    EXPECT_EQ(isa_from_name(isa_name(isa)), isa);
  }
  EXPECT_FALSE(isa_from_name("neon").has_value());
}

TEST(KernelRequest, SpecificEntriesComeBeforeBareNames) {
  using Names = std::vector<std::string_view>;
  EXPECT_EQ(requested_kernels("", "sha256"), Names{});
  EXPECT_EQ(requested_kernels("portable", "sha256"), Names{"portable"});
  EXPECT_EQ(requested_kernels("portable,sha256:avx2,keccak:avx512,sha256:shani", "sha256"),
            (Names{"avx2", "shani", "portable"}));
  EXPECT_EQ(requested_kernels("sha256:avx2", "keccak"), Names{});
  // Empty entries, an empty kernel after the colon, and a primitive that is a prefix are skipped.
  EXPECT_EQ(requested_kernels(",,sha256:,sha:avx2,sha2566:avx2,avx2,", "sha256"), Names{"avx2"});
}

// The dispatcher every module uses (src/core/dispatch.hpp), on a primitive of three fake kernels.
bool never_runs() noexcept {
  return false;
}

dispatch::Dispatcher<int, char> fake_dispatcher() {
  return dispatch::Dispatcher<int, char>("fake", {{3, "fast", never_runs, 'f'},
                                                  {2, "middle", dispatch::runs_everywhere, 'm'},
                                                  {1, "slow", dispatch::runs_everywhere, 's'}});
}

class Dispatcher : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const char* spec = std::getenv(kKernelEnvironmentVariable)) saved_ = spec;
  }
  void TearDown() override {
    if (saved_) {
      setenv(kKernelEnvironmentVariable, saved_->c_str(), 1);
    } else {
      unsetenv(kKernelEnvironmentVariable);
    }
  }
  std::optional<std::string> saved_;
};

TEST_F(Dispatcher, StartsWithTheFirstKernelTheCpuRuns) {
  unsetenv(kKernelEnvironmentVariable);
  const auto kernels = fake_dispatcher();
  EXPECT_EQ(kernels.primitive(), "fake");
  EXPECT_EQ(kernels.active().name, "middle");
  EXPECT_EQ(kernels.active().table, 'm');
  EXPECT_EQ(kernels.available(), (std::vector<int>{1, 2}));  // slowest first, not "fast"
}

TEST_F(Dispatcher, HonoursTheEnvironmentWhenItCan) {
  setenv(kKernelEnvironmentVariable, "slow", 1);
  EXPECT_EQ(fake_dispatcher().active().key, 1);
  setenv(kKernelEnvironmentVariable, "other:slow", 1);  // another primitive's request
  EXPECT_EQ(fake_dispatcher().active().key, 2);
  setenv(kKernelEnvironmentVariable, "fast,nonexistent,fake:slow", 1);  // first usable wins
  EXPECT_EQ(fake_dispatcher().active().key, 1);
  setenv(kKernelEnvironmentVariable, "fake:fast,fake:nonexistent", 1);  // none usable: default
  EXPECT_EQ(fake_dispatcher().active().key, 2);
}

TEST_F(Dispatcher, SelectSwitchesOrExplainsWhyNot) {
  unsetenv(kKernelEnvironmentVariable);
  auto kernels = fake_dispatcher();
  ASSERT_TRUE(kernels.select("slow").ok());
  EXPECT_EQ(kernels.active().table, 's');
  const Status missing = kernels.select("neon");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().code, Errc::unsupported);
  EXPECT_NE(missing.error().message.find("fake has no neon kernel"), std::string::npos);
  const Status unsupported = kernels.select("fast");
  ASSERT_FALSE(unsupported.ok());
  EXPECT_EQ(unsupported.error().code, Errc::unsupported);
  EXPECT_NE(unsupported.error().message.find("cannot run"), std::string::npos);
  EXPECT_EQ(kernels.active().table, 's') << "a refused request leaves the choice unchanged";
}

// The measured choice, with a timer that reports each fake kernel's cost instead of a clock, and
// counts the runs.
int probe_runs = 0;
void fake_probe(const char&) {}
double fake_time(void (*)(const char&), const char& kernel) {
  ++probe_runs;
  switch (kernel) {
    case 'f':
      return 3e-6;
    case 'm':
      return 1e-6;
    case 'n':
      return 0.97e-6;  // within the 5 % margin of 'm'
    default:
      return 50e-6;
  }
}

TEST_F(Dispatcher, MeasuredChoiceTakesTheFastestProbe) {
  unsetenv(kKernelEnvironmentVariable);
  probe_runs = 0;
  const dispatch::Dispatcher<int, char> kernels(
      "fake",
      {{3, "listed-first", dispatch::runs_everywhere, 'f'},
       {2, "fastest", dispatch::runs_everywhere, 'm'},
       {1, "slow", dispatch::runs_everywhere, 's'},
       {0, "cannot-run", never_runs, 'm'}},
      fake_probe, fake_time);
  EXPECT_EQ(kernels.active().name, "fastest");
  const auto& times = kernels.probe_times();
  ASSERT_EQ(times.size(), 3u) << "a kernel the CPU cannot run is not timed";
  EXPECT_EQ(times[0].kernel, "listed-first");
  EXPECT_EQ(times[0].runs, 6);
  EXPECT_DOUBLE_EQ(times[1].seconds, 1e-6);
  EXPECT_EQ(times[1].runs, 6) << "within twice the best so far: timed in full";
  EXPECT_EQ(times[2].runs, 1) << "more than twice the best: given up after one run";
  EXPECT_EQ(probe_runs, 13);
}

TEST_F(Dispatcher, MeasuredNearTieKeepsTheListsOrder) {
  unsetenv(kKernelEnvironmentVariable);
  const dispatch::Dispatcher<int, char> kernels(
      "fake",
      {{2, "listed-first", dispatch::runs_everywhere, 'm'},
       {1, "three-percent-faster", dispatch::runs_everywhere, 'n'}},
      fake_probe, fake_time);
  EXPECT_EQ(kernels.active().name, "listed-first");
}

TEST_F(Dispatcher, EnvironmentOrSingleKernelSkipsTheMeasurement) {
  setenv(kKernelEnvironmentVariable, "fake:slow", 1);
  probe_runs = 0;
  const dispatch::Dispatcher<int, char> requested(
      "fake",
      {{2, "fastest", dispatch::runs_everywhere, 'm'}, {1, "slow", dispatch::runs_everywhere, 's'}},
      fake_probe, fake_time);
  EXPECT_EQ(requested.active().name, "slow");
  EXPECT_TRUE(requested.probe_times().empty());
  unsetenv(kKernelEnvironmentVariable);
  const dispatch::Dispatcher<int, char> single(
      "fake", {{3, "fast", never_runs, 'f'}, {1, "slow", dispatch::runs_everywhere, 's'}},
      fake_probe, fake_time);
  EXPECT_EQ(single.active().name, "slow");
  EXPECT_TRUE(single.probe_times().empty());
  EXPECT_EQ(probe_runs, 0);
}

}  // namespace
}  // namespace merkleforge
