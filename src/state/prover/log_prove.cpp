#include "container.hpp"
#include "log_wiring.hpp"
#include "merkleforge/hash/sha256.hpp"
#include "merkleforge/state/prover.hpp"

namespace merkleforge::state {

Result<Bytes> prove_log_inclusions(const LogStatement& statement,
                                   std::span<const Digest32> siblings,
                                   boolean::ProveTimings* timings, pcs::Profile commitment) {
  auto derived = detail::derive_log_wiring(statement, siblings);
  if (!derived) return derived.error();
  if (derived->root != statement.root) {
    return make_error(Errc::invalid_argument,
                      "state: the leaves and siblings do not give the statement's root");
  }
  if (derived->wiring.count == 0) return detail::encode_container(TreeKind::rfc6962, {});
  auto proved = boolean::prove_wired(boolean::rfc6962_node_circuit(), derived->wiring,
                                     derived->inputs, timings, commitment);
  if (!proved) return proved.error();
  return detail::encode_container(TreeKind::rfc6962, proved->proof);
}

Result<ProvedLog> prove_log_inclusions(const BinaryMerkleTree<Sha256>& tree,
                                       std::span<const std::uint64_t> indices,
                                       boolean::ProveTimings* timings, pcs::Profile commitment) {
  ProvedLog out;
  out.statement = {tree.size(), tree.root(), {indices.begin(), indices.end()}, {}};
  for (const std::uint64_t i : indices) {
    auto hash = tree.leaf_hash(i);
    if (!hash) return hash.error();
    out.statement.leaf_hashes.push_back(*hash);
  }
  if (Status s = check_log_statement(out.statement); !s) return s.error();
  auto multiproof = tree.multiproof(indices);
  if (!multiproof) return multiproof.error();
  auto proof = prove_log_inclusions(out.statement, multiproof->siblings, timings, commitment);
  if (!proof) return proof.error();
  out.proof = std::move(*proof);
  out.multiproof_bytes = 32 * multiproof->siblings.size();
  return out;
}

}  // namespace merkleforge::state
