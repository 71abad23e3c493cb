// Subfield × extension products (B128 × B32 / B8 / B1), products per second on one thread. The
// B32 and B8 products run through a packed strategy (packed.hpp), one benchmark each:
// binius/b128_x_<b32|b8>/canonical/<strategy>, where the table strategy keeps its historical
// names b16_log_tables and b8_product_table. A strategy the CPU cannot run is skipped.
#include "merkleforge/binius/subfield_products.hpp"

#include <benchmark/benchmark.h>

#include <random>
#include <string>
#include <vector>

#include "merkleforge/binius/packed.hpp"

namespace merkleforge::binius {
namespace {

constexpr std::size_t kCount = 4096;

template <class Scalar>
std::vector<Scalar> random_scalars(std::mt19937_64& rng, std::size_t count) {
  std::vector<Scalar> values(count);
  for (auto& v : values) v = static_cast<Scalar>(rng());
  return values;
}

std::vector<B128> random_b128(std::mt19937_64& rng) {
  std::vector<B128> values(kCount);
  for (auto& v : values) v = B128(make_uint128(rng(), rng()));
  return values;
}

template <class Scalar, class Product>
void run(benchmark::State& state, std::size_t scalar_count, Product product) {
  std::mt19937_64 rng(5);
  const auto a = random_b128(rng);
  const auto s = random_scalars<Scalar>(rng, scalar_count);
  std::vector<B128> out(kCount);
  for (auto _ : state) {
    (void)product(a, s, out);
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kCount));
}

/// Runs `product` with `strategy` selected for `op`, then restores the previous one.
template <class Scalar, class Product>
void run_with(benchmark::State& state, PackedOp op, PackedStrategy strategy, Product product) {
  const PackedStrategy saved = packed_active_strategy(op);
  if (!packed_set_strategy(op, strategy).ok()) {
    state.SkipWithError("strategy not supported on this CPU");
    return;
  }
  run<Scalar>(state, kCount, product);
  (void)packed_set_strategy(op, saved);
}

void BM_B32(benchmark::State& state, PackedStrategy strategy) {
  run_with<std::uint32_t>(state, PackedOp::mul_b32, strategy,
                          [](auto& a, auto& s, auto& o) { return mul_b128_by_b32(a, s, o); });
}
void BM_B8(benchmark::State& state, PackedStrategy strategy) {
  run_with<std::uint8_t>(state, PackedOp::mul_b8, strategy,
                         [](auto& a, auto& s, auto& o) { return mul_b128_by_b8(a, s, o); });
}
void BM_B1(benchmark::State& state) {
  run<std::uint8_t>(state, kCount / 8,
                    [](auto& a, auto& s, auto& o) { return mul_b128_by_b1(a, s, o); });
}

void register_all() {
  struct Family {
    const char* field;
    const char* table_name;
    void (*bench)(benchmark::State&, PackedStrategy);
  };
  const Family families[] = {{"b32", "b16_log_tables", &BM_B32},
                             {"b8", "b8_product_table", &BM_B8}};
  for (const Family& family : families) {
    for (PackedStrategy strategy :
         {PackedStrategy::table, PackedStrategy::pshufb, PackedStrategy::gfni}) {
      const std::string implementation = strategy == PackedStrategy::table
                                             ? family.table_name
                                             : std::string(packed_strategy_name(strategy));
      const std::string name =
          std::string("binius/b128_x_") + family.field + "/canonical/merkleforge/" + implementation;
      benchmark::RegisterBenchmark(name.c_str(), family.bench, strategy);
    }
  }
}
const bool registered = (register_all(), true);

BENCHMARK(BM_B1)->Name("binius/b128_x_b1/canonical/merkleforge/select");

}  // namespace
}  // namespace merkleforge::binius
