// Verkle trie against the Merkle Patricia trie on go-ethereum's TriesRandom workload: a fresh
// in-memory trie per iteration, N random accounts (random address, nonce, balance) written, then
// committed to the root.
//
//   verkle_trie/accounts/tries_random/merkleforge-verkle/<N>   EIP-6800 basic-data accounts
//                                                              (counters alloc_bytes_per_op and
//                                                              allocs_per_op: operator new per
//                                                              run, beside go-verkle's alloc/op)
//   verkle_trie/accounts/tries_random_batch/merkleforge-verkle/<N>
//                                                              the same accounts through one
//                                                              put_accounts call (batched keys)
//   verkle_trie/profile/{tree_keys_one_by_one,tree_keys_batch,inserts_and_commit}/merkleforge/10000
//                                                              the parts of TriesRandom: its keys,
//                                                              and the trie with keys precomputed
//   verkle_trie/accounts/tries_random/merkleforge-mpt/<N>      the same accounts in the MPT (secure
//                                                              state trie, RLP accounts)
//   verkle_trie/accounts/tries_random/merkleforge-bintrie/<N>  the same accounts in the binary
//                                                              tree (EIP-7864 as geth, SHA-256):
//                                                              basic data and code hash per
//                                                              account, one insert each
//   verkle_trie/accounts/tries_random_batch/merkleforge-bintrie/<N>
//                                                              the same entries through one
//                                                              insert_batch
//   verkle_trie/bintrie/insert_and_root/merkleforge/{one_by_one,batch}/1000000
//                                                              1M random keys and values, then
//                                                              the root
//   verkle_trie/bintrie/{prove_one_key,verify_one_key}/merkleforge/1000000
//                                                              one key's proof in that tree
//   verkle_trie/bintrie/{prove_keys,verify_keys}/merkleforge/1000
//                                                              a multiproof of 1,000 random keys
//                                                              of it (counter proof_bytes)
//   verkle_trie/proof_size/account_basic_data/merkleforge-{mpt,verkle,bintrie}/10000
//                                                              bytes to prove one account's basic
//                                                              data among 10K TriesRandom accounts
//                                                              (mean over 20 accounts): MPT proof
//                                                              nodes, Verkle witness (SSZ), binary
//                                                              multiproof
//   verkle_trie/accounts/tries_random/ethereumjs-verkle/1000   @ethereumjs/verkle 10.0.0 through
//                                                              Node on the same accounts: an error
//                                                              (its root is wrong there, below)
//   verkle_trie/accounts/distinct_prefix/{merkleforge-verkle[/threads:1],ethereumjs-verkle}/1000
//                                                              TriesRandom on 1,000 accounts whose
//                                                              stems differ in their first two
//                                                              bytes, where the peer is right
//   verkle_trie/proof/prove_one_key/merkleforge/100000         go-verkle's ProofCalculation: the
//   verkle_trie/proof/verify_one_key/merkleforge/100000        witness of one key in a tree of
//                                                              100K random keys, and its check
// Published (go-verkle after optimisation, 16 cores; tools/report/reference_figures.json): 20.8 /
// 67 / 128 ms, 3.57 / 13.0 / 26.3 MB and 35.5k / 144k / 285k allocations per run at 1K / 5K / 10K
// accounts; ProofCalculation 0.08 s; geth MPT on a similar machine 1.07 / 4.04 / 8.31 ms
// (../shared/research/verkle.md §8).
#include <benchmark/benchmark.h>
#include <oneapi/tbb/info.h>

#include <ctime>
#include <random>
#include <stdexcept>
#include <vector>

#include "merkleforge/bintrie/account.hpp"
#include "merkleforge/bintrie/proof.hpp"
#include "merkleforge/core/hex.hpp"
#include "merkleforge/hash/keccak.hpp"
#include "merkleforge/mpt/account.hpp"
#include "merkleforge/parallel/parallel.hpp"
#include "merkleforge/verkle/account.hpp"
#include "merkleforge/verkle/pedersen.hpp"
#include "merkleforge/verkle/tree_key_batch.hpp"
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

RandomAccount random_account(std::mt19937_64& rng) {
  RandomAccount account;
  for (auto& byte : account.address) byte = static_cast<std::uint8_t>(rng());
  account.nonce = rng() % 1000;
  account.balance_be = {};
  for (int i = 24; i < 32; ++i) account.balance_be[i] = static_cast<std::uint8_t>(rng());
  return account;
}

