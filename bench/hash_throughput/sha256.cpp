// SHA-256: MerkleForge against OpenSSL (one-shot SHA256() / EVP_Digest), measured in the same run.
// Batch cases also run once per available kernel family ("merkleforge-<isa>").
#include "merkleforge/hash/sha256.hpp"

#include <benchmark/benchmark.h>
#include <openssl/evp.h>
#include <openssl/sha.h>

#include <string>

namespace merkleforge {
namespace {

constexpr std::size_t kBatchCount = 4096;
constexpr std::size_t kNodeSize = 64;  // two child digests

Bytes pattern(std::size_t size) {
  Bytes bytes(size);
  for (std::size_t i = 0; i < size; ++i) bytes[i] = static_cast<std::uint8_t>(i * 131 + 7);
  return bytes;
}

void latency_merkleforge(benchmark::State& state, std::size_t size) {
  const Bytes data = pattern(size);
  for (auto _ : state) {
    benchmark::DoNotOptimize(data.data());
    Digest32 digest = Sha256::digest(data);
    benchmark::DoNotOptimize(digest);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * size));
}

void latency_openssl(benchmark::State& state, std::size_t size) {
  const Bytes data = pattern(size);
  for (auto _ : state) {
    benchmark::DoNotOptimize(data.data());
    Digest32 digest;
    SHA256(data.data(), data.size(), digest.data());
    benchmark::DoNotOptimize(digest);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * size));
}

void throughput_merkleforge(benchmark::State& state) {
  const Bytes data = pattern(1 << 20);
  for (auto _ : state) {
    Digest32 digest = Sha256::digest(data);
    benchmark::DoNotOptimize(digest);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * data.size()));
}

void throughput_openssl(benchmark::State& state) {
  const Bytes data = pattern(1 << 20);
  for (auto _ : state) {
    Digest32 digest;
    EVP_Digest(data.data(), data.size(), digest.data(), nullptr, EVP_sha256(), nullptr);
    benchmark::DoNotOptimize(digest);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * data.size()));
}

void set_batch_counters(benchmark::State& state, std::size_t message_size) {
  const auto messages = static_cast<std::int64_t>(state.iterations() * kBatchCount);
  state.SetItemsProcessed(messages);
  state.SetBytesProcessed(messages * static_cast<std::int64_t>(message_size));
}

/// hash_many over kBatchCount node-sized messages, with `prefix`; `kernel` forces a family.
void batch_merkleforge(benchmark::State& state, Bytes prefix, std::optional<Isa> kernel) {
  const Isa original = Sha256::active_kernel();
  if (kernel && !Sha256::set_kernel(*kernel)) {
    state.SkipWithError("kernel unavailable");
    return;
  }
  const Bytes messages = pattern(kBatchCount * kNodeSize);
  std::vector<Digest32> out(kBatchCount);
  for (auto _ : state) {
    Sha256::hash_many(prefix, messages.data(), kNodeSize, kBatchCount, out.data());
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  (void)Sha256::set_kernel(original);
  set_batch_counters(state, prefix.size() + kNodeSize);
}

/// The peer hashes the same kBatchCount messages (prefix already joined) one by one.
void batch_openssl(benchmark::State& state, std::size_t prefix_size) {
  const std::size_t size = prefix_size + kNodeSize;
  const Bytes messages = pattern(kBatchCount * size);
  std::vector<Digest32> out(kBatchCount);
  for (auto _ : state) {
    for (std::size_t i = 0; i < kBatchCount; ++i)
      SHA256(messages.data() + i * size, size, out[i].data());
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  set_batch_counters(state, size);
}

/// A stronger peer than the one-shot SHA256() (which looks the algorithm up on every call in
/// OpenSSL 3): one EVP_MD fetched once and one context reused for all messages.
void batch_openssl_reused_context(benchmark::State& state, std::size_t prefix_size) {
  const std::size_t size = prefix_size + kNodeSize;
  const Bytes messages = pattern(kBatchCount * size);
  std::vector<Digest32> out(kBatchCount);
  EVP_MD* md = EVP_MD_fetch(nullptr, "SHA256", nullptr);
  EVP_MD_CTX* ctx = EVP_MD_CTX_new();
  for (auto _ : state) {
    for (std::size_t i = 0; i < kBatchCount; ++i) {
      EVP_DigestInit_ex(ctx, md, nullptr);
      EVP_DigestUpdate(ctx, messages.data() + i * size, size);
      EVP_DigestFinal_ex(ctx, out[i].data(), nullptr);
    }
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  EVP_MD_CTX_free(ctx);
  EVP_MD_free(md);
  set_batch_counters(state, size);
}

void register_sha256_benchmarks() {
  for (std::size_t size : {32, 64}) {
    const std::string name = "hash/sha256/latency" + std::to_string(size);
    benchmark::RegisterBenchmark((name + "/merkleforge").c_str(), latency_merkleforge, size);
    benchmark::RegisterBenchmark((name + "/openssl").c_str(), latency_openssl, size);
  }
  benchmark::RegisterBenchmark("hash/sha256/throughput1MiB/merkleforge", throughput_merkleforge);
  benchmark::RegisterBenchmark("hash/sha256/throughput1MiB/openssl", throughput_openssl);

  const Bytes node_prefix = {0x01};
  benchmark::RegisterBenchmark("hash/sha256/batch64/merkleforge", batch_merkleforge, Bytes{},
                               std::nullopt);
  benchmark::RegisterBenchmark("hash/sha256/batch64/openssl", batch_openssl, 0);
  benchmark::RegisterBenchmark("hash/sha256/node65/merkleforge", batch_merkleforge, node_prefix,
                               std::nullopt);
  benchmark::RegisterBenchmark("hash/sha256/node65/openssl", batch_openssl, 1);
  benchmark::RegisterBenchmark("hash/sha256/batch64/openssl-evp-reused",
                               batch_openssl_reused_context, 0);
  benchmark::RegisterBenchmark("hash/sha256/node65/openssl-evp-reused",
                               batch_openssl_reused_context, 1);
  for (Isa isa : Sha256::available_kernels()) {
    const std::string suffix = "/merkleforge-" + std::string(isa_name(isa));
    benchmark::RegisterBenchmark(("hash/sha256/batch64" + suffix).c_str(), batch_merkleforge,
                                 Bytes{}, isa);
    benchmark::RegisterBenchmark(("hash/sha256/node65" + suffix).c_str(), batch_merkleforge,
                                 node_prefix, isa);
  }
}

const bool registered = (register_sha256_benchmarks(), true);

}  // namespace
}  // namespace merkleforge
