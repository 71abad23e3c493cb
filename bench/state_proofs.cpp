// Succinct state proofs (docs/state-proofs.md) on 1 and 2 threads, each after one untimed proof
// (warm), beside the raw multiproof the project makes of the same items and the same instances
// proved unwired (the engine's rate for the circuit, measured in the same process):
//   log:      N inclusions in an RFC 6962 log of 2^b random leaf hashes (rfc6962-node instances);
//   bintrie:  N random present keys of a binary state tree of M random keys (sha256-pair);
//   accounts: A accounts' basic data, code hash and 8 header storage slots (10 keys sharing one
//             stem each) in a tree of M random keys and the accounts;
//   eip:      as bintrie, the EIP-7864 text's hash (BLAKE3: blake3-pair instances);
//   writes:   N keys of a tree of M random keys read and written (R_pre -> R_post): half of them
//             present keys given new values, a quarter new slots of present stems, a quarter new
//             stems; the raw multiproof is the pre-state's, which is all a stateless verifier of
//             the writes needs.
// Counters: proof size and the multiproof's (KiB) and their ratio, instances (node hashes; two
// SHA-256 compressions each), ms per proved item per thread, the prover's phases, x_unwired
// (wired ÷ unwired proof time of as many instances), peak memory (MiB).
// Rows: state/<kind>/{prove,verify}/merkleforge{,-slim}/<N>/<size>[/threads:<n>] and, for reads,
// state/<kind>/multiproof-verify/merkleforge/<N>/<size> (the raw multiproof's own check). The
// report's quick run takes the rows of 1,000 items; the larger ones (ℓ* = 25–26) the full run.
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <tuple>
#include <type_traits>

#include "merkleforge/binary/tree.hpp"
#include "merkleforge/binary/verify.hpp"
#include "merkleforge/bintrie/proof.hpp"
#include "merkleforge/hash/blake3.hpp"
#include "merkleforge/parallel/parallel.hpp"
#include "merkleforge/state/prover.hpp"
#include "merkleforge/state/statement.hpp"
#include "support/prover_rows.hpp"

