// Verkle trie against the Merkle Patricia trie on go-ethereum's TriesRandom workload: a fresh
// in-memory trie per iteration, N random accounts (random address, nonce, balance) written, then
// committed to the root.
//
//   verkle_trie/accounts/tries_random/merkleforge-verkle/<N>   EIP-6800 basic-data accounts
//   verkle_trie/accounts/tries_random_mpt/merkleforge/<N>      the same accounts in the MPT (secure
//                                                              state trie, RLP accounts); a case
//                                                              of its own, not paired with the
//                                                              Verkle peer
//   verkle_trie/accounts/tries_random/ethereumjs-verkle/1000   @ethereumjs/verkle 10.0.0 through
//                                                              Node on the same accounts (one run:
//                                                              it takes about 20 s)
//   verkle_trie/proof/prove_one_key/merkleforge/100000         go-verkle's ProofCalculation: the
//   verkle_trie/proof/verify_one_key/merkleforge/100000        witness of one key in a tree of
//                                                              100K random keys, and its check
// Published (go-verkle after optimisation, 16 cores): 20.8 / 67 / 128 ms at 1K / 5K / 10K
// accounts; geth MPT on a similar machine 1.07 / 4.04 / 8.31 ms; ProofCalculation 0.08 s
// (../shared/research/verkle.md §8).
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "merkleforge/core/hex.hpp"
#include "merkleforge/mpt/account.hpp"
#include "merkleforge/verkle/account.hpp"
#include "merkleforge/verkle/pedersen.hpp"
#include "merkleforge/verkle/witness.hpp"
#include "support/node_peer.hpp"
#include "verkle_trie/allocation_counter.hpp"

namespace {

using namespace merkleforge;

struct RandomAccount {
  mpt::Address address;
  std::uint64_t nonce;
  Digest32 balance_be;
};

std::vector<RandomAccount> random_accounts(std::size_t count) {
  std::mt19937_64 rng(count);
  std::vector<RandomAccount> accounts(count);
  for (RandomAccount& account : accounts) {
    for (auto& byte : account.address) byte = static_cast<std::uint8_t>(rng());
    account.nonce = rng() % 1000;
    account.balance_be = {};
    for (int i = 24; i < 32; ++i) account.balance_be[i] = static_cast<std::uint8_t>(rng());
  }
  return accounts;
}

void verkle_tries_random(benchmark::State& state) {
  const auto accounts = random_accounts(static_cast<std::size_t>(state.range(0)));
  verkle::fixed_base_table_bytes();  // tables are built once per process, not per iteration
  const std::size_t allocated_before = allocated_bytes();
  for (auto _ : state) {
    verkle::VerkleTrie trie;
    for (const RandomAccount& account : accounts) {
      (void)verkle::put_account(trie, account.address, account.nonce, account.balance_be, {});
    }
    benchmark::DoNotOptimize(trie.root());
  }
  state.counters["allocated_MB"] = static_cast<double>(allocated_bytes() - allocated_before) / 1e6 /
                                   static_cast<double>(state.iterations());
}

void mpt_tries_random(benchmark::State& state) {
  const auto accounts = random_accounts(static_cast<std::size_t>(state.range(0)));
  for (auto _ : state) {
    mpt::SecureTrie trie;
    for (const RandomAccount& account : accounts) {
      mpt::Account value;
      value.nonce = account.nonce;
      value.balance = account.balance_be;
      (void)trie.put(account.address, mpt::encode_account(value));
    }
    benchmark::DoNotOptimize(trie.root_hash());
  }
}

// The peer takes about 20 s per 1,000 accounts: it runs once per process, and repetitions replay
// that one measurement.
const nlohmann::json& ethereumjs_timing(std::size_t count) {
  static const nlohmann::json reply = [count] {
    nlohmann::json accounts = nlohmann::json::array();
    for (const RandomAccount& account : random_accounts(count)) {
      accounts.push_back({to_hex(account.address), account.nonce, to_hex(account.balance_be)});
    }
    return bench::run_node_peer("ethereumjs_verkle_bench.mjs",
                                {{"accounts", accounts}, {"repetitions", 1}});
  }();
  return reply;
}

void ethereumjs_tries_random(benchmark::State& state) {
  const nlohmann::json& reply = ethereumjs_timing(static_cast<std::size_t>(state.range(0)));
  if (!reply.is_object()) {
    state.SkipWithError("node peer unavailable (run `make peers`; set MERKLEFORGE_PEERS_DIR)");
    return;
  }
  for (auto _ : state) state.SetIterationTime(reply["tries_random_ns"][0].get<double>() * 1e-9);
}

/// The committed tree of 100,000 random keys and values (built once: it takes seconds), and
/// its keys.
struct ProofTree {
  std::vector<verkle::TreeKey> keys;
  verkle::VerkleTrie trie;
};

ProofTree& proof_tree() {
  static ProofTree tree = [] {
    ProofTree out;
    std::mt19937_64 rng(7);
    out.keys.resize(100000);
    for (verkle::TreeKey& key : out.keys) {
      for (auto& byte : key) byte = static_cast<std::uint8_t>(rng());
      Digest32 value;
      for (auto& byte : value) byte = static_cast<std::uint8_t>(rng());
      out.trie.insert(key, value);
    }
    out.trie.root();
    return out;
  }();
  return tree;
}

void prove_one_key(benchmark::State& state) {
  auto& [keys, trie] = proof_tree();
  std::size_t next = 0;
  for (auto _ : state) {
    auto witness = verkle::prove_keys(trie, std::span(&keys[next++ % keys.size()], 1));
    benchmark::DoNotOptimize(witness);
  }
}

void verify_one_key(benchmark::State& state) {
  auto& [keys, trie] = proof_tree();
  const auto witness = verkle::prove_keys(trie, std::span(keys.data(), 1)).value();
  const verkle::Point32 root = trie.root();
  for (auto _ : state) {
    if (!verkle::verify_execution_witness(witness, root)) state.SkipWithError("witness rejected");
  }
}

BENCHMARK(verkle_tries_random)
    ->Name("verkle_trie/accounts/tries_random/merkleforge-verkle")
    ->Arg(1000)
    ->Arg(5000)
    ->Arg(10000)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(mpt_tries_random)
    ->Name("verkle_trie/accounts/tries_random_mpt/merkleforge")
    ->Arg(1000)
    ->Arg(5000)
    ->Arg(10000)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(ethereumjs_tries_random)
    ->Name("verkle_trie/accounts/tries_random/ethereumjs-verkle")
    ->Arg(1000)
    ->Unit(benchmark::kMillisecond)
    ->UseManualTime()
    ->Iterations(1);
BENCHMARK(prove_one_key)
    ->Name("verkle_trie/proof/prove_one_key/merkleforge")
    ->Arg(100000)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(verify_one_key)
    ->Name("verkle_trie/proof/verify_one_key/merkleforge")
    ->Arg(100000)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace
