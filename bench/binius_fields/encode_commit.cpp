// Reed–Solomon encoding (forward additive NTT on every coset) of 2^20 and 2^24 B128 values at rate
// 1/2 on all cores of the TBB pool, and the commitment (encode + SHA-256 Merkle tree over the
// codeword). Beside them, in the same run: SHA-256 Merkle tree alone over a codeword-sized input
// (the hashing share of the commit).
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "merkleforge/hash/sha256.hpp"
#include "merkleforge/pcs/codeword_commitment.hpp"

namespace merkleforge::binius {
namespace {

std::vector<B128> random_message(unsigned log_size) {
  std::mt19937_64 rng(log_size);
  std::vector<B128> values(std::size_t{1} << log_size);
  for (auto& v : values) v = B128(make_uint128(rng(), rng()));
  return values;
}

/// Message of 2^log_size values as 2^4-value interleaved positions (Binius' batch of 16).
ReedSolomonParams params_for(unsigned log_size) {
  return {log_size - 4, 1, 4};
}

void BM_Encode(benchmark::State& state) {
  const auto log_size = static_cast<unsigned>(state.range(0));
  const auto message = random_message(log_size);
  const auto params = params_for(log_size);
  std::vector<B128> codeword(params.codeword_values());
  for (auto _ : state) {
    (void)reed_solomon_encode(message, params, codeword);
    benchmark::DoNotOptimize(codeword.data());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * message.size()));
}
BENCHMARK(BM_Encode)
    ->Name("binius/rs_encode_rate_half/b128/merkleforge")
    ->Arg(20)
    ->Arg(24)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

void BM_Commit(benchmark::State& state) {
  const auto log_size = static_cast<unsigned>(state.range(0));
  const auto message = random_message(log_size);
  for (auto _ : state) {
    auto committed = pcs::encode_and_commit<Sha256>(message, params_for(log_size));
    benchmark::DoNotOptimize(committed->tree.root());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * message.size()));
}
BENCHMARK(BM_Commit)
    ->Name("binius/commit_rate_half/b128_sha256/merkleforge")
    ->Arg(20)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

void BM_MerkleOnly(benchmark::State& state) {
  const auto log_size = static_cast<unsigned>(state.range(0));
  const auto codeword = random_message(log_size + 1);
  for (auto _ : state) {
    auto tree = pcs::commit_codeword<Sha256>(codeword, 4);
    benchmark::DoNotOptimize(tree->root());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * (codeword.size() / 2)));
}
BENCHMARK(BM_MerkleOnly)
    ->Name("binius/commit_rate_half/sha256_tree_only/merkleforge")
    ->Arg(20)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace
}  // namespace merkleforge::binius
