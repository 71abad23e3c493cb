// The interactive protocols of issue 22 at their target sizes, prover side (the verifiers are
// microseconds): zerocheck of a·b − c over B1 columns of 2^24 rows, the GKR grand product of 2^20
// B128 values and the sumcheck of a·b·c over three B128 multilinears of 2^20 values, on 1 and 2
// threads (oneTBB). Counters: ns_per_row (wall time / rows) and b128_muls_per_row = ns_per_row
// divided by the time of one B128 product (POLYVAL basis, active kernel, one thread), measured in
// the same process just before. Each proof is verified once before timing.
#include <benchmark/benchmark.h>

#include <chrono>
#include <random>
#include <vector>

#include "merkleforge/binius/packed.hpp"
#include "merkleforge/binius/polyval.hpp"
#include "merkleforge/parallel/parallel.hpp"
#include "merkleforge/zk/grand_product.hpp"
#include "merkleforge/zk/prover.hpp"
#include "merkleforge/zk/sumcheck.hpp"
#include "merkleforge/zk/zerocheck.hpp"

namespace merkleforge::zk {
namespace {

constexpr std::string_view kProtocol = "merkleforge/bench/protocols/v1";
const Digest32 kStatement{};
/// Stands in for the PCS root of the benchmark's columns (the transcript needs one before
/// challenges).
const Digest32 kCommitment{1};

/// Nanoseconds of one B128 product: polyval_mul over 2^14-value spans (in L2), best of 20.
double b128_mul_ns() {
  static const double ns = [] {
    std::mt19937_64 rng(7);
    std::vector<binius::B128P> a(1u << 14), b(a.size()), out(a.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
      a[i] = binius::B128P::from_bits(binius::make_uint128(rng(), rng()));
      b[i] = binius::B128P::from_bits(binius::make_uint128(rng(), rng()));
    }
    double best = 1e9;
    for (int rep = 0; rep < 20; ++rep) {
      const auto start = std::chrono::steady_clock::now();
      for (int k = 0; k < 8; ++k) (void)binius::polyval_mul(a, b, out);
      const std::chrono::duration<double, std::nano> t = std::chrono::steady_clock::now() - start;
      best = std::min(best, t.count() / (8.0 * static_cast<double>(a.size())));
      benchmark::DoNotOptimize(out.data());
    }
    return best;
  }();
  return ns;
}

/// Reports per-row costs of `prove` (timed per iteration, wall clock) and the verifier's time.
template <class Prove>
void run(benchmark::State& state, std::size_t rows, double verify_us, Prove prove) {
  double total_ns = 0;
  for (auto _ : state) {
    const auto start = std::chrono::steady_clock::now();
    prove();
    const std::chrono::duration<double, std::nano> t = std::chrono::steady_clock::now() - start;
    total_ns += t.count();
  }
  const double per_row =
      total_ns / (static_cast<double>(state.iterations()) * static_cast<double>(rows));
  state.counters["ns_per_row"] = per_row;
  state.counters["b128_mul_ns"] = b128_mul_ns();
  state.counters["b128_muls_per_row"] = per_row / b128_mul_ns();
  state.counters["verify_us"] = verify_us;
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * rows));
}

std::vector<std::uint8_t> random_bits(std::size_t n_bits, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<std::uint8_t> bits(n_bits / 8);
  for (auto& byte : bits) byte = static_cast<std::uint8_t>(rng());
  return bits;
}

std::vector<B128> random_b128(std::size_t n, std::uint64_t seed, bool nonzero = false) {
  std::mt19937_64 rng(seed);
  std::vector<B128> v(n);
  for (auto& x : v) {
    x = B128(binius::make_uint128(rng(), rng()));
    if (nonzero && x == B128::zero()) x = B128::one();
  }
  return v;
}

