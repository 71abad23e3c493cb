// Subfield × extension products (B128 × B32 / B8 / B1), products per second on one thread.
#include "merkleforge/binius/subfield_products.hpp"

#include <benchmark/benchmark.h>

#include <random>
#include <vector>

namespace merkleforge::binius {
namespace {

constexpr std::size_t kCount = 4096;

template <class Scalar>
std::vector<Scalar> random_scalars(std::mt19937_64& rng, std::size_t count) {
  std::vector<Scalar> values(count);
  for (auto& v : values) v = static_cast<Scalar>(rng());
  return values;
}

std::vector<uint128> random_b128(std::mt19937_64& rng) {
  std::vector<uint128> values(kCount);
  for (auto& v : values) v = make_uint128(rng(), rng());
  return values;
}

template <class Scalar, class Product>
void run(benchmark::State& state, std::size_t scalar_count, Product product) {
  std::mt19937_64 rng(5);
  const auto a = random_b128(rng);
  const auto s = random_scalars<Scalar>(rng, scalar_count);
  std::vector<uint128> out(kCount);
  for (auto _ : state) {
    (void)product(a, s, out);
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kCount));
}

void BM_B32(benchmark::State& state) {
  run<std::uint32_t>(state, kCount,
                     [](auto& a, auto& s, auto& o) { return mul_b128_by_b32(a, s, o); });
}
void BM_B8(benchmark::State& state) {
  run<std::uint8_t>(state, kCount,
                    [](auto& a, auto& s, auto& o) { return mul_b128_by_b8(a, s, o); });
}
void BM_B1(benchmark::State& state) {
  run<std::uint8_t>(state, kCount / 8,
                    [](auto& a, auto& s, auto& o) { return mul_b128_by_b1(a, s, o); });
}
BENCHMARK(BM_B32)->Name("binius/b128_x_b32/canonical/b16_log_tables");
BENCHMARK(BM_B8)->Name("binius/b128_x_b8/canonical/b8_product_table");
BENCHMARK(BM_B1)->Name("binius/b128_x_b1/canonical/select");

}  // namespace
}  // namespace merkleforge::binius
