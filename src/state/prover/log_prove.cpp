#include "container.hpp"
#include "log_wiring.hpp"
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

}  // namespace merkleforge::state
