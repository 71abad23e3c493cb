// Binary Merkle tree (RFC 6962 shape): construction, proofs, proof size.
//
//   binary/<hash>/build/merkleforge/<n>          bulk build from n 32-byte leaves, all cores
//   binary/<hash>/build_1thread/merkleforge/<n>  the same on one core
//   binary/<hash>/raw_kernel/merkleforge/<n>     the batch kernel alone on the same work: n leaf
//                                                hashes and n-1 node hashes, one call each, one
//                                                core — the floor a tree can approach
//   binary/<hash>/build_vs_raw/merkleforge/<n> one-core build and raw kernel alternately;
//                                                counter tree_over_raw = their time ratio
//   binary/<hash>/prove/merkleforge/<n>          inclusion proof generation (rotating leaves)
//   binary/<hash>/prove_leaf0/merkleforge/<n>    always leaf 0 (the reference project's method)
//   binary/<hash>/prove_path/merkleforge/<n>     the same paths into a reused buffer
//   binary/<hash>/verify/merkleforge/<n>         inclusion proof verification
//   binary/<hash>/verify_hashes/merkleforge/<n>  the node hashes that verification performs,
//                                                alone (ratio verify / verify_hashes = overhead)
// Counters: proof_bytes (binary form, docs/binary-tree.md), hashes.
#include <benchmark/benchmark.h>

#include <chrono>
#include <vector>

#include "merkleforge/binary/proof_encoding.hpp"
#include "merkleforge/binary/tree.hpp"
#include "merkleforge/binary/verify.hpp"
#include "merkleforge/parallel/parallel.hpp"

namespace {

using namespace merkleforge;

// Leaf i: its index little-endian, then a fixed fill (the comparison bench uses the same leaves).
Bytes make_leaves(std::size_t count) {
  Bytes leaves(count * 32, 0xa5);
  for (std::size_t i = 0; i < count; ++i) {
    for (int b = 0; b < 8; ++b) leaves[i * 32 + b] = static_cast<std::uint8_t>(i >> (8 * b));
  }
  return leaves;
}

template <class H>
void build(benchmark::State& state, int threads) {
  const auto count = static_cast<std::size_t>(state.range(0));
  const Bytes leaves = make_leaves(count);
  const merkleforge::ThreadLimit limit(static_cast<std::size_t>(threads));
  for (auto _ : state) {
    auto tree = BinaryMerkleTree<H>::from_fixed_size_leaves(leaves, 32);
    benchmark::DoNotOptimize(tree->root());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * count));
  state.counters["hashes"] = static_cast<double>(2 * count - 1);
}

template <class H>
void build_all_cores(benchmark::State& state) {
  build<H>(state, static_cast<int>(merkleforge::default_threads()));
}

template <class H>
void build_one_core(benchmark::State& state) {
  build<H>(state, 1);
}

// The batch kernel alone on a tree's work: n leaf hashes and n-1 node hashes, one call each, into
// buffers allocated once.
template <class H>
class RawKernelWork {
 public:
  explicit RawKernelWork(const Bytes& leaves)
      : leaves_(leaves),
        count_(leaves.size() / 32),
        leaf_hashes_(count_),
        children_(2 * count_),  // n-1 pairs (contents do not matter)
        parents_(count_) {}

  void run() {
    using Scheme = Rfc6962Hashing<H>;
    Scheme::leaves_many(leaves_.data(), 32, count_, leaf_hashes_.data());
    if (count_ > 1) Scheme::nodes_many(children_.data(), count_ - 1, parents_.data());
    benchmark::DoNotOptimize(parents_.data());
  }

 private:
  const Bytes& leaves_;
  std::size_t count_;
  std::vector<Digest32> leaf_hashes_, children_, parents_;
};

template <class H>
void raw_kernel(benchmark::State& state) {
  const auto count = static_cast<std::size_t>(state.range(0));
  const Bytes leaves = make_leaves(count);
  RawKernelWork<H> work(leaves);
  for (auto _ : state) work.run();
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * count));
  state.counters["hashes"] = static_cast<double>(2 * count - 1);
}

// One-core build and raw kernel alternately in the same loop, so that both see the same machine
// load: counter tree_over_raw is the tree's overhead over raw hashing (target <= 1.15).
template <class H>
void build_vs_raw(benchmark::State& state) {
  using Clock = std::chrono::steady_clock;
  const auto count = static_cast<std::size_t>(state.range(0));
  const Bytes leaves = make_leaves(count);
  const merkleforge::ThreadLimit limit(1);
  RawKernelWork<H> raw(leaves);
  Clock::duration tree_time{}, raw_time{};
  for (auto _ : state) {
    const auto start = Clock::now();
    auto tree = BinaryMerkleTree<H>::from_fixed_size_leaves(leaves, 32);
    benchmark::DoNotOptimize(tree->root());
    const auto built = Clock::now();
    raw.run();
    const auto hashed = Clock::now();
    tree_time += built - start;
    raw_time += hashed - built;
    state.SetIterationTime(std::chrono::duration<double>(hashed - start).count());
  }
  state.counters["tree_over_raw"] =
      std::chrono::duration<double>(tree_time) / std::chrono::duration<double>(raw_time);
}

template <class H>
BinaryMerkleTree<H> tree_of(std::size_t count) {
  return BinaryMerkleTree<H>::from_fixed_size_leaves(make_leaves(count), 32).value();
}

