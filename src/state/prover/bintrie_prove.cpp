#include <algorithm>
#include <type_traits>

#include "bintrie_wiring.hpp"
#include "container.hpp"
#include "merkleforge/bintrie/proof.hpp"
#include "merkleforge/hash/blake3.hpp"
#include "merkleforge/state/prover.hpp"

namespace merkleforge::state {
namespace {

Error refused(const std::string& why) {
  return make_error(Errc::invalid_argument, "state: " + why);
}

Result<Bytes> prove(const BintrieStatement& reads, const BintrieWrites* writes, ByteSpan multiproof,
                    boolean::ProveTimings* timings, pcs::Profile commitment) {
  auto derived = detail::bintrie_wiring_of_multiproof(reads, writes, multiproof);
  if (!derived) return derived.error();
  if (derived->root != reads.root) {
    return refused("the multiproof does not reach the statement's root");
  }
  if (writes != nullptr && derived->post_root != writes->post_root) {
    return refused("the writes do not give the statement's post-state root");
  }
  Bytes engine_proof;
  if (derived->wiring.count > 0) {
    auto proved = boolean::prove_wired(detail::node_circuit(reads.hash), derived->wiring,
                                       derived->inputs, timings, commitment);
    if (!proved) return proved.error();
    engine_proof = std::move(proved->proof);
  }
  return detail::encode_container(writes != nullptr ? TreeKind::bintrie_writes : TreeKind::bintrie,
                                  detail::join_shape(derived->shape, engine_proof));
}

template <class H>
constexpr BintrieHash kHashOf =
    std::is_same_v<H, Blake3> ? BintrieHash::blake3 : BintrieHash::sha256;

/// The statement of `keys` with the tree's values, and the tree's multiproof of them.
template <class H>
Result<Bytes> read(bintrie::BinaryTrie<H>& trie, std::span<const bintrie::TreeKey> keys,
                   BintrieStatement& statement) {
  statement.hash = kHashOf<H>;
  statement.root = trie.root();
  statement.keys.assign(keys.begin(), keys.end());
  for (const bintrie::TreeKey& key : keys) statement.values.push_back(trie.get(key));
  if (Status s = check_bintrie_statement(statement); !s) return s.error();
  return bintrie::prove(trie, keys);
}

}  // namespace

Result<Bytes> prove_bintrie_reads(const BintrieStatement& statement, ByteSpan multiproof,
                                  boolean::ProveTimings* timings, pcs::Profile commitment) {
  return prove(statement, nullptr, multiproof, timings, commitment);
}

Result<Bytes> prove_bintrie_writes(const BintrieStatement& reads, const BintrieWrites& writes,
                                   ByteSpan multiproof, boolean::ProveTimings* timings,
                                   pcs::Profile commitment) {
  return prove(reads, &writes, multiproof, timings, commitment);
}

template <class H>
Result<ProvedReads> prove_bintrie_reads(bintrie::BinaryTrie<H>& trie,
                                        std::span<const bintrie::TreeKey> keys,
                                        boolean::ProveTimings* timings, pcs::Profile commitment) {
  ProvedReads out;
  auto multiproof = read(trie, keys, out.statement);
  if (!multiproof) return multiproof.error();
  out.multiproof = std::move(*multiproof);
  auto proof = prove(out.statement, nullptr, out.multiproof, timings, commitment);
  if (!proof) return proof.error();
  out.proof = std::move(*proof);
  return out;
}

template <class H>
Result<ProvedWrites> prove_bintrie_writes(bintrie::BinaryTrie<H>& trie,
                                          std::span<const bintrie::TreeKey> keys,
                                          std::span<const bintrie::Entry> writes,
                                          boolean::ProveTimings* timings, pcs::Profile commitment) {
  std::vector<bintrie::Entry> sorted(writes.begin(), writes.end());
  const auto by_key = [](const bintrie::Entry& a, const bintrie::Entry& b) {
    return a.key < b.key;
  };
  std::sort(sorted.begin(), sorted.end(), by_key);
  if (std::adjacent_find(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) {
        return a.key == b.key;
      }) != sorted.end()) {
    return refused("a key is written twice");
  }
  std::vector<bintrie::TreeKey> all(keys.begin(), keys.end());
  for (const bintrie::Entry& entry : sorted) all.push_back(entry.key);
  std::sort(all.begin(), all.end());
  all.erase(std::unique(all.begin(), all.end()), all.end());

  ProvedWrites out;
  auto multiproof = read(trie, all, out.reads);
  if (!multiproof) return multiproof.error();
  out.multiproof = std::move(*multiproof);
  out.writes.values.resize(all.size());
  for (const bintrie::Entry& entry : sorted) {
    const auto at = std::lower_bound(all.begin(), all.end(), entry.key) - all.begin();
    out.writes.values[static_cast<std::size_t>(at)] = entry.value;
  }
  trie.insert_batch(sorted);
  out.writes.post_root = trie.root();
  auto proof = prove(out.reads, &out.writes, out.multiproof, timings, commitment);
  if (!proof) return proof.error();
  out.proof = std::move(*proof);
  return out;
}

template Result<ProvedReads> prove_bintrie_reads(bintrie::BinaryTrie<Sha256>&,
                                                 std::span<const bintrie::TreeKey>,
                                                 boolean::ProveTimings*, pcs::Profile);
template Result<ProvedReads> prove_bintrie_reads(bintrie::BinaryTrie<Blake3>&,
                                                 std::span<const bintrie::TreeKey>,
                                                 boolean::ProveTimings*, pcs::Profile);
template Result<ProvedWrites> prove_bintrie_writes(bintrie::BinaryTrie<Sha256>&,
                                                   std::span<const bintrie::TreeKey>,
                                                   std::span<const bintrie::Entry>,
                                                   boolean::ProveTimings*, pcs::Profile);
template Result<ProvedWrites> prove_bintrie_writes(bintrie::BinaryTrie<Blake3>&,
                                                   std::span<const bintrie::TreeKey>,
                                                   std::span<const bintrie::Entry>,
                                                   boolean::ProveTimings*, pcs::Profile);

}  // namespace merkleforge::state
