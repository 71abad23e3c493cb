// Binary-tree comparison at 10,000 leaves (the reference project's comparison size).
//
// Measured in this run, on the same leaves (leaf i = i as 8 little-endian bytes, then 0xa5 x 24),
// names comparison/<hash>/<case>/<implementation>/10000:
//   sha256/build/merkleforge                   RFC 6962 tree, leaves hashed, all cores
//   sha256/build_1thread/merkleforge           the same on one core
//   sha256/build_merkletreejs/merkleforge      merkletreejs profile (the peer's work)
//   sha256/build_merkletreejs/merkletreejs     merkletreejs 0.6.0 through Node
//   keccak256/build_openzeppelin/merkleforge   OpenZeppelin profile (bytes32 leaves)
//   keccak256/build_openzeppelin/openzeppelin  @openzeppelin/merkle-tree 1.0.8 through Node
//   .../verify...                              verifying the proof of leaf n/3, the same pairs
// Node figures are CPU time of one operation each, after warm-up (tests/peers/tree_bench.mjs),
// fed in as manual time, one sample per repetition; a peer figure is shown only when the peer's
// root equals ours (an error otherwise). The peers are single-threaded: the builds beside them
// run on one thread too (build_1thread is the RFC 6962 build's one-thread figure).
// Published figures of MerkleForge (Rust), rs-merkle and merkle_light are printed in the context
// block with their machines (../shared/research/merkle-peers.md §1.10, §3): compare ratios only.
#include <benchmark/benchmark.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "merkleforge/binary/merkletreejs.hpp"
#include "merkleforge/binary/openzeppelin.hpp"
#include "merkleforge/binary/tree.hpp"
#include "merkleforge/binary/verify.hpp"
#include "merkleforge/core/hex.hpp"
#include "merkleforge/parallel/parallel.hpp"
#include "support/node_peer.hpp"
#include "support/peer_runs.hpp"

