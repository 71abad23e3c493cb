// B128 × B128 products per strategy, in products per second (items/s, one thread), beside
// OpenSSL's GHASH (AES-GCM with additional data only: one GF(2^128) product per 16-byte block,
// aggregated reduction) measured in the same run.
#include <benchmark/benchmark.h>
#include <openssl/evp.h>

#include <random>
#include <string>
#include <vector>

#include "merkleforge/binius/kernels.hpp"
#include "merkleforge/binius/polyval.hpp"

namespace merkleforge::binius {
namespace {

constexpr std::size_t kCount = 4096;  // 64 KiB per operand: in L2

std::vector<uint128> random_values(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<uint128> values(kCount);
  for (auto& v : values) v = make_uint128(rng(), rng());
  return values;
}

/// random_values(seed) read as POLYVAL-basis elements (no basis change).
std::vector<B128P> random_polyval(std::uint64_t seed) {
  std::vector<B128P> values;
  for (const uint128 bits : random_values(seed)) values.push_back(B128P::from_bits(bits));
  return values;
}

/// random_values(seed) as canonical elements.
std::vector<B128> random_canonical(std::uint64_t seed) {
  const auto bits = random_values(seed);
  return {bits.begin(), bits.end()};
}

void BM_TowerReference(benchmark::State& state) {
  const auto a = random_values(1), b = random_values(2);
  std::vector<uint128> out(kCount);
  for (auto _ : state) {
    for (std::size_t i = 0; i < kCount; ++i) out[i] = tower_mul(7, a[i], b[i]);
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kCount));
}
BENCHMARK(BM_TowerReference)->Name("binius/b128_mul/canonical/merkleforge/tower_reference");

/// Packed products of POLYVAL-basis operands with one kernel (no basis change); the kernel active
/// before is restored, so the other rows of this executable keep the dispatcher's choice.
void BM_Polyval(benchmark::State& state, PolyvalIsa isa) {
  const PolyvalIsa before = polyval_active_isa();
  if (!polyval_set_isa(isa).ok()) {
    state.SkipWithError("kernel not supported on this CPU");
    return;
  }
  const auto a = random_polyval(1), b = random_polyval(2);
  std::vector<B128P> out(kCount);
  for (auto _ : state) {
    (void)polyval_mul(a, b, out);
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kCount));
  (void)polyval_set_isa(before);
}
BENCHMARK_CAPTURE(BM_Polyval, portable, PolyvalIsa::portable)
    ->Name("binius/b128_mul/polyval/merkleforge/portable");
BENCHMARK_CAPTURE(BM_Polyval, pclmul, PolyvalIsa::pclmul)
    ->Name("binius/b128_mul/polyval/merkleforge/pclmul");
BENCHMARK_CAPTURE(BM_Polyval, vpclmul, PolyvalIsa::vpclmul)
    ->Name("binius/b128_mul/polyval/merkleforge/vpclmul");
BENCHMARK_CAPTURE(BM_Polyval, vpclmul512, PolyvalIsa::vpclmul512)
    ->Name("binius/b128_mul/polyval/merkleforge/vpclmul512");

/// Canonical operands and result: basis change in (both operands), product, basis change out.
void BM_CanonicalViaPolyval(benchmark::State& state) {
  const auto a = random_canonical(1), b = random_canonical(2);
  std::vector<B128P> pa(kCount), pb(kCount);
  std::vector<B128> out(kCount);
  for (auto _ : state) {
    for (std::size_t i = 0; i < kCount; ++i) pa[i] = to_polyval(a[i]);
    for (std::size_t i = 0; i < kCount; ++i) pb[i] = to_polyval(b[i]);
    (void)polyval_mul(pa, pb, pa);
    for (std::size_t i = 0; i < kCount; ++i) out[i] = to_canonical(pa[i]);
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kCount));
}
BENCHMARK(BM_CanonicalViaPolyval)->Name("binius/b128_mul/canonical/merkleforge/via_polyval_best");

void BM_OpenSslGhash(benchmark::State& state) {
  const std::vector<unsigned char> key(16, 7), iv(12, 9);
  const auto data = random_values(3);
  const auto* bytes = reinterpret_cast<const unsigned char*>(data.data());
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  for (auto _ : state) {
    int length = 0;
    EVP_EncryptInit_ex(ctx, EVP_aes_128_gcm(), nullptr, key.data(), iv.data());
    EVP_EncryptUpdate(ctx, nullptr, &length, bytes, static_cast<int>(kCount * 16));
    unsigned char tag_block[16];
    EVP_EncryptFinal_ex(ctx, tag_block, &length);
    benchmark::DoNotOptimize(tag_block);
  }
  EVP_CIPHER_CTX_free(ctx);
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kCount));
}
BENCHMARK(BM_OpenSslGhash)->Name("binius/b128_mul/polyval/openssl-ghash");

/// The bulk basis change POLYVAL -> canonical in place (what Reed-Solomon encoding does to its
/// codeword) with one kernel, 4096 values in L2; the kernel active before is restored.
void BM_BasisChange(benchmark::State& state, const char* kernel) {
  const std::string before(basis_change_active_kernel());
  if (!basis_change_select(kernel).ok()) {
    state.SkipWithError("kernel not supported on this CPU");
    return;
  }
  std::vector<B128P> values = random_polyval(5);
  for (auto _ : state) {
    const std::span<B128P> back = to_polyval_in_place(to_canonical_in_place(values));
    benchmark::DoNotOptimize(back.data());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kCount * 2));
  (void)basis_change_select(before);
}
BENCHMARK_CAPTURE(BM_BasisChange, table, "table")
    ->Name("binius/basis_change/in_place_both_ways/merkleforge/table");
BENCHMARK_CAPTURE(BM_BasisChange, gfni512, "gfni512")
    ->Name("binius/basis_change/in_place_both_ways/merkleforge/gfni512");

}  // namespace
}  // namespace merkleforge::binius
