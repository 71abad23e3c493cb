#include "merkleforge/hash/kernel.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <string>

#include "merkleforge/core/cpu.hpp"

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

TEST(Kernel, DefaultPicksBestSupportedAndHonoursEnvironment) {
  const Isa implemented[] = {Isa::portable, Isa::avx2};
  unsetenv("MERKLEFORGE_KERNEL");
  EXPECT_EQ(default_kernel(implemented), cpu_supports(Isa::avx2) ? Isa::avx2 : Isa::portable);
  setenv("MERKLEFORGE_KERNEL", "portable", 1);
  EXPECT_EQ(default_kernel(implemented), Isa::portable);
  setenv("MERKLEFORGE_KERNEL", "avx512", 1);  // not implemented by this hash: ignored
  EXPECT_EQ(default_kernel(implemented), cpu_supports(Isa::avx2) ? Isa::avx2 : Isa::portable);
  unsetenv("MERKLEFORGE_KERNEL");
}

TEST(Kernel, RequestsForMissingKernelsAreErrors) {
  const Isa implemented[] = {Isa::portable, Isa::avx2};
  EXPECT_TRUE(check_kernel_request("h", implemented, Isa::portable).ok());
  const auto missing = check_kernel_request("h", implemented, Isa::shani);
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().code, Errc::unsupported);
}

}  // namespace
}  // namespace merkleforge