namespace {

using namespace merkleforge;

constexpr std::size_t kLeaves = 10000;

std::vector<Digest32> make_leaves() {
  std::vector<Digest32> leaves(kLeaves);
  for (std::size_t i = 0; i < kLeaves; ++i) {
    leaves[i].fill(0xa5);
    for (int b = 0; b < 8; ++b) leaves[i][b] = static_cast<std::uint8_t>(i >> (8 * b));
  }
  return leaves;
}

const std::vector<Digest32>& leaves() {
  static const std::vector<Digest32> value = make_leaves();
  return value;
}

Bytes concatenated() {
  Bytes out;
  for (const Digest32& leaf : leaves()) out.insert(out.end(), leaf.begin(), leaf.end());
  return out;
}

void build_rfc(benchmark::State& state, int threads) {
  const Bytes data = concatenated();
  const merkleforge::ThreadLimit limit(static_cast<std::size_t>(threads));
  for (auto _ : state) {
    benchmark::DoNotOptimize(BinaryMerkleTree<Sha256>::from_fixed_size_leaves(data, 32)->root());
  }
}

void build_merkletreejs_profile(benchmark::State& state) {
  const merkleforge::ThreadLimit limit(1);
  for (auto _ : state) {
    const auto tree = MerkletreejsTree<Sha256>::from_leaf_hashes(leaves());
    benchmark::DoNotOptimize(tree.root());
  }
}

std::vector<Digest32> openzeppelin_leaves() {
  std::vector<Digest32> out;
  for (const Digest32& leaf : leaves()) out.push_back(openzeppelin::leaf_hash(leaf));
  return out;
}

std::string openzeppelin_root() {
  return to_hex(openzeppelin::StandardMerkleTree::from_leaf_hashes(openzeppelin_leaves())->root());
}

void build_openzeppelin_profile(benchmark::State& state) {
  const merkleforge::ThreadLimit limit(1);
  for (auto _ : state) {
    const auto tree = openzeppelin::StandardMerkleTree::from_leaf_hashes(openzeppelin_leaves());
    benchmark::DoNotOptimize(tree->root());
  }
}

// tests/peers/tree_bench.mjs, run again whenever the repetitions have used its samples.
bench::PeerRuns& peer_runs() {
  static bench::PeerRuns runs([] {
    return bench::run_node_peer("tree_bench.mjs", {{"size", kLeaves}, {"repetitions", 5}});
  });
  return runs;
}

std::string merkletreejs_root() {
  return to_hex(MerkletreejsTree<Sha256>::from_leaf_hashes(leaves()).root());
}

/// One repetition of a peer figure (registered with Iterations(1)): its next sample, once the
/// peer's root is known to equal ours.
void peer(benchmark::State& state, const char* library, const char* what) {
  const nlohmann::json& first = peer_runs().first_reply();
  if (!first.is_object() || !first.contains(library)) {
    state.SkipWithError("node peer unavailable (run `make peers`; set MERKLEFORGE_PEERS_DIR)");
    return;
  }
  const std::string ours =
      std::string(library) == "merkletreejs" ? merkletreejs_root() : openzeppelin_root();
  if (first[library].value("root", "") != ours) {
    state.SkipWithError("the peer's root differs from ours: its time is not a comparison");
    return;
  }
  for (auto _ : state) {
    const auto ns = peer_runs().next_ns(std::string("/") + library + "/" + what);
    if (!ns) {
      state.SkipWithError("node peer gave no timing");
      break;
    }
    state.SetIterationTime(*ns * 1e-9);
  }
}

void verify_rfc(benchmark::State& state) {
  const auto tree = BinaryMerkleTree<Sha256>::from_leaf_hashes(leaves());
  const std::uint64_t index = kLeaves / 3;
  const InclusionProof proof = tree.inclusion_proof(index).value();
  const Digest32 root = tree.root();
  for (auto _ : state) {
    benchmark::DoNotOptimize(
        verify_inclusion<Sha256>(root, kLeaves, index, leaves()[index], proof.path));
  }
}

void verify_openzeppelin_profile(benchmark::State& state) {
  const std::vector<Digest32> hashed = openzeppelin_leaves();
  const auto tree = openzeppelin::StandardMerkleTree::from_leaf_hashes(hashed).value();
  const std::vector<Digest32> proof = tree.proof(kLeaves / 3).value();
  for (auto _ : state) {
    // The peer's verify hashes the leaf too: include it.
    benchmark::DoNotOptimize(
        openzeppelin::verify(tree.root(), openzeppelin::leaf_hash(leaves()[kLeaves / 3]), proof));
  }
}

void add_reference_context() {
  benchmark::AddCustomContext(
      "reference 10K build (published, not measured here)",
      "MerkleForge (Rust) 22.77 ms, rs-merkle 1.5.0 3.69 ms (pre-hashed leaves), merkle_light "
      "0.4.0 2.29 ms — Intel i7-1185G7 4C/8T, rustc 1.97.1, 2026-08-17 (BENCHMARKS.md); "
      "rs-merkle 3.79 ms (+1.25 ms leaf hashing), merkle_light 2.62 ms — 2 vCPU Xeon "
      "(sha_ni, avx2, avx512f) research VM (merkle-peers.md §3)");
  benchmark::AddCustomContext(
      "reference 10K verify (published, not measured here)",
      "MerkleForge (Rust) 1.84 us, rs-merkle 6.39 us, merkle_light 1.78 us (checks the root "
      "inside the proof) — i7-1185G7; rs-merkle 8.8 us, merkle_light 2.2 us — research VM");
  benchmark::AddCustomContext("reference 10K proof size",
                              "MerkleForge (Rust) 469 B, rs-merkle 448 B, merkle_light 512 B; "
                              "ours: bench_binary_tree proof_bytes");
}

const bool registered = [] {
  add_reference_context();
  using benchmark::RegisterBenchmark;
  RegisterBenchmark("comparison/sha256/build/merkleforge/10000",
                    [](benchmark::State& s) { build_rfc(s, 2); })
      ->Unit(benchmark::kMicrosecond)
      ->UseRealTime();
  RegisterBenchmark("comparison/sha256/build_1thread/merkleforge/10000", [](benchmark::State& s) {
    build_rfc(s, 1);
  })->Unit(benchmark::kMicrosecond);
  RegisterBenchmark("comparison/sha256/build_merkletreejs/merkleforge/10000",
                    build_merkletreejs_profile)
      ->Unit(benchmark::kMicrosecond);
  RegisterBenchmark("comparison/sha256/build_merkletreejs/merkletreejs/10000",
                    [](benchmark::State& s) { peer(s, "merkletreejs", "build_ns"); })
      ->UseManualTime()
      ->Iterations(1)
      ->Unit(benchmark::kMicrosecond);
  RegisterBenchmark("comparison/keccak256/build_openzeppelin/merkleforge/10000",
                    build_openzeppelin_profile)
      ->Unit(benchmark::kMicrosecond);
  RegisterBenchmark("comparison/keccak256/build_openzeppelin/openzeppelin/10000",
                    [](benchmark::State& s) { peer(s, "openzeppelin", "build_ns"); })
      ->UseManualTime()
      ->Iterations(1)
      ->Unit(benchmark::kMicrosecond);
  RegisterBenchmark("comparison/sha256/verify/merkleforge/10000", verify_rfc);
  RegisterBenchmark("comparison/sha256/verify/merkletreejs/10000",
                    [](benchmark::State& s) { peer(s, "merkletreejs", "verify_ns"); })
      ->UseManualTime()
      ->Iterations(1);
  RegisterBenchmark("comparison/keccak256/verify_openzeppelin/merkleforge/10000",
                    verify_openzeppelin_profile);
  RegisterBenchmark("comparison/keccak256/verify_openzeppelin/openzeppelin/10000",
                    [](benchmark::State& s) { peer(s, "openzeppelin", "verify_ns"); })
      ->UseManualTime()
      ->Iterations(1);
  return true;
}();

}  // namespace
