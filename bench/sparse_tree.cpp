// Sparse Merkle tree (JMT hashing, SHA-256): the reference library's sparse_tree tables, and the
// 1M-key targets of issue 5.
//
// The reference library (Rust, "MerkleForge SMT" in ../shared/research/merkle-peers.md §1.10)
// cannot run here; its published figures were measured on another machine (Intel i7-1185G7 @
// 3.0 GHz, 4C/8T, rustc 1.97.1, Criterion, 2026-08-17): they are shown beside each matching case
// as the counter `published_us`, never as a ratio to a time measured here. Everything else is
// measured in this run, including sparse/sha256/verify/merkleforge/openssl_sha256 (the same proofs
// checked with OpenSSL's SHA256()).
//
// Names: sparse/sha256/<case>/merkleforge[/variant]/<existing keys or batch size>.
#include <benchmark/benchmark.h>
#include <openssl/sha.h>

#include <cstring>
#include <map>
#include <memory>
#include <random>

#include "merkleforge/hash/sha256.hpp"
#include "merkleforge/parallel/parallel.hpp"
#include "merkleforge/sparse/multiproof_codec.hpp"
#include "merkleforge/sparse/proof_codec.hpp"
#include "merkleforge/sparse/sparse_merkle_tree.hpp"

namespace merkleforge {
namespace {

using Tree = SparseMerkleTree<Sha256>;

Digest32 key_of(std::uint64_t seed, std::uint64_t i) {
  std::uint8_t input[16];
  for (int b = 0; b < 8; ++b) {
    input[b] = static_cast<std::uint8_t>(seed >> (8 * b));
    input[8 + b] = static_cast<std::uint8_t>(i >> (8 * b));
  }
  return Sha256::digest(input);
}

Bytes value_of(std::uint64_t i) {  // 32-byte values, as account hashes
  const Digest32 digest = key_of(99, i);
  return Bytes(digest.begin(), digest.end());
}

/// One shared tree of `size` keys (seed 1), built once per size by a single batch.
Tree& tree_of(std::size_t size) {
  static std::map<std::size_t, std::unique_ptr<Tree>> trees;
  auto& tree = trees[size];
  if (!tree) {
    tree = std::make_unique<Tree>();
    std::vector<SparseUpdate> batch;
    batch.reserve(size);
    for (std::size_t i = 0; i < size; ++i) batch.push_back({key_of(1, i), value_of(i)});
    tree->apply_batch(std::move(batch));
  }
  return *tree;
}

/// Published reference-library figures (µs, other machine), by case and existing keys.
double published_us(const std::string& name, std::size_t size) {
  static const std::map<std::string, std::map<std::size_t, double>> table = {
      {"insert", {{10, 189.85}, {100, 2110}, {1000, 20240}, {10000, 181050}}},
      {"prove", {{10, 244.18}, {100, 2250}, {1000, 20320}, {10000, 198840}}},
      {"verify", {{10, 91.43}, {100, 75.74}, {1000, 81.58}, {10000, 63.00}}},
      {"prove_absent", {{10, 268.20}, {100, 2320}, {1000, 20120}, {10000, 203490}}},
      {"verify_absent", {{10, 74.38}, {100, 76.86}, {1000, 71.28}, {10000, 76.41}}},
      {"batch_insert", {{10, 289}, {100, 2080}, {1000, 20330}}},
      {"sequential_insert", {{10, 1530}, {100, 88120}, {1000, 8690000}}},
  };
  const auto row = table.find(name);
  if (row == table.end()) return 0;
  const auto cell = row->second.find(size);
  return cell == row->second.end() ? 0 : cell->second;
}

/// Shows the published figure of the case, if any, beside ours.
void show_published(benchmark::State& state, const std::string& name, std::size_t size) {
  const double published = published_us(name, size);
  if (published > 0) state.counters["published_us"] = published;
}

/// The fresh keys `first` .. `first` + 255 (seed 2) that insert puts next.
std::vector<Digest32> fresh_keys(std::uint64_t first) {
  std::vector<Digest32> keys;
  for (std::uint64_t i = first; i < first + 256; ++i) keys.push_back(key_of(2, i));
  return keys;
}

/// put of a fresh key into a tree of `size` keys; every 256 iterations (untimed) the inserted
/// keys are erased, so the tree stays at its size, and the next 256 keys are derived (the key is
/// the caller's, as in verify and batch1000_into).
void insert(benchmark::State& state) {
  const auto size = static_cast<std::size_t>(state.range(0));
  Tree& tree = tree_of(size);
  const Bytes value = value_of(7);
  std::uint64_t next = 0;
  std::vector<Digest32> keys = fresh_keys(next);
  std::size_t inserted = 0;
  for (auto _ : state) {
    tree.put(keys[inserted++], value);
    if (inserted == keys.size()) {
      state.PauseTiming();
      for (const Digest32& key : keys) tree.erase(key);
      keys = fresh_keys(next += keys.size());
      inserted = 0;
      state.ResumeTiming();
    }
  }
  for (std::size_t i = 0; i < inserted; ++i) tree.erase(keys[i]);
  show_published(state, "insert", size);
}

Digest32 present_key(std::size_t size, std::uint64_t i) {
  return key_of(1, i % size);
}
Digest32 absent_key(std::size_t, std::uint64_t i) {
  return key_of(3, i % 4096);
}

/// Proof of a key out of 4,096 present (or absent) ones, derived before the timing.
template <bool kPresent>
void prove(benchmark::State& state) {
  const auto size = static_cast<std::size_t>(state.range(0));
  const Tree& tree = tree_of(size);
  std::vector<Digest32> keys;
  for (std::uint64_t k = 0; k < 4096; ++k)
    keys.push_back(kPresent ? present_key(size, k) : absent_key(size, k));
  std::uint64_t i = 0;
  std::size_t bytes = 0;
  for (auto _ : state) {
    const Digest32& key = keys[i++ % keys.size()];
    SparseProof proof = tree.prove(key);
    benchmark::DoNotOptimize(proof);
    if (i <= 4096) bytes += encode_sparse_proof(proof, key).size();
  }
  state.counters["proof_bytes"] =
      static_cast<double>(bytes) / static_cast<double>(std::min<std::uint64_t>(i, 4096));
  show_published(state, kPresent ? "prove" : "prove_absent", size);
}

/// A proof to verify: the key, its value's hash (present keys) and the proof.
struct VerifyCase {
  Digest32 key;
  Digest32 value_hash;
  SparseProof proof;
};

template <bool kPresent>
std::vector<VerifyCase> verify_cases(const Tree& tree, std::size_t size) {
  std::vector<VerifyCase> cases;
  for (std::uint64_t i = 0; i < 1024; ++i) {
    const Digest32 key = kPresent ? present_key(size, i) : absent_key(size, i);
    cases.push_back({key, kPresent ? Sha256::digest(*tree.get(key)) : Digest32{}, tree.prove(key)});
  }
  return cases;
}

template <bool kPresent>
void verify(benchmark::State& state) {
  const auto size = static_cast<std::size_t>(state.range(0));
  const Tree& tree = tree_of(size);
  const Digest32 root = tree.root_hash();
  const std::vector<VerifyCase> cases = verify_cases<kPresent>(tree, size);
  std::size_t i = 0;
  for (auto _ : state) {
    const VerifyCase& c = cases[i++ % cases.size()];
    const Status ok = kPresent
                          ? verify_sparse_membership<Sha256>(root, c.key, c.value_hash, c.proof)
                          : verify_sparse_non_membership<Sha256>(root, c.key, c.proof);
    if (!ok) state.SkipWithError("proof does not verify");
  }
  show_published(state, kPresent ? "verify" : "verify_absent", size);
}

/// SHA-256(domain ‖ a ‖ b) with OpenSSL's one-shot SHA256().
Digest32 openssl_node(std::string_view domain, const Digest32& a, const Digest32& b) {
  std::uint8_t message[16 + 64];
  std::memcpy(message, domain.data(), domain.size());
  std::memcpy(message + domain.size(), a.data(), 32);
  std::memcpy(message + domain.size() + 32, b.data(), 32);
  Digest32 out;
  SHA256(message, domain.size() + 64, out.data());
  return out;
}

/// Peer of verify: the same membership proofs checked by recomputing the root with OpenSSL's
/// SHA256() for every node, as a straightforward verifier would (measured in the same run).
void verify_openssl(benchmark::State& state) {
  const auto size = static_cast<std::size_t>(state.range(0));
  const Tree& tree = tree_of(size);
  const Digest32 root = tree.root_hash();
  const std::vector<VerifyCase> cases = verify_cases<true>(tree, size);
  std::size_t i = 0;
  for (auto _ : state) {
    const VerifyCase& c = cases[i++ % cases.size()];
    Digest32 node = openssl_node("JMT::LeafNode", c.key, c.value_hash);
    for (std::size_t depth = c.proof.siblings.size(); depth-- > 0;) {
      const Digest32& sibling = c.proof.siblings[depth];
      node = key_bit(c.key, static_cast<unsigned>(depth))
                 ? openssl_node("JMT::IntrnalNode", sibling, node)
                 : openssl_node("JMT::IntrnalNode", node, sibling);
    }
    if (node != root) state.SkipWithError("proof does not verify");
  }
}

std::vector<SparseUpdate> fresh_batch(std::uint64_t seed, std::size_t count) {
  std::vector<SparseUpdate> batch;
  for (std::size_t i = 0; i < count; ++i) batch.push_back({key_of(seed, i), value_of(i)});
  return batch;
}

/// `count` keys into an empty tree, by apply_batch or by put one at a time.
template <bool kBatched>
void build_from_empty(benchmark::State& state) {
  const auto count = static_cast<std::size_t>(state.range(0));
  const std::vector<SparseUpdate> updates = fresh_batch(4, count);
  for (auto _ : state) {
    Tree tree;
    if constexpr (kBatched) {
      tree.apply_batch(updates);
    } else {
      for (const SparseUpdate& update : updates) tree.put(update.key_hash, *update.value);
    }
    benchmark::DoNotOptimize(tree.root_hash());
  }
  show_published(state, kBatched ? "batch_insert" : "sequential_insert", count);
}

/// A batch of 1,000 fresh keys into the 1M-key tree on `threads` threads (erased untimed).
void batch_into_large(benchmark::State& state) {
  const auto size = static_cast<std::size_t>(state.range(0));
  const auto threads = static_cast<std::size_t>(state.range(1));
  const merkleforge::ThreadLimit limit(threads);
  Tree& tree = tree_of(size);
  std::uint64_t seed = 100;
  for (auto _ : state) {
    state.PauseTiming();  // making the updates is the caller's work, not the tree's
    std::vector<SparseUpdate> batch = fresh_batch(seed++, 1000);
    std::vector<SparseUpdate> erase;
    for (const SparseUpdate& update : batch) erase.push_back({update.key_hash, std::nullopt});
    state.ResumeTiming();
    tree.apply_batch(std::move(batch));
    state.PauseTiming();
    tree.apply_batch(std::move(erase));
    state.ResumeTiming();
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * 1000));
}

/// One multiproof for `count` present keys of the 1M-key tree, and its verification; bytes
/// against the same keys' single proofs.
template <bool kVerify>
void multiproof(benchmark::State& state) {
  const auto size = static_cast<std::size_t>(state.range(0));
  const auto count = static_cast<std::size_t>(state.range(1));
  const Tree& tree = tree_of(size);
  std::vector<Digest32> keys;
  std::vector<SparseClaim> claims;
  std::size_t single_bytes = 0;
  for (std::uint64_t i = 0; i < count; ++i) {
    keys.push_back(present_key(size, i * 7919));
    claims.push_back({keys.back(), Sha256::digest(*tree.get(keys.back()))});
    single_bytes += encode_sparse_proof(tree.prove(keys.back()), keys.back()).size();
  }
  const SparseMultiproof proof = tree.prove_many(keys);
  for (auto _ : state) {
    if constexpr (kVerify) {
      if (!verify_sparse_multiproof<Sha256>(tree.root_hash(), claims, proof))
        state.SkipWithError("multiproof does not verify");
    } else {
      benchmark::DoNotOptimize(tree.prove_many(keys));
    }
  }
  state.counters["proof_bytes"] = static_cast<double>(encode_sparse_multiproof(proof).size());
  state.counters["single_proofs_bytes"] = static_cast<double>(single_bytes);
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * count));
}

