#include "bintrie_wiring.hpp"
#include "container.hpp"
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

}  // namespace merkleforge::state
