// BLAKE3: MerkleForge's batch hashing against one digest at a time on the same messages, and the
// one-shot cases. The official BLAKE3 (b3sum) is compared outside this executable on a large file
// (see the report of the hash-layer issue). Long-message and batch cases also run once per
// available kernel ("merkleforge-<isa>").
#include "merkleforge/hash/blake3.hpp"

#include <benchmark/benchmark.h>

#include <optional>
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

/// Switches the BLAKE3 kernel for one benchmark (restored when it ends).
class KernelChoice {
 public:
  KernelChoice(benchmark::State& state, std::optional<Isa> kernel)
      : saved_(Blake3::active_kernel()) {
    if (kernel && !Blake3::set_kernel(*kernel)) {
      state.SkipWithError("kernel unavailable");
      ok_ = false;
    }
  }
  ~KernelChoice() { (void)Blake3::set_kernel(saved_); }
  KernelChoice(const KernelChoice&) = delete;
  KernelChoice& operator=(const KernelChoice&) = delete;
  bool ok() const { return ok_; }

 private:
  Isa saved_;
  bool ok_ = true;
};

void digest_merkleforge(benchmark::State& state, std::size_t size, std::optional<Isa> kernel) {
  const KernelChoice choice(state, kernel);
  if (!choice.ok()) return;
  const Bytes data = pattern(size);
  for (auto _ : state) {
    benchmark::DoNotOptimize(data.data());
    Digest32 digest = Blake3::digest(data);
    benchmark::DoNotOptimize(digest);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * size));
}

/// kBatchCount digests of prefix ‖ message through hash_many.
void batch_merkleforge(benchmark::State& state, ByteSpan prefix, std::optional<Isa> kernel) {
  const KernelChoice choice(state, kernel);
  if (!choice.ok()) return;
  const Bytes messages = pattern(kBatchCount * kNodeSize);
  std::vector<Digest32> out(kBatchCount);
  for (auto _ : state) {
    Blake3::hash_many(prefix, messages.data(), kNodeSize, kBatchCount, out.data());
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kBatchCount));
  state.SetBytesProcessed(
      static_cast<std::int64_t>(state.iterations() * kBatchCount * (prefix.size() + kNodeSize)));
}

/// The same kBatchCount 64-byte messages, one Blake3::digest each.
void batch_oneshot(benchmark::State& state) {
  const Bytes messages = pattern(kBatchCount * kNodeSize);
  std::vector<Digest32> out(kBatchCount);
  for (auto _ : state) {
    for (std::size_t i = 0; i < kBatchCount; ++i) {
      out[i] = Blake3::digest(ByteSpan(messages).subspan(i * kNodeSize, kNodeSize));
    }
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kBatchCount));
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * kBatchCount * kNodeSize));
}

constexpr std::uint8_t kNodePrefix[] = {0x01};

void register_all() {
  benchmark::RegisterBenchmark("hash/blake3/latency32/merkleforge", digest_merkleforge, 32,
                               std::nullopt);
  benchmark::RegisterBenchmark("hash/blake3/latency64/merkleforge", digest_merkleforge, 64,
                               std::nullopt);
  benchmark::RegisterBenchmark("hash/blake3/throughput1MiB/merkleforge", digest_merkleforge,
                               std::size_t{1} << 20, std::nullopt);
  benchmark::RegisterBenchmark("hash/blake3/batch64/merkleforge", batch_merkleforge, ByteSpan{},
                               std::nullopt);
  benchmark::RegisterBenchmark("hash/blake3/batch64/oneshot", batch_oneshot);
  benchmark::RegisterBenchmark("hash/blake3/node65/merkleforge", batch_merkleforge,
                               ByteSpan(kNodePrefix), std::nullopt);
  for (Isa isa : Blake3::available_kernels()) {
    const std::string suffix = "/merkleforge-" + std::string(isa_name(isa));
    benchmark::RegisterBenchmark(("hash/blake3/throughput1MiB" + suffix).c_str(),
                                 digest_merkleforge, std::size_t{1} << 20, isa);
    benchmark::RegisterBenchmark(("hash/blake3/batch64" + suffix).c_str(), batch_merkleforge,
                                 ByteSpan{}, isa);
  }
}

const bool kRegistered = (register_all(), true);

}  // namespace
}  // namespace merkleforge
