// keccak256_each on the Patricia trie's message mix: one-block leaves of 70-109 bytes, full
// branches of 532 bytes (4 blocks) and small branches of 100-300 bytes (1-3 blocks), in the
// proportions of a 100K-account trie, ordered by block count as the trie's batch hasher orders a
// level. The peer (OpenSSL SHA3-256, the same permutation on the same rate) digests the same
// messages one by one in the same run; items are messages.
#include <openssl/evp.h>

#include <algorithm>
#include <random>
#include <vector>

#include "harness.hpp"
#include "merkleforge/hash/keccak.hpp"

namespace merkleforge::hash_bench {
namespace {

/// The mix at a tenth of the 100K-account trie's size (10K leaves, 440 full and 600 small
/// branches): messages stored back to back, the longest first.
struct MptMix {
  Bytes bytes;
  std::vector<ByteSpan> messages;
};

MptMix mpt_mix() {
  std::mt19937_64 rng(4);
  std::vector<std::size_t> sizes;
  for (int i = 0; i < 10000; ++i) sizes.push_back(70 + rng() % 40);
  for (int i = 0; i < 440; ++i) sizes.push_back(532);
  for (int i = 0; i < 600; ++i) sizes.push_back(100 + rng() % 201);
  std::stable_sort(sizes.begin(), sizes.end(),
                   [](std::size_t a, std::size_t b) { return a / 136 > b / 136; });
  MptMix mix;
  std::size_t total = 0;
  for (const std::size_t size : sizes) total += size;
  mix.bytes = pattern(total);
  std::size_t offset = 0;
  for (const std::size_t size : sizes) {
    mix.messages.emplace_back(mix.bytes.data() + offset, size);
    offset += size;
  }
  return mix;
}

void each_merkleforge(benchmark::State& state) {
  const MptMix mix = mpt_mix();
  std::vector<Digest32> out(mix.messages.size());
  for (auto _ : state) {
    keccak256_each(mix.messages, out.data());
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * mix.messages.size()));
}

void each_openssl(benchmark::State& state) {
  const MptMix mix = mpt_mix();
  std::vector<Digest32> out(mix.messages.size());
  for (auto _ : state) {
    for (std::size_t i = 0; i < mix.messages.size(); ++i) {
      EVP_Digest(mix.messages[i].data(), mix.messages[i].size(), out[i].data(), nullptr,
                 EVP_sha3_256(), nullptr);
    }
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * mix.messages.size()));
}

const bool registered = [] {
  benchmark::RegisterBenchmark("hash/keccak256_each/mpt_mix/merkleforge", each_merkleforge);
  benchmark::RegisterBenchmark("hash/keccak256_each/mpt_mix/openssl-sha3", each_openssl);
  return true;
}();

}  // namespace
}  // namespace merkleforge::hash_bench