void BM_ZerocheckB1(benchmark::State& state) {
  const merkleforge::ThreadLimit limit(static_cast<std::size_t>(state.range(0)));
  constexpr unsigned n = 24;
  const auto a = random_bits(std::size_t{1} << n, 1);
  const auto b = random_bits(std::size_t{1} << n, 2);
  std::vector<std::uint8_t> c(a.size());
  for (std::size_t i = 0; i < c.size(); ++i) c[i] = a[i] & b[i];  // B1 product = AND
  Composition and_constraint(3);
  and_constraint.add(and_constraint.mul(and_constraint.column(0), and_constraint.column(1)),
                     and_constraint.column(2));
  const ZerocheckStatement statement{n, {and_constraint}};
  const std::vector<Column> columns{Column::b1(a, n), Column::b1(b, n), Column::b1(c, n)};
  double verify_us = 0;
  {
    ProverTranscript p(kProtocol, kStatement);
    p.absorb_commitment(kCommitment);
    (void)prove_zerocheck(statement, columns, p);
    const ProofTapes tapes = std::move(p).finish();
    VerifierTranscript v(kProtocol, kStatement, tapes.transcript, tapes.advice);
    v.absorb_commitment(kCommitment);
    const auto start = std::chrono::steady_clock::now();
    const bool ok = verify_zerocheck(statement, v).ok();
    verify_us =
        std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
    if (!ok) state.SkipWithError("proof does not verify");
  }
  run(state, std::size_t{1} << n, verify_us, [&] {
    ProverTranscript p(kProtocol, kStatement);
    p.absorb_commitment(kCommitment);
    auto out = prove_zerocheck(statement, columns, p);
    benchmark::DoNotOptimize(out);
  });
}
BENCHMARK(BM_ZerocheckB1)
    ->Name("zk/zerocheck/a*b-c_b1_2^24/merkleforge")
    ->Arg(1)
    ->Arg(2)
    ->ArgName("threads")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(3);

void BM_GrandProductB128(benchmark::State& state) {
  const merkleforge::ThreadLimit limit(static_cast<std::size_t>(state.range(0)));
  constexpr unsigned n = 20;
  const auto values = random_b128(std::size_t{1} << n, 3, true);
  const std::vector<Column> columns{Column::b128(values)};
  double verify_us = 0;
  {
    ProverTranscript p(kProtocol, kStatement);
    p.absorb_commitment(kCommitment);
    (void)prove_grand_products(columns, p);
    const ProofTapes tapes = std::move(p).finish();
    VerifierTranscript v(kProtocol, kStatement, tapes.transcript, tapes.advice);
    v.absorb_commitment(kCommitment);
    const auto start = std::chrono::steady_clock::now();
    const bool ok = verify_grand_products({{n}, true}, v).ok();
    verify_us =
        std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
    if (!ok) state.SkipWithError("proof does not verify");
  }
  run(state, std::size_t{1} << n, verify_us, [&] {
    ProverTranscript p(kProtocol, kStatement);
    p.absorb_commitment(kCommitment);
    auto out = prove_grand_products(columns, p);
    benchmark::DoNotOptimize(out);
  });
}
BENCHMARK(BM_GrandProductB128)
    ->Name("zk/grand_product/b128_2^20/merkleforge")
    ->Arg(1)
    ->Arg(2)
    ->ArgName("threads")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(5);

void BM_SumcheckDegree3(benchmark::State& state) {
  const merkleforge::ThreadLimit limit(static_cast<std::size_t>(state.range(0)));
  constexpr unsigned n = 20;
  const std::size_t size = std::size_t{1} << n;
  const auto a = random_b128(size, 4), b = random_b128(size, 5), c = random_b128(size, 6);
  std::vector<B128> abc(size);
  (void)binius::packed_mul_b128(a, b, abc);
  (void)binius::packed_mul_b128(abc, c, abc);
  B128 sum;
  for (const B128 x : abc) sum += x;
  Composition product(3);
  product.mul(product.mul(product.column(0), product.column(1)), product.column(2));
  const std::vector<SumcheckClaim> claims{{n, product, sum}};
  const std::vector<std::vector<Column>> columns{
      {Column::b128(a), Column::b128(b), Column::b128(c)}};
  double verify_us = 0;
  {
    ProverTranscript p(kProtocol, kStatement);
    p.absorb_commitment(kCommitment);
    (void)prove_sumcheck(claims, columns, p);
    const ProofTapes tapes = std::move(p).finish();
    VerifierTranscript v(kProtocol, kStatement, tapes.transcript, tapes.advice);
    v.absorb_commitment(kCommitment);
    const auto start = std::chrono::steady_clock::now();
    const bool ok = verify_sumcheck(claims, v).ok();
    verify_us =
        std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
    if (!ok) state.SkipWithError("proof does not verify");
  }
  run(state, size, verify_us, [&] {
    ProverTranscript p(kProtocol, kStatement);
    p.absorb_commitment(kCommitment);
    auto out = prove_sumcheck(claims, columns, p);
    benchmark::DoNotOptimize(out);
  });
}
BENCHMARK(BM_SumcheckDegree3)
    ->Name("zk/sumcheck/a*b*c_b128_2^20/merkleforge")
    ->Arg(1)
    ->Arg(2)
    ->ArgName("threads")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(5);

}  // namespace
}  // namespace merkleforge::zk
