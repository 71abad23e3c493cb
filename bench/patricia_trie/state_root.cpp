// State-root workloads: 100K random accounts to the root on 1 and 2 threads (one put_batch, and
// puts one by one), the streaming builder against the bare keccak cost of the nodes it emits,
// the mainnet genesis root, and a RocksDB commit of a 100K-account trie.
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>

#include "merkleforge/hash/keccak.hpp"
#include "merkleforge/mpt/stack_trie.hpp"
#include "merkleforge/mpt/state.hpp"
#include "merkleforge/parallel/parallel.hpp"
#include "merkleforge/store/rocksdb_store.hpp"
#include "patricia_trie/workload.hpp"

namespace patricia_bench {
namespace {

using namespace merkleforge;

constexpr std::size_t kAccounts = 100000;

// keccak256(address_i) -> RLP account with nonce i and balance i * 10^9.
const Workload& accounts() {
  static const Workload pairs = [] {
    Workload made;
    for (std::size_t i = 0; i < kAccounts; ++i) {
      mpt::Address address{};
      for (int b = 0; b < 8; ++b)
        address[19 - b] = static_cast<std::uint8_t>(static_cast<std::uint64_t>(i) >> (8 * b));
      const Digest32 key = Keccak256::digest(address);
      mpt::Account account;
      account.nonce = i;
      const std::uint64_t balance = static_cast<std::uint64_t>(i) * 1000000000u + 1;
      for (int b = 0; b < 8; ++b)
        account.balance[31 - b] = static_cast<std::uint8_t>(balance >> (8 * b));
      made.keys.emplace_back(key.begin(), key.end());
      made.values.push_back(mpt::encode_account(account));
    }
    return made;
  }();
  return pairs;
}

// The accounts in one put_batch (accounts_root) or put one by one in their random order
// (accounts_root_one_by_one), then the root, on `threads` threads.
template <bool OneByOne>
void accounts_root(benchmark::State& state) {
  const auto threads = static_cast<std::size_t>(state.range(0));
  merkleforge::ThreadLimit limit(threads);
  const Workload& pairs = accounts();
  std::vector<mpt::MerklePatriciaTrie::KeyValue> batch;
  for (std::size_t i = 0; i < pairs.keys.size(); ++i)
    batch.push_back({pairs.keys[i], pairs.values[i]});
  for (auto _ : state) {
    mpt::MerklePatriciaTrie trie;
    trie.set_parallel_threshold(threads == 1 ? std::numeric_limits<std::size_t>::max() : 1024);
    if constexpr (OneByOne) {
      for (const auto& pair : batch) (void)trie.put(pair.key, pair.value);
    } else {
      (void)trie.put_batch(batch);
    }
    benchmark::DoNotOptimize(trie.root_hash());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kAccounts));
}

struct SortedAccounts {
  std::vector<std::pair<Bytes, Bytes>> pairs;
  std::vector<Bytes> emitted;  // the nodes the builder emits, for the keccak-only baseline
};

const SortedAccounts& sorted_accounts() {
  static const SortedAccounts sorted = [] {
    SortedAccounts made;
    const Workload& pairs = accounts();
    for (std::size_t i = 0; i < pairs.keys.size(); ++i)
      made.pairs.emplace_back(pairs.keys[i], pairs.values[i]);
    std::sort(made.pairs.begin(), made.pairs.end());
    // Reallocate in key order, so the pairs lie in memory as a sorted stream from a database would.
    made.pairs = std::vector<std::pair<Bytes, Bytes>>(made.pairs.begin(), made.pairs.end());
    mpt::StackTrieBuilder builder([&](mpt::Nibbles, const Digest32&, ByteSpan rlp) {
      made.emitted.emplace_back(rlp.begin(), rlp.end());
    });
    for (const auto& [key, value] : made.pairs) (void)builder.add(key, value);
    builder.finish();
    return made;
  }();
  return sorted;
}

void stack_builder(benchmark::State& state) {
  const SortedAccounts& sorted = sorted_accounts();
  std::size_t emitted = 0;
  for (auto _ : state) {
    mpt::StackTrieBuilder builder([&](mpt::Nibbles, const Digest32&, ByteSpan) { ++emitted; });
    for (const auto& [key, value] : sorted.pairs) (void)builder.add(key, value);
    benchmark::DoNotOptimize(builder.finish());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * sorted.pairs.size()));
}

