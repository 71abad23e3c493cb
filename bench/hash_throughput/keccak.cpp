// Keccak-256 and SHA3-256: MerkleForge against OpenSSL's EVP SHA3-256 (one-shot EVP_Digest),
// measured in the same run. OpenSSL has no Keccak-256; SHA3-256 runs the same permutation on the
// same 136-byte rate, so it is the peer for both. Long-message and batch cases also run once per
// available kernel family ("merkleforge-<isa>").
#include "merkleforge/hash/keccak.hpp"

#include <benchmark/benchmark.h>
#include <openssl/evp.h>

#include <optional>
#include <string>
#include <vector>

namespace merkleforge {
namespace {

constexpr std::size_t kBatchCount = 4096;
constexpr std::size_t kNodeSize = 64;  // two child digests

Bytes pattern(std::size_t size) {
  Bytes bytes(size);
  for (std::size_t i = 0; i < size; ++i) bytes[i] = static_cast<std::uint8_t>(i * 167 + 3);
  return bytes;
}

void openssl_sha3_256(const std::uint8_t* data, std::size_t size, Digest32& digest) {
  EVP_Digest(data, size, digest.data(), nullptr, EVP_sha3_256(), nullptr);
}

/// Switches the Keccak kernel for one benchmark (restored when it ends); false if unavailable.
class KernelChoice {
 public:
  KernelChoice(benchmark::State& state, std::optional<Isa> kernel)
      : saved_(KeccakKernels::active_kernel()) {
    if (kernel && !KeccakKernels::set_kernel(*kernel)) {
      state.SkipWithError("kernel unavailable");
      ok_ = false;
    }
  }
  ~KernelChoice() { (void)KeccakKernels::set_kernel(saved_); }
  KernelChoice(const KernelChoice&) = delete;
  KernelChoice& operator=(const KernelChoice&) = delete;
  bool ok() const { return ok_; }

 private:
  Isa saved_;
  bool ok_ = true;
};

/// One-shot digest of `size` bytes (latency32/64, throughput1MiB).
template <class H>
void digest_merkleforge(benchmark::State& state, std::size_t size, std::optional<Isa> kernel) {
  const KernelChoice choice(state, kernel);
  if (!choice.ok()) return;
  const Bytes data = pattern(size);
  for (auto _ : state) {
    benchmark::DoNotOptimize(data.data());
    Digest32 digest = H::digest(data);
    benchmark::DoNotOptimize(digest);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * size));
}

void digest_openssl(benchmark::State& state, std::size_t size) {
  const Bytes data = pattern(size);
  for (auto _ : state) {
    benchmark::DoNotOptimize(data.data());
    Digest32 digest;
    openssl_sha3_256(data.data(), data.size(), digest);
    benchmark::DoNotOptimize(digest);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * size));
}

void set_batch_counters(benchmark::State& state, std::size_t message_size) {
  const auto messages = static_cast<std::int64_t>(state.iterations() * kBatchCount);
  state.SetItemsProcessed(messages);
  state.SetBytesProcessed(messages * static_cast<std::int64_t>(message_size));
}

/// hash_many over kBatchCount node-sized messages after `prefix`.
void batch_merkleforge(benchmark::State& state, Bytes prefix, std::optional<Isa> kernel) {
  const KernelChoice choice(state, kernel);
  if (!choice.ok()) return;
  const Bytes messages = pattern(kBatchCount * kNodeSize);
  std::vector<Digest32> out(kBatchCount);
  for (auto _ : state) {
    Keccak256::hash_many(prefix, messages.data(), kNodeSize, kBatchCount, out.data());
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  set_batch_counters(state, prefix.size() + kNodeSize);
}

/// The peer hashes the same kBatchCount messages (prefix already joined) one by one.
void batch_openssl(benchmark::State& state, std::size_t prefix_size) {
  const std::size_t size = prefix_size + kNodeSize;
  const Bytes messages = pattern(kBatchCount * size);
  std::vector<Digest32> out(kBatchCount);
  for (auto _ : state) {
    for (std::size_t i = 0; i < kBatchCount; ++i)
      openssl_sha3_256(messages.data() + i * size, size, out[i]);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  set_batch_counters(state, size);
}

void register_keccak_benchmarks() {
  const std::vector<std::pair<std::string, std::size_t>> digest_cases = {
      {"latency32", 32}, {"latency64", 64}, {"throughput1MiB", std::size_t{1} << 20}};
  for (const auto& [name, size] : digest_cases) {
    benchmark::RegisterBenchmark(("hash/keccak256/" + name + "/merkleforge").c_str(),
                                 digest_merkleforge<Keccak256>, size, std::nullopt);
    benchmark::RegisterBenchmark(("hash/sha3-256/" + name + "/merkleforge").c_str(),
                                 digest_merkleforge<Sha3_256>, size, std::nullopt);
    benchmark::RegisterBenchmark(("hash/sha3-256/" + name + "/openssl").c_str(), digest_openssl,
                                 size);
  }
  const Bytes node_prefix = {0x01};
  benchmark::RegisterBenchmark("hash/keccak256/batch64/merkleforge", batch_merkleforge, Bytes{},
                               std::nullopt);
  benchmark::RegisterBenchmark("hash/keccak256/batch64/openssl", batch_openssl, 0);
  benchmark::RegisterBenchmark("hash/keccak256/node65/merkleforge", batch_merkleforge, node_prefix,
                               std::nullopt);
  benchmark::RegisterBenchmark("hash/keccak256/node65/openssl", batch_openssl, 1);
  for (Isa isa : KeccakKernels::available_kernels()) {
    const std::string suffix = "/merkleforge-" + std::string(isa_name(isa));
    benchmark::RegisterBenchmark(("hash/keccak256/throughput1MiB" + suffix).c_str(),
                                 digest_merkleforge<Keccak256>, std::size_t{1} << 20, isa);
    benchmark::RegisterBenchmark(("hash/keccak256/batch64" + suffix).c_str(), batch_merkleforge,
                                 Bytes{}, isa);
  }
}

const bool registered = (register_keccak_benchmarks(), true);

}  // namespace
}  // namespace merkleforge
