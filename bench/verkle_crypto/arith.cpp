// Field and group arithmetic latencies: verkle/<operation>/merkleforge.
#include <benchmark/benchmark.h>

#include <array>
#include <string>
#include <vector>

#include "merkleforge/verkle/banderwagon.hpp"
#include "merkleforge/verkle/field.hpp"

namespace {

using namespace merkleforge::verkle;

template <class F>
F sample(std::uint8_t seed) {
  std::array<std::uint8_t, 40> bytes{};
  for (std::size_t i = 0; i < bytes.size(); ++i)
    bytes[i] = static_cast<std::uint8_t>(seed * 31 + i * 7);
  return F::from_bytes_le_reduced(bytes);
}

// A dependent chain, so the figure is latency rather than throughput.
template <class F>
void field_mul(benchmark::State& state) {
  F x = sample<F>(1);
  const F y = sample<F>(2);
  for (auto _ : state) {
    x = x * y;
    benchmark::DoNotOptimize(x);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}

// Independent products in batches of 1024 (PrimeField::batch_mul): the throughput figure, per
// product, labelled with the batch kernel.
template <class F>
void field_batch_mul(benchmark::State& state) {
  constexpr std::size_t kBatch = 1024;
  std::vector<F> a(kBatch), b(kBatch), out(kBatch);
  for (std::size_t i = 0; i < kBatch; ++i) {
    a[i] = sample<F>(static_cast<std::uint8_t>(i));
    b[i] = sample<F>(static_cast<std::uint8_t>(i + 100));
  }
  for (auto _ : state) {
    F::batch_mul(out, a, b);
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kBatch));
  state.SetLabel(std::string(batch_kernel_name()));
}

template <class F>
void field_inverse(benchmark::State& state) {
  F x = sample<F>(3);
  for (auto _ : state) {
    x = x.inverse();
    benchmark::DoNotOptimize(x);
  }
}

void fp_sqrt(benchmark::State& state) {
  const Fp x = sample<Fp>(4).square();
  for (auto _ : state) benchmark::DoNotOptimize(x.sqrt());
}

void point_add(benchmark::State& state) {
  Element p = Element::generator();
  const Element q = Element::generator().dbl();
  for (auto _ : state) {
    p = p + q;
    benchmark::DoNotOptimize(p);
  }
}

void point_add_affine(benchmark::State& state) {
  Element p = Element::generator();
  const AffinePoint q = Element::generator().dbl().to_affine();
  for (auto _ : state) {
    p = p.add_affine(q);
    benchmark::DoNotOptimize(p);
  }
}

void point_decode(benchmark::State& state) {
  const auto bytes = (Element::generator() * Fr::from_u64(777)).to_bytes();
  for (auto _ : state) benchmark::DoNotOptimize(Element::from_bytes(bytes));
}

void map_to_scalar(benchmark::State& state) {
  const Element p = Element::generator() * Fr::from_u64(777);
  for (auto _ : state) benchmark::DoNotOptimize(p.map_to_scalar_field());
}

BENCHMARK(field_mul<Fp>)->Name("verkle/fp/mul/merkleforge");
BENCHMARK(field_mul<Fr>)->Name("verkle/fr/mul/merkleforge");
BENCHMARK(field_batch_mul<Fp>)->Name("verkle/fp/batch_mul/merkleforge");
BENCHMARK(field_batch_mul<Fr>)->Name("verkle/fr/batch_mul/merkleforge");
BENCHMARK(field_inverse<Fp>)->Name("verkle/fp/inverse/merkleforge");
BENCHMARK(fp_sqrt)->Name("verkle/fp/sqrt/merkleforge");
BENCHMARK(point_add)->Name("verkle/banderwagon/add/merkleforge");
BENCHMARK(point_add_affine)->Name("verkle/banderwagon/add_affine/merkleforge");
BENCHMARK(point_decode)->Name("verkle/banderwagon/decode/merkleforge");
BENCHMARK(map_to_scalar)->Name("verkle/banderwagon/map_to_scalar/merkleforge");

}  // namespace
