// The host's floors for the Reed–Solomon encoding (docs/binius.md, "Current figures"): how fast
// this machine streams memory and how fast the active POLYVAL kernel multiplies in cache, so an
// encoding figure can be set beside max(bytes touched ÷ bandwidth, products ÷ product rate).
//
//   memory_xor_pass   one in-place XOR pass over 256 MiB (read + write of every byte; bytes/s
//                     counts both), on 1 and 2 threads: the bandwidth an NTT pass sees.
//   butterflies       forward_butterflies of the active kernel on runs of n pairs in L1 (items:
//                     butterflies = products); n = 16 is a short run, 1024 a long one.
//   mul               the active kernel's mul over 4096 pairs in L2 (items: products).
// "Active": the dispatcher's choice at start-up (MERKLEFORGE_KERNEL=polyval:<kernel> for another).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <random>
#include <vector>

#include "merkleforge/binius/kernels.hpp"
#include "merkleforge/parallel/parallel.hpp"

namespace merkleforge::binius {
namespace {

constexpr std::size_t kStreamBytes = std::size_t{256} << 20;
constexpr std::size_t kStreamChunk = std::size_t{1} << 17;  // words per parallel range (1 MiB)

void BM_MemoryXorPass(benchmark::State& state) {
  const merkleforge::ThreadLimit threads(static_cast<std::size_t>(state.range(0)));
  std::vector<std::uint64_t> buffer(kStreamBytes / sizeof(std::uint64_t), 1);  // touched here
  std::uint64_t key = 0x9e3779b97f4a7c15ULL;
  for (auto _ : state) {
    parallel_for(buffer.size() / kStreamChunk, 1, [&](std::size_t begin, std::size_t end) {
      std::uint64_t* p = buffer.data() + begin * kStreamChunk;
      const std::size_t words = (end - begin) * kStreamChunk;
      for (std::size_t i = 0; i < words; ++i) p[i] ^= key;
    });
    benchmark::DoNotOptimize(buffer.data());
    benchmark::ClobberMemory();
    key = key * 3 + 1;
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * 2 * kStreamBytes));
}
BENCHMARK(BM_MemoryXorPass)
    ->Name("binius/host_floor/memory_xor_pass_256MiB/merkleforge")
    ->ArgName("threads")
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

std::vector<B128P> random_polyval(std::size_t count, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<B128P> values(count);
  for (auto& v : values) v = B128P::from_bits(make_uint128(rng(), rng()));
  return values;
}

/// The dispatcher's choice (the best this CPU runs, or MERKLEFORGE_KERNEL's request), which the
/// encoding rows use too.
const PolyvalKernel& default_kernel() {
  return active_polyval_kernel();
}

void BM_Butterflies(benchmark::State& state) {
  const auto run = static_cast<std::size_t>(state.range(0));
  constexpr std::size_t kPairs = 1024;  // 32 KiB of data: in L1
  const PolyvalKernel& kernel = default_kernel();
  auto u = random_polyval(kPairs, 1), v = random_polyval(kPairs, 2);
  const B128P t = B128P::from_bits(make_uint128(0x1234, 0x5678));
  for (auto _ : state) {
    for (std::size_t k = 0; k < kPairs; k += run) {
      kernel.forward_butterflies(u.data() + k, v.data() + k, t, run);
    }
    benchmark::DoNotOptimize(u.data());
    benchmark::DoNotOptimize(v.data());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kPairs));
  state.SetLabel(std::string(polyval_isa_name(polyval_active_isa())));
}
BENCHMARK(BM_Butterflies)
    ->Name("binius/host_floor/polyval_butterflies_in_l1/merkleforge")
    ->ArgName("run")
    ->Arg(16)
    ->Arg(1024);

void BM_Mul(benchmark::State& state) {
  constexpr std::size_t kCount = 4096;  // 64 KiB per operand: in L2
  const PolyvalKernel& kernel = default_kernel();
  const auto a = random_polyval(kCount, 3), b = random_polyval(kCount, 4);
  std::vector<B128P> out(kCount);
  for (auto _ : state) {
    kernel.mul(a.data(), b.data(), out.data(), kCount);
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kCount));
  state.SetLabel(std::string(polyval_isa_name(polyval_active_isa())));
}
BENCHMARK(BM_Mul)->Name("binius/host_floor/polyval_mul_in_l2/merkleforge");

}  // namespace
}  // namespace merkleforge::binius