void memory_per_key(benchmark::State& state) {
  const auto size = static_cast<std::size_t>(state.range(0));
  const Tree& tree = tree_of(size);
  for (auto _ : state) benchmark::DoNotOptimize(tree.memory_usage());
  const auto usage = tree.memory_usage();
  state.counters["bytes_per_key"] = static_cast<double>(usage.bytes) / static_cast<double>(size);
  state.counters["interior_per_key"] =
      static_cast<double>(usage.internal_nodes) / static_cast<double>(size);
}

void tables(benchmark::internal::Benchmark* bench) {
  for (long size : {10, 100, 1000, 10000, 1000000}) bench->Arg(size);
}

BENCHMARK(insert)->Name("sparse/sha256/insert/merkleforge")->Apply(tables);
BENCHMARK(prove<true>)->Name("sparse/sha256/prove/merkleforge")->Apply(tables);
BENCHMARK(verify<true>)->Name("sparse/sha256/verify/merkleforge")->Apply(tables);
BENCHMARK(verify_openssl)->Name("sparse/sha256/verify/merkleforge/openssl_sha256")->Apply(tables);
BENCHMARK(prove<false>)->Name("sparse/sha256/prove_absent/merkleforge")->Apply(tables);
BENCHMARK(verify<false>)->Name("sparse/sha256/verify_absent/merkleforge")->Apply(tables);
BENCHMARK(build_from_empty<true>)
    ->Name("sparse/sha256/batch_insert/merkleforge")
    ->Arg(10)
    ->Arg(100)
    ->Arg(1000);
BENCHMARK(build_from_empty<false>)
    ->Name("sparse/sha256/sequential_insert/merkleforge")
    ->Arg(10)
    ->Arg(100)
    ->Arg(1000);
BENCHMARK(batch_into_large)
    ->Name("sparse/sha256/batch1000_into/merkleforge")
    ->ArgNames({"", "threads"})
    ->Args({1000000, 1})
    ->Args({1000000, 2})
    ->UseRealTime();
BENCHMARK(multiproof<false>)->Name("sparse/sha256/prove_many/merkleforge")->Args({1000000, 1000});
BENCHMARK(multiproof<true>)->Name("sparse/sha256/verify_many/merkleforge")->Args({1000000, 1000});
BENCHMARK(memory_per_key)->Name("sparse/sha256/memory/merkleforge")->Arg(1000000)->Iterations(1);

}  // namespace
}  // namespace merkleforge