namespace merkleforge::state {
namespace {

enum class Kind { log, bintrie, accounts, writes, eip };

struct Row {
  Kind kind;
  std::size_t items;   ///< inclusions, keys, or accounts (10 keys each)
  std::uint64_t size;  ///< log leaves, or random keys in the tree
  pcs::Profile commitment = pcs::Profile::fast;
  std::string name(const char* step) const {
    static const char* kKinds[] = {"log", "bintrie", "accounts", "writes", "bintrie-eip"};
    return std::string("state/") + kKinds[static_cast<int>(kind)] + "/" + step + "/" +
           (commitment == pcs::Profile::fast ? "merkleforge" : "merkleforge-slim") + "/" +
           std::to_string(items) + "/" + std::to_string(size);
  }
};

const Row kRows[] = {{Kind::log, 1'000, std::uint64_t{1} << 20},
                     {Kind::log, 1'000, std::uint64_t{1} << 20, pcs::Profile::slim},
                     {Kind::bintrie, 1'000, 100'000},
                     {Kind::bintrie, 1'000, 100'000, pcs::Profile::slim},
                     {Kind::accounts, 100, 100'000},
                     {Kind::eip, 1'000, 100'000},
                     {Kind::writes, 200, 100'000},
                     {Kind::writes, 200, 100'000, pcs::Profile::slim},
                     {Kind::log, 10'000, std::uint64_t{1} << 24},
                     {Kind::log, 10'000, std::uint64_t{1} << 24, pcs::Profile::slim},
                     {Kind::bintrie, 5'000, 1'000'000},
                     {Kind::bintrie, 5'000, 1'000'000, pcs::Profile::slim},
                     {Kind::accounts, 1'000, 1'000'000, pcs::Profile::slim},
                     {Kind::eip, 10'000, 1'000'000},
                     {Kind::eip, 10'000, 1'000'000, pcs::Profile::slim},
                     {Kind::writes, 2'000, 1'000'000},
                     {Kind::writes, 2'000, 1'000'000, pcs::Profile::slim}};

double peak_mib() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) / 1024.0;
}

Digest32 random_digest(std::mt19937_64& rng) {
  Digest32 d;
  for (std::size_t i = 0; i < d.size(); i += 8) {
    const std::uint64_t word = rng();
    std::memcpy(d.data() + i, &word, 8);
  }
  return d;
}

/// A statement, the prover's input (a log's siblings or a tree's multiproof) and the checks.
struct Workload {
  StateStatement statement;
  std::vector<Digest32> siblings;  ///< log
  Bytes multiproof;                ///< bintrie, accounts
  std::size_t multiproof_bytes = 0, keys = 0;

  Result<Bytes> prove(boolean::ProveTimings* timings) const {
    switch (statement.kind) {
      case TreeKind::rfc6962:
        return prove_log_inclusions(statement.log, siblings, timings, statement.commitment);
      case TreeKind::bintrie:
        return prove_bintrie_reads(statement.bintrie, multiproof, timings, statement.commitment);
      case TreeKind::bintrie_writes:
        break;
    }
    return prove_bintrie_writes(statement.bintrie, statement.writes, multiproof, timings,
                                statement.commitment);
  }
  std::size_t instances(ByteSpan proof) const {
    switch (statement.kind) {
      case TreeKind::rfc6962:
        return log_instances(statement.log).value();
      case TreeKind::bintrie:
        return bintrie_instances(statement.bintrie, proof).value();
      case TreeKind::bintrie_writes:
        break;
    }
    return bintrie_instances(statement.bintrie, statement.writes, proof).value();
  }
  Status verify(ByteSpan proof) const {
    return verify_state_proof(encode_statement(statement), proof);
  }
  bool verify_multiproof() const {
    if (statement.kind == TreeKind::rfc6962) {
      const LogStatement& s = statement.log;
      return merkleforge::verify_multiproof<Sha256>(s.root, s.size, s.indices, s.leaf_hashes,
                                                    siblings);
    }
    const BintrieStatement& s = statement.bintrie;
    return s.hash == BintrieHash::blake3 ? bintrie::verify<Blake3>(s.root, s.keys, multiproof).ok()
                                         : bintrie::verify(s.root, s.keys, multiproof).ok();
  }
};

Workload log_workload(const Row& row) {
  std::mt19937_64 rng(row.size);
  std::vector<Digest32> leaves(row.size);
  for (auto& leaf : leaves) leaf = random_digest(rng);
  const auto tree = BinaryMerkleTree<Sha256>::from_leaf_hashes(leaves);
  std::vector<std::uint64_t> indices;
  while (indices.size() < row.items) {
    indices.push_back(rng() % row.size);
    std::sort(indices.begin(), indices.end());
    indices.erase(std::unique(indices.begin(), indices.end()), indices.end());
  }
  Workload w;
  w.statement.kind = TreeKind::rfc6962;
  w.statement.log = {row.size, tree.root(), indices, {}};
  for (const std::uint64_t i : indices) w.statement.log.leaf_hashes.push_back(leaves[i]);
  w.siblings = tree.multiproof(indices)->siblings;
  w.multiproof_bytes = 32 * w.siblings.size();
  w.keys = indices.size();
  return w;
}

/// The statement of `keys` (and `writes`) in a tree of `entries` hashed with H, and the tree's
/// multiproof of them.
template <class H>
Workload trie_workload_with(const Row& row, std::span<const bintrie::Entry> entries,
                            const std::vector<bintrie::TreeKey>& keys,
                            std::span<const bintrie::Entry> writes) {
  bintrie::BinaryTrie<H> trie;
  trie.insert_batch(entries);
  Workload w;
  w.statement.kind = TreeKind::bintrie;
  w.statement.bintrie.hash = std::is_same_v<H, Blake3> ? BintrieHash::blake3 : BintrieHash::sha256;
  w.statement.bintrie.root = trie.root();
  w.statement.bintrie.keys = keys;
  for (const auto& key : keys) w.statement.bintrie.values.push_back(trie.get(key));
  w.multiproof = bintrie::prove(trie, keys);
  w.multiproof_bytes = w.multiproof.size();
  w.keys = keys.size();
  if (row.kind == Kind::writes) {  // the post-state's root from the tree's own insertion
    w.statement.kind = TreeKind::bintrie_writes;
    w.statement.writes.values.resize(keys.size());
    for (const bintrie::Entry& write : writes) {
      const auto at = std::lower_bound(keys.begin(), keys.end(), write.key) - keys.begin();
      w.statement.writes.values[static_cast<std::size_t>(at)] = write.value;
    }
    trie.insert_batch(writes);
    w.statement.writes.post_root = trie.root();
  }
  return w;
}

Workload trie_workload(const Row& row) {
  std::mt19937_64 rng(row.size + row.items);
  std::vector<bintrie::Entry> entries(row.size);
  for (auto& e : entries) e = {random_digest(rng), random_digest(rng)};
  std::vector<bintrie::TreeKey> keys;
  std::vector<bintrie::Entry> writes;
  if (row.kind == Kind::bintrie || row.kind == Kind::eip) {
    for (std::size_t i = 0; i < row.items; ++i) keys.push_back(entries[rng() % row.size].key);
  } else if (row.kind == Kind::writes) {
    for (std::size_t i = 0; i < row.items; ++i) {
      bintrie::TreeKey key = entries[rng() % row.size].key;  // a present key
      if (i % 4 == 2) key[31] ^= 0x40;                       // a slot of its stem
      if (i % 4 == 3) key = random_digest(rng);              // a new stem
      writes.push_back({key, random_digest(rng)});
      keys.push_back(key);
    }
    const auto by_key = [](const auto& a, const auto& b) { return a.key < b.key; };
    std::sort(writes.begin(), writes.end(), by_key);
    writes.erase(std::unique(writes.begin(), writes.end(),
                             [](const auto& a, const auto& b) { return a.key == b.key; }),
                 writes.end());
  } else {
    for (std::size_t a = 0; a < row.items; ++a) {
      bintrie::Address address;
      for (auto& byte : address) byte = static_cast<std::uint8_t>(rng());
      keys.push_back(bintrie::basic_data_key(address));
      keys.push_back(bintrie::code_hash_key(address));
      for (std::uint8_t slot = 0; slot < 8; ++slot) {
        Digest32 slot_be{};
        slot_be[31] = slot;
        keys.push_back(bintrie::storage_slot_key(address, slot_be));
      }
    }
    for (const auto& key : keys) entries.push_back({key, random_digest(rng)});
  }
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  return row.kind == Kind::eip ? trie_workload_with<Blake3>(row, entries, keys, writes)
                               : trie_workload_with<Sha256>(row, entries, keys, writes);
}

/// The row's workload, built once (one at a time: a 2^24-leaf log holds ~1 GiB).
Workload& workload(const Row& row) {
  static std::unique_ptr<Workload> cached;
  static std::tuple<Kind, std::size_t, std::uint64_t> cached_for;
  const auto key = std::tuple(row.kind, row.items, row.size);
  if (!cached || cached_for != key) {
    cached.reset();
    cached =
        std::make_unique<Workload>(row.kind == Kind::log ? log_workload(row) : trie_workload(row));
    cached_for = key;
  }
  cached->statement.commitment = row.commitment;
  return *cached;
}

std::map<std::string, Bytes>& proofs() {
  static std::map<std::string, Bytes> cache;
  return cache;
}

double seconds_of_unwired(const boolean::Circuit& circuit, std::size_t instances,
                          pcs::Profile commitment) {
  std::mt19937_64 rng(3);
  Bytes inputs(circuit.input_bytes() * instances);
  for (auto& byte : inputs) byte = static_cast<std::uint8_t>(rng());
  const auto start = std::chrono::steady_clock::now();
  auto proved = boolean::prove(circuit, instances, inputs, nullptr, boolean::Inputs::kept_private,
                               commitment);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return proved ? seconds : 0;
}

void BM_Prove(benchmark::State& state, Row row) {
  const auto threads = static_cast<std::size_t>(state.range(0));
  const ThreadLimit limit(threads);
  const Workload& w = workload(row);
  if (!w.prove(nullptr)) {  // warm-up
    state.SkipWithError("the warm-up proof failed");
    return;
  }
  boolean::ProveTimings t;
  double seconds = 0;
  Bytes proof;
  for (auto _ : state) {
    const auto start = std::chrono::steady_clock::now();
    auto proved = w.prove(&t);
    seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!proved) {
      state.SkipWithError(proved.error().message.c_str());
      return;
    }
    proof = std::move(*proved);
  }
  const auto n = static_cast<double>(state.iterations());
  const double proof_bytes = static_cast<double>(proof.size());
  proofs()[row.name("proof")] = std::move(proof);
  const bool log = row.kind == Kind::log;
  const boolean::Circuit& circuit = log                     ? boolean::rfc6962_node_circuit()
                                    : row.kind == Kind::eip ? boolean::blake3_pair_circuit()
                                                            : boolean::sha256_pair_circuit();
  const std::size_t instances = w.instances(proofs()[row.name("proof")]);
  state.counters["proof_KiB"] = proof_bytes / 1024;
  state.counters["multiproof_KiB"] = static_cast<double>(w.multiproof_bytes) / 1024;
  state.counters["multiproof_x_smaller"] = static_cast<double>(w.multiproof_bytes) / proof_bytes;
  state.counters["keys"] = static_cast<double>(w.keys);
  state.counters["ms_per_item_per_thread"] =
      seconds / n * 1e3 * static_cast<double>(threads) / static_cast<double>(w.keys);
  state.counters["witness_s"] = t.witness / n;
  state.counters["commit_s"] = t.commit / n;
  state.counters["zerocheck_s"] = t.zerocheck / n;
  state.counters["lincheck_s"] = t.lincheck / n;
  state.counters["open_s"] = t.open / n;
  state.counters["peak_MiB"] = peak_mib();
  state.counters["instances"] = static_cast<double>(instances);
  state.counters["x_unwired"] =
      seconds / n / seconds_of_unwired(circuit, instances, row.commitment);
}

void BM_Verify(benchmark::State& state, Row row) {
  const Workload& w = workload(row);
  Bytes& proof = proofs()[row.name("proof")];
  if (proof.empty()) proof = w.prove(nullptr).value();
  for (auto _ : state) {
    const Status ok = w.verify(proof);
    if (!ok) {
      state.SkipWithError(ok.error().message.c_str());
      return;
    }
  }
  state.counters["proof_KiB"] = static_cast<double>(proof.size()) / 1024;
}

void BM_MultiproofVerify(benchmark::State& state, Row row) {
  const Workload& w = workload(row);
  for (auto _ : state) {
    if (!w.verify_multiproof()) {
      state.SkipWithError("the multiproof does not verify");
      return;
    }
  }
  state.counters["multiproof_KiB"] = static_cast<double>(w.multiproof_bytes) / 1024;
}

const bool kRegistered = [] {
  for (const Row& row : kRows) {
    bench::register_prove_row(row.name("prove"), BM_Prove, row);
    benchmark::RegisterBenchmark(row.name("verify").c_str(), BM_Verify, row)
        ->Unit(benchmark::kMillisecond);
    if (row.commitment == pcs::Profile::fast && row.kind != Kind::writes) {
      benchmark::RegisterBenchmark(row.name("multiproof-verify").c_str(), BM_MultiproofVerify, row)
          ->Unit(benchmark::kMillisecond);
    }
  }
  return true;
}();

}  // namespace
}  // namespace merkleforge::state
