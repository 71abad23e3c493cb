// Packed canonical-tower products (packed.hpp) per strategy, products per second on one thread:
// binius/<b8|b32|b128>_mul/canonical/<strategy>. A strategy the CPU cannot run is skipped with an
// error (GFNI on this project's machine).
#include <benchmark/benchmark.h>

#include <random>
#include <string>
#include <vector>

#include "merkleforge/binius/packed.hpp"

namespace merkleforge::binius {
namespace {

constexpr std::size_t kCount = 4096;  // 2 x 64 KiB of B128 operands: in L2

template <class T>
std::vector<T> random_values(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<T> values(kCount);
  for (T& v : values) v = static_cast<T>(make_uint128(rng(), rng()));
  return values;
}

template <class T, class Mul>
void run(benchmark::State& state, PackedOp op, PackedStrategy strategy, Mul packed_mul) {
  const PackedStrategy saved = packed_active_strategy(op);
  if (!packed_set_strategy(op, strategy).ok()) {
    state.SkipWithError("strategy not supported on this CPU");
    return;
  }
  const auto a = random_values<T>(1), b = random_values<T>(2);
  std::vector<T> out(kCount);
  for (auto _ : state) {
    (void)packed_mul(a, b, out);
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kCount));
  (void)packed_set_strategy(op, saved);
}

void BM_B8(benchmark::State& state, PackedStrategy strategy) {
  run<std::uint8_t>(state, PackedOp::mul_b8, strategy,
                    [](auto& a, auto& b, auto& o) { return packed_mul_b8(a, b, o); });
}
void BM_B32(benchmark::State& state, PackedStrategy strategy) {
  run<std::uint32_t>(state, PackedOp::mul_b32, strategy,
                     [](auto& a, auto& b, auto& o) { return packed_mul_b32(a, b, o); });
}
void BM_B128(benchmark::State& state, PackedStrategy strategy) {
  run<B128>(state, PackedOp::mul_b128, strategy,
            [](auto& a, auto& b, auto& o) { return packed_mul_b128(a, b, o); });
}

/// One benchmark per strategy `op` has (whether or not this CPU runs it).
void register_all() {
  const std::pair<const char*, void (*)(benchmark::State&, PackedStrategy)> ops[] = {
      {"b8_mul", &BM_B8}, {"b32_mul", &BM_B32}, {"b128_mul", &BM_B128}};
  const std::vector<std::vector<PackedStrategy>> strategies = {
      {PackedStrategy::table, PackedStrategy::pshufb, PackedStrategy::gfni},
      {PackedStrategy::table, PackedStrategy::pshufb, PackedStrategy::gfni},
      {PackedStrategy::polyval, PackedStrategy::gfni}};
  for (std::size_t i = 0; i < std::size(ops); ++i) {
    for (PackedStrategy strategy : strategies[i]) {
      const std::string name = std::string("binius/") + ops[i].first + "/canonical/merkleforge/" +
                               std::string(packed_strategy_name(strategy));
      benchmark::RegisterBenchmark(name.c_str(), ops[i].second, strategy);
    }
  }
}
const bool registered = (register_all(), true);

}  // namespace
}  // namespace merkleforge::binius
