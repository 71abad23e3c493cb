// Shared measurement loops of the hash_throughput suite: every hash is timed the same way, and a
// peer (OpenSSL, or one digest at a time) runs the same loop on the same bytes in the same run.
#pragma once

#include <benchmark/benchmark.h>

#include <optional>
#include <string>
#include <vector>

#include "merkleforge/hash/hasher.hpp"

namespace merkleforge::hash_bench {

inline constexpr std::size_t kBatchCount = 4096;
inline constexpr std::size_t kNodeSize = 64;  // two child digests
inline constexpr std::size_t kLongMessage = std::size_t{1} << 20;

/// Deterministic, non-trivial input bytes (identical for us and the peer).
inline Bytes pattern(std::size_t size) {
  Bytes bytes(size);
  for (std::size_t i = 0; i < size; ++i) bytes[i] = static_cast<std::uint8_t>(i * 131 + 7);
  return bytes;
}

/// Switches H's kernel for one benchmark and restores it after; skips the benchmark if the
/// kernel cannot run here.
template <Hasher H>
class KernelChoice {
 public:
  KernelChoice(benchmark::State& state, std::optional<Isa> kernel) : saved_(H::active_kernel()) {
    if (kernel && !H::set_kernel(*kernel).ok()) {
      state.SkipWithError("kernel unavailable");
      ok_ = false;
    }
  }
  ~KernelChoice() { (void)H::set_kernel(saved_); }
  KernelChoice(const KernelChoice&) = delete;
  KernelChoice& operator=(const KernelChoice&) = delete;
  bool ok() const { return ok_; }

 private:
  Isa saved_;
  bool ok_ = true;
};

/// A peer's one-shot digest: fn(data, size, out).
using PeerDigest = void (*)(const std::uint8_t* data, std::size_t size, Digest32& out);

/// One-shot digest of `size` bytes by H (latency32/64, throughput1MiB).
template <Hasher H>
void digest_merkleforge(benchmark::State& state, std::size_t size, std::optional<Isa> kernel) {
  const KernelChoice<H> choice(state, kernel);
  if (!choice.ok()) return;
  const Bytes data = pattern(size);
  for (auto _ : state) {
    benchmark::DoNotOptimize(data.data());
    Digest32 digest = H::digest(data);
    benchmark::DoNotOptimize(digest);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * size));
}

/// The same loop for a peer.
inline void digest_peer(benchmark::State& state, std::size_t size, PeerDigest peer) {
  const Bytes data = pattern(size);
  for (auto _ : state) {
    benchmark::DoNotOptimize(data.data());
    Digest32 digest;
    peer(data.data(), data.size(), digest);
    benchmark::DoNotOptimize(digest);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * size));
}

inline void set_batch_counters(benchmark::State& state, std::size_t message_size) {
  const auto messages = static_cast<std::int64_t>(state.iterations() * kBatchCount);
  state.SetItemsProcessed(messages);
  state.SetBytesProcessed(messages * static_cast<std::int64_t>(message_size));
}

/// kBatchCount digests of prefix ‖ 64-byte message through H::hash_many (batch64, node65).
template <Hasher H>
void batch_merkleforge(benchmark::State& state, Bytes prefix, std::optional<Isa> kernel) {
  const KernelChoice<H> choice(state, kernel);
  if (!choice.ok()) return;
  const Bytes messages = pattern(kBatchCount * kNodeSize);
  std::vector<Digest32> out(kBatchCount);
  for (auto _ : state) {
    H::hash_many(prefix, messages.data(), kNodeSize, kBatchCount, out.data());
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  set_batch_counters(state, prefix.size() + kNodeSize);
}

/// The peer digests the same kBatchCount messages (prefix already joined) one by one.
inline void batch_peer(benchmark::State& state, std::size_t prefix_size, PeerDigest peer) {
  const std::size_t size = prefix_size + kNodeSize;
  const Bytes messages = pattern(kBatchCount * size);
  std::vector<Digest32> out(kBatchCount);
  for (auto _ : state) {
    for (std::size_t i = 0; i < kBatchCount; ++i) peer(messages.data() + i * size, size, out[i]);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  set_batch_counters(state, size);
}

/// Registers hash/<name>/{latency32,latency64,throughput1MiB,batch64,node65}/merkleforge and,
/// per available kernel, throughput1MiB and batch64 as "merkleforge-<isa>".
template <Hasher H>
void register_merkleforge(const std::string& name) {
  const std::string base = "hash/" + name + "/";
  benchmark::RegisterBenchmark((base + "latency32/merkleforge").c_str(), digest_merkleforge<H>, 32,
                               std::nullopt);
  benchmark::RegisterBenchmark((base + "latency64/merkleforge").c_str(), digest_merkleforge<H>, 64,
                               std::nullopt);
  benchmark::RegisterBenchmark((base + "throughput1MiB/merkleforge").c_str(), digest_merkleforge<H>,
                               kLongMessage, std::nullopt);
  benchmark::RegisterBenchmark((base + "batch64/merkleforge").c_str(), batch_merkleforge<H>,
                               Bytes{}, std::nullopt);
  benchmark::RegisterBenchmark((base + "node65/merkleforge").c_str(), batch_merkleforge<H>,
                               Bytes{0x01}, std::nullopt);
  for (Isa isa : H::available_kernels()) {
    const std::string suffix = "/merkleforge-" + std::string(isa_name(isa));
    benchmark::RegisterBenchmark((base + "throughput1MiB" + suffix).c_str(), digest_merkleforge<H>,
                                 kLongMessage, isa);
    benchmark::RegisterBenchmark((base + "batch64" + suffix).c_str(), batch_merkleforge<H>, Bytes{},
                                 isa);
  }
}

/// Registers a peer's hash/<name>/{latency32,latency64,throughput1MiB,batch64,node65}/<peer_name>.
inline void register_peer(const std::string& name, const std::string& peer_name, PeerDigest peer) {
  const std::string base = "hash/" + name + "/";
  benchmark::RegisterBenchmark((base + "latency32/" + peer_name).c_str(), digest_peer, 32, peer);
  benchmark::RegisterBenchmark((base + "latency64/" + peer_name).c_str(), digest_peer, 64, peer);
  benchmark::RegisterBenchmark((base + "throughput1MiB/" + peer_name).c_str(), digest_peer,
                               kLongMessage, peer);
  benchmark::RegisterBenchmark((base + "batch64/" + peer_name).c_str(), batch_peer, 0, peer);
  benchmark::RegisterBenchmark((base + "node65/" + peer_name).c_str(), batch_peer, 1, peer);
}

}  // namespace merkleforge::hash_bench