std::vector<RandomAccount> random_accounts(std::size_t count) {
  std::mt19937_64 rng(count);
  std::vector<RandomAccount> accounts;
  for (std::size_t i = 0; i < count; ++i) accounts.push_back(random_account(rng));
  return accounts;
}

constexpr std::size_t kTwoBytePrefixes = 65536;

/// `count` (at most 65,536) random accounts whose basic-data stems all differ in their first two
/// bytes: no internal node below depth 1, so no insert needs more than one new internal node, and
/// @ethereumjs/verkle 10.0.0 builds these trees right.
std::vector<RandomAccount> distinct_prefix_accounts(std::size_t count) {
  if (count > kTwoBytePrefixes) throw std::out_of_range("more accounts than two-byte prefixes");
  std::mt19937_64 rng(count);
  std::vector<bool> prefix_taken(kTwoBytePrefixes);
  std::vector<RandomAccount> accounts;
  while (accounts.size() < count) {
    const RandomAccount account = random_account(rng);
    const verkle::TreeKey key = verkle::basic_data_key(verkle::to_address32(account.address));
    const std::size_t prefix = std::size_t{key[0]} << 8 | key[1];
    if (prefix_taken[prefix]) continue;
    prefix_taken[prefix] = true;
    accounts.push_back(account);
  }
  return accounts;
}

std::vector<verkle::AccountWrite> account_writes(const std::vector<RandomAccount>& accounts) {
  std::vector<verkle::AccountWrite> writes;
  for (const RandomAccount& account : accounts) {
    writes.push_back({account.address, account.nonce, account.balance_be, {}});
  }
  return writes;
}

