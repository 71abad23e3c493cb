// Verkle trie against the Merkle Patricia trie on go-ethereum's TriesRandom workload: a fresh
// in-memory trie per iteration, N random accounts (random address, nonce, balance) written, then
// committed to the root.
//
//   verkle_trie/accounts/tries_random/merkleforge-verkle/<N>   EIP-6800 basic-data accounts
//   verkle_trie/accounts/tries_random/merkleforge-mpt/<N>      secure state trie, RLP accounts
// Published (go-verkle after optimisation, 16 cores): 20.8 / 67 / 128 ms at 1K / 5K / 10K
// accounts; geth MPT on a similar machine 1.07 / 4.04 / 8.31 ms (../shared/research/verkle.md §8).
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "merkleforge/mpt/account.hpp"
#include "merkleforge/verkle/account.hpp"
#include "merkleforge/verkle/pedersen.hpp"

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
  for (auto _ : state) {
    verkle::VerkleTrie trie;
    for (const RandomAccount& account : accounts) {
      (void)verkle::put_account(trie, account.address, account.nonce, account.balance_be, {});
    }
    benchmark::DoNotOptimize(trie.root());
  }
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

BENCHMARK(verkle_tries_random)
    ->Name("verkle_trie/accounts/tries_random/merkleforge-verkle")
    ->Arg(1000)
    ->Arg(5000)
    ->Arg(10000)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(mpt_tries_random)
    ->Name("verkle_trie/accounts/tries_random/merkleforge-mpt")
    ->Arg(1000)
    ->Arg(5000)
    ->Arg(10000)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace
