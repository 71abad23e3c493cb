// Reed–Solomon encoding (forward additive NTT on every coset) of 2^20 and 2^24 B128 values at rate
// 1/2, and the commitment (encode + SHA-256 Merkle tree over the codeword), on 1 and 2 threads of
// the TBB pool. Beside them, in the same run: SHA-256 Merkle tree alone over a codeword-sized input
// (the hashing share of the commit), and the NTT of one coset alone (no basis changes). The host's
// floors for these rows are in host_floors.cpp.
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "merkleforge/binius/additive_ntt.hpp"
#include "merkleforge/hash/sha256.hpp"
#include "merkleforge/parallel/parallel.hpp"
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

/// Sizes (log2 of the message's values) on 1 and 2 threads.
void sizes_and_threads(benchmark::internal::Benchmark* b, std::initializer_list<int> sizes) {
  b->ArgNames({"log_size", "threads"});
  for (int log_size : sizes) {
    for (int threads : {1, 2}) b->Args({log_size, threads});
  }
}

merkleforge::ThreadLimit thread_limit(const benchmark::State& state) {
  return merkleforge::ThreadLimit(static_cast<std::size_t>(state.range(1)));
}

void BM_Encode(benchmark::State& state) {
  const auto log_size = static_cast<unsigned>(state.range(0));
  const auto threads = thread_limit(state);
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
    ->Apply([](benchmark::internal::Benchmark* b) {
      sizes_and_threads(b, {20, 24});
    })
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

/// The forward NTT alone, on POLYVAL data (no basis change), of one coset of the encoding above:
/// 2^(log_size - 4) positions of 16 interleaved values, coset 1. Items: butterflies (products).
void BM_Ntt(benchmark::State& state) {
  const auto log_size = static_cast<unsigned>(state.range(0));
  const auto threads = thread_limit(state);
  const auto message = random_message(log_size);
  std::vector<B128P> data = to_polyval(message);
  const NttShape shape{log_size - 4, 4, 1};
  for (auto _ : state) {
    ntt_forward_polyval(data, shape);
    benchmark::DoNotOptimize(data.data());
  }
  state.SetItemsProcessed(
      static_cast<std::int64_t>(state.iterations() * (message.size() / 2) * shape.log_n));
}
BENCHMARK(BM_Ntt)
    ->Name("binius/additive_ntt_forward/b128_polyval/merkleforge")
    ->Apply([](benchmark::internal::Benchmark* b) {
      sizes_and_threads(b, {20, 24});
    })
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

void BM_Commit(benchmark::State& state) {
  const auto log_size = static_cast<unsigned>(state.range(0));
  const auto threads = thread_limit(state);
  const auto message = random_message(log_size);
  for (auto _ : state) {
    auto committed = pcs::encode_and_commit<Sha256>(message, params_for(log_size));
    benchmark::DoNotOptimize(committed->tree.root());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * message.size()));
}
BENCHMARK(BM_Commit)
    ->Name("binius/commit_rate_half/b128_sha256/merkleforge")
    ->Apply([](benchmark::internal::Benchmark* b) { sizes_and_threads(b, {20}); })
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