template <class H>
void prove(benchmark::State& state) {
  const auto count = static_cast<std::uint64_t>(state.range(0));
  const auto tree = tree_of<H>(count);
  benchmark::DoNotOptimize(tree.root());  // fills the edge cache, as any served tree has
  std::uint64_t index = 0;
  for (auto _ : state) {
    auto proof = tree.inclusion_proof(index);
    benchmark::DoNotOptimize(proof);
    index = index + 7919 < count ? index + 7919 : (index + 7919) % count;
  }
  state.counters["proof_bytes"] =
      static_cast<double>(encode_proof(tree.inclusion_proof(count / 3).value()).size());
}

// The proof of leaf 0 every time, as the reference project measures it: the path stays in cache.
template <class H>
void prove_leaf0(benchmark::State& state) {
  const auto tree = tree_of<H>(static_cast<std::uint64_t>(state.range(0)));
  benchmark::DoNotOptimize(tree.root());
  for (auto _ : state) {
    auto proof = tree.inclusion_proof(0);
    benchmark::DoNotOptimize(proof);
  }
}

// The same paths written into one reused buffer (inclusion_path): no allocation per proof.
template <class H>
void prove_path(benchmark::State& state) {
  const auto count = static_cast<std::uint64_t>(state.range(0));
  const auto tree = tree_of<H>(count);
  benchmark::DoNotOptimize(tree.root());
  std::vector<Digest32> path;
  std::uint64_t index = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(tree.inclusion_path(index, path));
    benchmark::DoNotOptimize(path.data());
    index = index + 7919 < count ? index + 7919 : (index + 7919) % count;
  }
}

template <class H>
void verify_proof(benchmark::State& state) {
  const auto count = static_cast<std::uint64_t>(state.range(0));
  const auto tree = tree_of<H>(count);
  const std::uint64_t index = count / 3;
  const InclusionProof proof = tree.inclusion_proof(index).value();
  const Digest32 leaf = tree.leaf_hash(index).value();
  const Digest32 root = tree.root();
  for (auto _ : state) {
    benchmark::DoNotOptimize(verify_inclusion<H>(root, count, index, leaf, proof.path));
  }
  state.counters["hashes"] = static_cast<double>(proof.path.size());
}

template <class H>
void verify_hashes(benchmark::State& state) {
  const auto count = static_cast<std::uint64_t>(state.range(0));
  const auto tree = tree_of<H>(count);
  const InclusionProof proof = tree.inclusion_proof(count / 3).value();
  const Digest32 leaf = tree.leaf_hash(count / 3).value();
  for (auto _ : state) {
    Digest32 hash = leaf;
    for (const Digest32& sibling : proof.path) hash = Rfc6962Hashing<H>::node(hash, sibling);
    benchmark::DoNotOptimize(hash);
  }
  state.counters["hashes"] = static_cast<double>(proof.path.size());
}

template <class H>
void register_hash(const char* name) {
  const std::string prefix = std::string("binary/") + name + "/";
  auto sizes = [](benchmark::internal::Benchmark* b) {
    for (long n : {100L, 1000L, 10000L, 65536L, 100000L, 1000000L}) b->Arg(n);
  };
  auto proof_sizes = [](benchmark::internal::Benchmark* b) {
    for (long n : {100L, 1000L, 10000L, 100000L, 1000000L}) b->Arg(n);
  };
  benchmark::RegisterBenchmark((prefix + "build/merkleforge").c_str(), build_all_cores<H>)
      ->Apply(sizes)
      ->Unit(benchmark::kMicrosecond)
      ->UseRealTime();
  benchmark::RegisterBenchmark((prefix + "build_1thread/merkleforge").c_str(), build_one_core<H>)
      ->Apply(sizes)
      ->Unit(benchmark::kMicrosecond)
      ->UseRealTime();
  benchmark::RegisterBenchmark((prefix + "raw_kernel/merkleforge").c_str(), raw_kernel<H>)
      ->Apply(sizes)
      ->Unit(benchmark::kMicrosecond)
      ->UseRealTime();
  benchmark::RegisterBenchmark((prefix + "build_vs_raw/merkleforge").c_str(), build_vs_raw<H>)
      ->Apply(sizes)
      ->Unit(benchmark::kMicrosecond)
      ->UseManualTime();
  benchmark::RegisterBenchmark((prefix + "prove/merkleforge").c_str(), prove<H>)
      ->Apply(proof_sizes);
  benchmark::RegisterBenchmark((prefix + "prove_leaf0/merkleforge").c_str(), prove_leaf0<H>)
      ->Apply(proof_sizes);
  benchmark::RegisterBenchmark((prefix + "prove_path/merkleforge").c_str(), prove_path<H>)
      ->Apply(proof_sizes);
  benchmark::RegisterBenchmark((prefix + "verify/merkleforge").c_str(), verify_proof<H>)
      ->Apply(proof_sizes);
  benchmark::RegisterBenchmark((prefix + "verify_hashes/merkleforge").c_str(), verify_hashes<H>)
      ->Apply(proof_sizes);
}

// 16M leaves takes seconds per iteration and 1 GiB: only with MERKLEFORGE_BENCH_16M=1.
void register_16m() {
  if (std::getenv("MERKLEFORGE_BENCH_16M") == nullptr) return;
  benchmark::RegisterBenchmark("binary/sha256/build/merkleforge", build_all_cores<Sha256>)
      ->Arg(1L << 24)
      ->Unit(benchmark::kMillisecond)
      ->UseRealTime()
      ->Iterations(1);
  benchmark::RegisterBenchmark("binary/blake3/build/merkleforge", build_all_cores<Blake3>)
      ->Arg(1L << 24)
      ->Unit(benchmark::kMillisecond)
      ->UseRealTime()
      ->Iterations(1);
}

const bool registered = [] {
  register_hash<Sha256>("sha256");
  register_hash<Blake3>("blake3");
  register_16m();
  return true;
}();

}  // namespace
