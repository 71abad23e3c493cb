#include "bintrie_wiring.hpp"
#include "container.hpp"
#include "merkleforge/bintrie/proof.hpp"
#include "merkleforge/state/prover.hpp"

namespace merkleforge::state {

Result<Bytes> prove_bintrie_reads(const BintrieStatement& statement, ByteSpan multiproof,
                                  boolean::ProveTimings* timings, pcs::Profile commitment) {
  auto derived = detail::bintrie_wiring_of_multiproof(statement, multiproof);
  if (!derived) return derived.error();
  if (derived->root != statement.root) {
    return make_error(Errc::invalid_argument,
                      "state: the multiproof does not reach the statement's root");
  }
  Bytes engine_proof;
  if (derived->wiring.count > 0) {
    auto proved = boolean::prove_wired(boolean::sha256_pair_circuit(), derived->wiring,
                                       derived->inputs, timings, commitment);
    if (!proved) return proved.error();
    engine_proof = std::move(proved->proof);
  }
  return detail::encode_container(TreeKind::bintrie,
                                  detail::join_shape(derived->shape, engine_proof));
}

Result<ProvedReads> prove_bintrie_reads(bintrie::BinaryTrie<Sha256>& trie,
                                        std::span<const bintrie::TreeKey> keys,
                                        boolean::ProveTimings* timings, pcs::Profile commitment) {
  ProvedReads out;
  out.statement.root = trie.root();
  out.statement.keys.assign(keys.begin(), keys.end());
  for (const bintrie::TreeKey& key : keys) out.statement.values.push_back(trie.get(key));
  if (Status s = check_bintrie_statement(out.statement); !s) return s.error();
  out.multiproof = bintrie::prove(trie, keys);
  auto proof = prove_bintrie_reads(out.statement, out.multiproof, timings, commitment);
  if (!proof) return proof.error();
  out.proof = std::move(*proof);
  return out;
}

}  // namespace merkleforge::state