void keccak_of_emitted_nodes(benchmark::State& state) {
  const SortedAccounts& sorted = sorted_accounts();
  for (auto _ : state) {
    for (const auto& node : sorted.emitted) benchmark::DoNotOptimize(Keccak256::digest(node));
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * sorted.pairs.size()));
  state.counters["nodes"] = static_cast<double>(sorted.emitted.size());
}

// The same nodes through the batch API, which the builder itself uses (several messages share a
// multi-lane permutation): the strict baseline, as one-shot digests leave the SIMD lanes idle.
void keccak_each_of_emitted_nodes(benchmark::State& state) {
  const SortedAccounts& sorted = sorted_accounts();
  const std::vector<ByteSpan> messages(sorted.emitted.begin(), sorted.emitted.end());
  std::vector<Digest32> digests(messages.size());
  for (auto _ : state) {
    keccak256_each(messages, digests.data());
    benchmark::DoNotOptimize(digests.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * sorted.pairs.size()));
  state.counters["nodes"] = static_cast<double>(sorted.emitted.size());
}

void mainnet_genesis_root(benchmark::State& state) {
  const std::filesystem::path path =
      std::filesystem::path(MERKLEFORGE_VECTORS_DIR) / "mpt/genesis/mainnet_alloc.json";
  std::ifstream in(path);
  if (!in) {
    state.SkipWithError(("genesis alloc missing or unreadable: " + path.string()).c_str());
    return;
  }
  std::ostringstream text;
  text << in.rdbuf();
  const auto alloc = mpt::parse_genesis_alloc(text.str());
  if (!alloc) {
    state.SkipWithError(alloc.error().message.c_str());
    return;
  }
  for (auto _ : state) benchmark::DoNotOptimize(mpt::genesis_state_root(*alloc));
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * alloc->size()));
}

void rocksdb_commit(benchmark::State& state) {
  const Workload& pairs = accounts();
  const auto path =
      std::filesystem::temp_directory_path() / ("mf_mpt_bench_db_" + std::to_string(::getpid()));
  for (auto _ : state) {
    std::filesystem::remove_all(path);
    auto store = RocksDbNodeStore::open(path);
    if (!store) {
      state.SkipWithError(store.error().message.c_str());
      break;
    }
    mpt::MerklePatriciaTrie trie;
    for (std::size_t i = 0; i < pairs.keys.size(); ++i)
      (void)trie.put(pairs.keys[i], pairs.values[i]);
    trie.root_hash();
    const auto start = std::chrono::steady_clock::now();
    if (!trie.commit(**store)) state.SkipWithError("commit failed");
    state.SetIterationTime(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  std::filesystem::remove_all(path);
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kAccounts));
}

BENCHMARK(accounts_root<false>)
    ->Name("patricia/accounts_root/100000/merkleforge")
    ->ArgName("threads")
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(accounts_root<true>)
    ->Name("patricia/accounts_root_one_by_one/100000/merkleforge")
    ->ArgName("threads")
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(stack_builder)
    ->Name("patricia/stack_builder/100000/merkleforge")
    ->Unit(benchmark::kMillisecond);
BENCHMARK(keccak_of_emitted_nodes)
    ->Name("patricia/stack_builder/100000/keccak_only")
    ->Unit(benchmark::kMillisecond);
BENCHMARK(keccak_each_of_emitted_nodes)
    ->Name("patricia/stack_builder/100000/keccak_each_only")
    ->Unit(benchmark::kMillisecond);
BENCHMARK(mainnet_genesis_root)
    ->Name("patricia/mainnet_genesis_root/8893/merkleforge")
    ->Unit(benchmark::kMillisecond);
BENCHMARK(rocksdb_commit)
    ->Name("patricia/rocksdb_commit/100000/merkleforge")
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace patricia_bench
