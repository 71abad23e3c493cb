#include "lookup_common.hpp"
#include "merkleforge/zk/grand_product.hpp"

namespace merkleforge::zk {

Result<LookupClaims> verify_lookup(unsigned table_vars, unsigned lookup_vars,
                                   VerifierTranscript& transcript) {
  if (table_vars > detail::kMaxLookupVars || lookup_vars > detail::kMaxLookupVars) {
    return make_error(Errc::invalid_argument, "lookup: more than 2^31 entries or lookups");
  }
  if (Status s = detail::require_commitment(transcript, "lookup"); !s) return s.error();
  const ChannelStatement channel = detail::begin_lookup(transcript, table_vars, lookup_vars);
  auto balanced = verify_channel(channel, transcript);
  if (!balanced) return balanced.error();
  auto nonzero = verify_grand_products({{lookup_vars}, true}, transcript);
  if (!nonzero) return nonzero.error();
  return detail::lookup_claims(*balanced, nonzero->points[0], nonzero->evals[0]);
}

}  // namespace merkleforge::zk