/// CPU time of the whole process (all threads), in seconds. On a shared machine wall time mostly
/// measures waiting for a core; CPU time measures the work (plus TBB's brief spinning).
double process_cpu_seconds() {
  timespec now{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

/// Sets the cpu_ms counter: process CPU time per iteration since `cpu_before`.
void report_cpu_time(benchmark::State& state, double cpu_before) {
  state.counters["cpu_ms"] =
      (process_cpu_seconds() - cpu_before) * 1e3 / static_cast<double>(state.iterations());
}

/// Times `fill` of a fresh trie with `accounts` plus the commit to the root and the trie's
/// destruction: one operation, as one iteration of go-ethereum's TriesRandom. Sets the counters
/// alloc_bytes_per_op and allocs_per_op: what operator new handed out per operation
/// (allocation_counter.hpp says what that counts and how it differs from Go's alloc/op).
template <class Fill>
void time_account_writes(benchmark::State& state, const std::vector<RandomAccount>& accounts,
                         Fill&& fill) {
  const auto writes = account_writes(accounts);
  // Tables (of commitments and of tree keys) are built once per process, not per iteration.
  verkle::fixed_base_table_bytes();
  benchmark::DoNotOptimize(verkle::tree_key_table_bytes());
  const AllocationTotals allocated_before = allocation_totals();
  const double cpu_before = process_cpu_seconds();
  for (auto _ : state) {
    verkle::VerkleTrie trie;
    fill(trie, writes);
    benchmark::DoNotOptimize(trie.root());
  }
  // Read before the counters are set: their map allocates too.
  const AllocationTotals allocated_after = allocation_totals();
  report_cpu_time(state, cpu_before);
  const auto iterations = static_cast<double>(state.iterations());
  state.counters["alloc_bytes_per_op"] =
      static_cast<double>(allocated_after.bytes - allocated_before.bytes) / iterations;
  state.counters["allocs_per_op"] =
      static_cast<double>(allocated_after.calls - allocated_before.calls) / iterations;
}

void put_accounts_one_by_one(verkle::VerkleTrie& trie,
                             const std::vector<verkle::AccountWrite>& writes) {
  for (const verkle::AccountWrite& w : writes) {
    (void)verkle::put_account(trie, w.address, w.nonce, w.balance_be, w.code);
  }
}

void verkle_tries_random(benchmark::State& state) {
  time_account_writes(state, random_accounts(static_cast<std::size_t>(state.range(0))),
                      put_accounts_one_by_one);
}

void verkle_tries_random_batch(benchmark::State& state) {
  time_account_writes(state, random_accounts(static_cast<std::size_t>(state.range(0))),
                      [](verkle::VerkleTrie& trie, const auto& writes) {
                        (void)verkle::put_accounts(trie, writes);
                      });
}

/// The accounts written one by one, as the peer does, on at most `threads` threads (0: all).
void verkle_distinct_prefix(benchmark::State& state, int threads) {
  const merkleforge::ThreadLimit limit(
      static_cast<std::size_t>(threads > 0 ? threads : merkleforge::default_threads()));
  time_account_writes(state, distinct_prefix_accounts(static_cast<std::size_t>(state.range(0))),
                      put_accounts_one_by_one);
}

// Where the time of TriesRandom goes: the tree keys alone (one by one, and as one batch), and the
// trie alone (inserts of precomputed keys, then the commit).
std::vector<verkle::Address32> random_addresses32(std::size_t count) {
  std::vector<verkle::Address32> addresses;
  for (const RandomAccount& account : random_accounts(count)) {
    addresses.push_back(verkle::to_address32(account.address));
  }
  return addresses;
}

void tree_keys_one_by_one(benchmark::State& state) {
  const auto addresses = random_addresses32(static_cast<std::size_t>(state.range(0)));
  benchmark::DoNotOptimize(verkle::tree_key_table_bytes());  // builds the tables
  for (auto _ : state) {
    for (const auto& address : addresses) benchmark::DoNotOptimize(verkle::basic_data_key(address));
  }
}

void tree_keys_batch(benchmark::State& state) {
  const auto addresses = random_addresses32(static_cast<std::size_t>(state.range(0)));
  benchmark::DoNotOptimize(verkle::tree_key_table_bytes());  // builds the tables
  const double cpu_before = process_cpu_seconds();
  for (auto _ : state) benchmark::DoNotOptimize(verkle::basic_data_keys(addresses));
  report_cpu_time(state, cpu_before);
}

void trie_inserts_and_commit(benchmark::State& state) {
  const auto writes = account_writes(random_accounts(static_cast<std::size_t>(state.range(0))));
  std::vector<verkle::Address32> addresses;
  for (const auto& w : writes) addresses.push_back(verkle::to_address32(w.address));
  const auto keys = verkle::basic_data_keys(addresses);
  const Digest32 empty_code_hash = Keccak256::digest(ByteSpan{});
  const double cpu_before = process_cpu_seconds();
  for (auto _ : state) {
    verkle::VerkleTrie trie;
    for (std::size_t i = 0; i < keys.size(); ++i) {
      verkle::TreeKey key = keys[i];
      trie.insert(key, verkle::basic_data(writes[i].nonce, writes[i].balance_be, 0).value());
      key[31] = verkle::kCodeHashLeafKey;
      trie.insert(key, empty_code_hash);
    }
    benchmark::DoNotOptimize(trie.root());
  }
  report_cpu_time(state, cpu_before);
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

void bintrie_tries_random(benchmark::State& state) {
  const auto accounts = random_accounts(static_cast<std::size_t>(state.range(0)));
  const Digest32 empty_code_hash = Keccak256::digest(ByteSpan{});
  const double cpu_before = process_cpu_seconds();
  for (auto _ : state) {
    bintrie::BinaryTrie<> trie;
    for (const RandomAccount& account : accounts) {
      bintrie::TreeKey key = bintrie::basic_data_key(account.address);
      trie.insert(key, bintrie::basic_data_leaf(account.nonce, account.balance_be, 0));
      key[31] = bintrie::kCodeHashLeafKey;
      trie.insert(key, empty_code_hash);
    }
    benchmark::DoNotOptimize(trie.root());
  }
  report_cpu_time(state, cpu_before);
}

void bintrie_tries_random_batch(benchmark::State& state) {
  const auto accounts = random_accounts(static_cast<std::size_t>(state.range(0)));
  const double cpu_before = process_cpu_seconds();
  for (auto _ : state) {
    std::vector<bintrie::Entry> entries;
    entries.reserve(2 * accounts.size());
    for (const RandomAccount& account : accounts) {
      const auto written =
          bintrie::account_entries(account.address, account.nonce, account.balance_be, {});
      entries.insert(entries.end(), written->begin(), written->end());
    }
    bintrie::BinaryTrie<> trie;
    trie.insert_batch(entries);
    benchmark::DoNotOptimize(trie.root());
  }
  report_cpu_time(state, cpu_before);
}

std::vector<bintrie::Entry> random_entries(std::size_t count, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<bintrie::Entry> entries(count);
  for (bintrie::Entry& e : entries) {
    for (auto& byte : e.key) byte = static_cast<std::uint8_t>(rng());
    for (auto& byte : e.value) byte = static_cast<std::uint8_t>(rng());
  }
  return entries;
}

void bintrie_insert_and_root(benchmark::State& state, bool batch) {
  const auto entries = random_entries(static_cast<std::size_t>(state.range(0)), 1);
  const double cpu_before = process_cpu_seconds();
  for (auto _ : state) {
    bintrie::BinaryTrie<> trie;
    if (batch) {
      trie.insert_batch(entries);
    } else {
      for (const bintrie::Entry& e : entries) trie.insert(e.key, e.value);
    }
    benchmark::DoNotOptimize(trie.root());
  }
  report_cpu_time(state, cpu_before);
}

/// The binary tree of 1M random keys (built once) and its keys.
struct BintrieProofTree {
  std::vector<bintrie::TreeKey> keys;
  bintrie::BinaryTrie<> trie;
};

BintrieProofTree& bintrie_proof_tree() {
  static BintrieProofTree tree = [] {
    BintrieProofTree out;
    const auto entries = random_entries(1000000, 2);
    for (const bintrie::Entry& e : entries) out.keys.push_back(e.key);
    out.trie.insert_batch(entries);
    (void)out.trie.root();
    return out;
  }();
  return tree;
}

void bintrie_prove_one_key(benchmark::State& state) {
  auto& [keys, trie] = bintrie_proof_tree();
  std::size_t next = 0;
  std::size_t bytes = 0;
  for (auto _ : state) {
    const Bytes proof = bintrie::prove(trie, std::span(&keys[next++ % keys.size()], 1));
    bytes += proof.size();
    benchmark::DoNotOptimize(proof.data());
  }
  state.counters["proof_bytes"] =
      static_cast<double>(bytes) / static_cast<double>(state.iterations());
}

void bintrie_verify_one_key(benchmark::State& state) {
  auto& [keys, trie] = bintrie_proof_tree();
  const Digest32 root = trie.root();
  std::vector<Bytes> proofs;
  for (std::size_t i = 0; i < 1024; ++i)
    proofs.push_back(bintrie::prove(trie, std::span(&keys[i], 1)));
  std::size_t next = 0;
  for (auto _ : state) {
    const std::size_t i = next++ % proofs.size();
    if (!bintrie::verify(root, std::span(&keys[i], 1), proofs[i])) {
      state.SkipWithError("proof rejected");
    }
  }
}

std::vector<bintrie::TreeKey> thousand_keys() {
  auto& [keys, trie] = bintrie_proof_tree();
  std::mt19937_64 rng(3);
  std::vector<bintrie::TreeKey> out;
  for (int i = 0; i < 1000; ++i) out.push_back(keys[rng() % keys.size()]);
  return out;
}

void bintrie_prove_keys(benchmark::State& state) {
  auto& tree = bintrie_proof_tree();
  const auto keys = thousand_keys();
  Bytes proof;
  for (auto _ : state) {
    proof = bintrie::prove(tree.trie, keys);
    benchmark::DoNotOptimize(proof.data());
  }
  state.counters["proof_bytes"] = static_cast<double>(proof.size());
  state.counters["bytes_per_key"] = static_cast<double>(proof.size()) / 1000.0;
}

void bintrie_verify_keys(benchmark::State& state) {
  auto& tree = bintrie_proof_tree();
  const auto keys = thousand_keys();
  const Bytes proof = bintrie::prove(tree.trie, keys);
  const Digest32 root = tree.trie.root();
  for (auto _ : state) {
    if (!bintrie::verify(root, keys, proof)) state.SkipWithError("proof rejected");
  }
}

// Proof size per key: one account's basic data among the 10K TriesRandom accounts, in each tree.
constexpr std::size_t kProofSizeSample = 20;

void proof_size_mpt(benchmark::State& state) {
  const auto accounts = random_accounts(static_cast<std::size_t>(state.range(0)));
  mpt::SecureTrie trie;
  for (const RandomAccount& account : accounts) {
    mpt::Account value;
    value.nonce = account.nonce;
    value.balance = account.balance_be;
    (void)trie.put(account.address, mpt::encode_account(value));
  }
  (void)trie.root_hash();
  std::size_t bytes = 0;
  for (auto _ : state) {
    bytes = 0;
    for (std::size_t i = 0; i < kProofSizeSample; ++i) {
      const auto proof = trie.prove(accounts[i].address);
      for (const Bytes& node : proof.value()) bytes += node.size();
    }
  }
  state.counters["bytes_per_key"] = static_cast<double>(bytes) / kProofSizeSample;
}

void proof_size_verkle(benchmark::State& state) {
  const auto writes = account_writes(random_accounts(static_cast<std::size_t>(state.range(0))));
  verkle::VerkleTrie trie;
  (void)verkle::put_accounts(trie, writes);
  (void)trie.root();
  std::size_t bytes = 0;
  for (auto _ : state) {
    bytes = 0;
    for (std::size_t i = 0; i < kProofSizeSample; ++i) {
      const verkle::TreeKey key = verkle::basic_data_key(verkle::to_address32(writes[i].address));
      bytes += verkle::to_ssz(verkle::prove_keys(trie, std::span(&key, 1)).value()).size();
    }
  }
  state.counters["bytes_per_key"] = static_cast<double>(bytes) / kProofSizeSample;
}

void proof_size_bintrie(benchmark::State& state) {
  const auto accounts = random_accounts(static_cast<std::size_t>(state.range(0)));
  std::vector<bintrie::Entry> entries;
  for (const RandomAccount& account : accounts) {
    const auto written =
        bintrie::account_entries(account.address, account.nonce, account.balance_be, {});
    entries.insert(entries.end(), written->begin(), written->end());
  }
  bintrie::BinaryTrie<> trie;
  trie.insert_batch(entries);
  std::size_t bytes = 0;
  for (auto _ : state) {
    bytes = 0;
    for (std::size_t i = 0; i < kProofSizeSample; ++i) {
      const bintrie::TreeKey key = bintrie::basic_data_key(accounts[i].address);
      bytes += bintrie::prove(trie, std::span(&key, 1)).size();
    }
  }
  state.counters["bytes_per_key"] = static_cast<double>(bytes) / kProofSizeSample;
}

// @ethereumjs/verkle 10.0.0 takes about 20 s per 1,000 accounts: each of its rows is one run,
// registered with Repetitions(1) (no spread is claimed for it), and its time is shown only when
// its root equals ours. Its tree is wrong whenever one insert needs two or more new internal
// nodes, e.g. a stem sharing its first two bytes with a stem that sits alone at depth 1: it leaves
// out the single-child internal nodes between them (its root then depends on the order of
// inserts), and it throws on rust-verkle's longest-path vector, which ours reproduces. The 1,000
// TriesRandom accounts contain such an insert, so that row shows the finding as its error, and
// distinct_prefix compares the two where the peer is right. docs/verkle.md ("The
// @ethereumjs/verkle 10.0.0 disagreement") has a two-key reproduction.

/// The peer's time for writing `accounts` into a fresh tree and computing its root, shown when its
/// root equals ours; otherwise the error `disagreement`.
void time_ethereumjs(benchmark::State& state, const std::vector<RandomAccount>& accounts,
                     const char* disagreement) {
  nlohmann::json request_accounts = nlohmann::json::array();
  for (const RandomAccount& account : accounts) {
    request_accounts.push_back(
        {to_hex(account.address), account.nonce, to_hex(account.balance_be)});
  }
  const nlohmann::json reply = bench::run_node_peer(
      "ethereumjs_verkle_bench.mjs", {{"accounts", request_accounts}, {"repetitions", 1}});
  if (!reply.is_object() || !reply.contains("tries_random_ns") ||
      !reply["tries_random_ns"].is_array() || reply["tries_random_ns"].empty()) {
    state.SkipWithError("node peer unavailable (run `make peers`; set MERKLEFORGE_PEERS_DIR)");
    return;
  }
  verkle::VerkleTrie ours;
  put_accounts_one_by_one(ours, account_writes(accounts));
  if (reply.value("root", "") != to_hex(ours.root())) {
    state.SkipWithError(disagreement);
    return;
  }
  for (auto _ : state) state.SetIterationTime(reply["tries_random_ns"][0].get<double>() * 1e-9);
}

void ethereumjs_tries_random(benchmark::State& state) {
  time_ethereumjs(state, random_accounts(static_cast<std::size_t>(state.range(0))),
                  "not a comparison: its root is wrong here (stems sharing 2 leading bytes; "
                  "docs/verkle.md)");
}

void ethereumjs_distinct_prefix(benchmark::State& state) {
  time_ethereumjs(state, distinct_prefix_accounts(static_cast<std::size_t>(state.range(0))),
                  "the peer's root differs from ours although no stems share 2 leading bytes");
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
BENCHMARK(verkle_tries_random_batch)
    ->Name("verkle_trie/accounts/tries_random_batch/merkleforge-verkle")
    ->Arg(1000)
    ->Arg(5000)
    ->Arg(10000)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(tree_keys_one_by_one)
    ->Name("verkle_trie/profile/tree_keys_one_by_one/merkleforge")
    ->Arg(10000)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(tree_keys_batch)
    ->Name("verkle_trie/profile/tree_keys_batch/merkleforge")
    ->Arg(10000)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(trie_inserts_and_commit)
    ->Name("verkle_trie/profile/inserts_and_commit/merkleforge")
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
BENCHMARK(bintrie_tries_random)
    ->Name("verkle_trie/accounts/tries_random/merkleforge-bintrie")
    ->Arg(1000)
    ->Arg(5000)
    ->Arg(10000)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(bintrie_tries_random_batch)
    ->Name("verkle_trie/accounts/tries_random_batch/merkleforge-bintrie")
    ->Arg(1000)
    ->Arg(5000)
    ->Arg(10000)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(bintrie_insert_and_root, one_by_one, false)
    ->Name("verkle_trie/bintrie/insert_and_root/merkleforge/one_by_one")
    ->Arg(1000000)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(bintrie_insert_and_root, batch, true)
    ->Name("verkle_trie/bintrie/insert_and_root/merkleforge/batch")
    ->Arg(1000000)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(bintrie_prove_one_key)
    ->Name("verkle_trie/bintrie/prove_one_key/merkleforge")
    ->Arg(1000000)
    ->Unit(benchmark::kMicrosecond)
    ->UseRealTime();
BENCHMARK(bintrie_verify_one_key)
    ->Name("verkle_trie/bintrie/verify_one_key/merkleforge")
    ->Arg(1000000)
    ->Unit(benchmark::kMicrosecond)
    ->UseRealTime();
BENCHMARK(bintrie_prove_keys)
    ->Name("verkle_trie/bintrie/prove_keys/merkleforge")
    ->Arg(1000)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(bintrie_verify_keys)
    ->Name("verkle_trie/bintrie/verify_keys/merkleforge")
    ->Arg(1000)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(proof_size_mpt)
    ->Name("verkle_trie/proof_size/account_basic_data/merkleforge-mpt")
    ->Arg(10000)
    ->Iterations(1);
BENCHMARK(proof_size_verkle)
    ->Name("verkle_trie/proof_size/account_basic_data/merkleforge-verkle")
    ->Arg(10000)
    ->Iterations(1);
BENCHMARK(proof_size_bintrie)
    ->Name("verkle_trie/proof_size/account_basic_data/merkleforge-bintrie")
    ->Arg(10000)
    ->Iterations(1);
BENCHMARK(ethereumjs_tries_random)
    ->Name("verkle_trie/accounts/tries_random/ethereumjs-verkle")
    ->Arg(1000)
    ->Unit(benchmark::kMillisecond)
    ->UseManualTime()
    ->Iterations(1)
    ->Repetitions(1);
BENCHMARK_CAPTURE(verkle_distinct_prefix, all_threads, 0)
    ->Name("verkle_trie/accounts/distinct_prefix/merkleforge-verkle")
    ->Arg(1000)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(verkle_distinct_prefix, one_thread, 1)
    ->Name("verkle_trie/accounts/distinct_prefix/merkleforge-verkle/threads:1")
    ->Arg(1000)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(ethereumjs_distinct_prefix)
    ->Name("verkle_trie/accounts/distinct_prefix/ethereumjs-verkle")
    ->Arg(1000)
    ->Unit(benchmark::kMillisecond)
    ->UseManualTime()
    ->Iterations(1)
    ->Repetitions(1);
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
