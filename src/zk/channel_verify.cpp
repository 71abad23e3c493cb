#include "channel_common.hpp"
#include "merkleforge/zk/grand_product.hpp"

namespace merkleforge::zk {

Result<ChannelClaims> verify_channel(const ChannelStatement& statement,
                                     VerifierTranscript& transcript) {
  if (Status s = detail::check_channel_statement(statement); !s) return s.error();
  if (Status s = detail::require_commitment(transcript, "channel"); !s) return s.error();
  const auto challenges = detail::begin_channel(transcript, statement);
  GrandProductStatement products{{}, true};  // a zero factor would make both sides zero
  for (const Flush& f : statement.flushes) products.n_vars.push_back(f.n_vars);
  auto reduced = verify_grand_products(products, transcript);
  if (!reduced) return reduced.error();
  B128 pushed = B128::one();
  B128 pulled = B128::one();
  for (std::size_t f = 0; f < statement.flushes.size(); ++f) {
    B128& side = statement.flushes[f].direction == FlushDirection::push ? pushed : pulled;
    side = side * reduced->products[f];
  }
  for (const auto& tuple : statement.boundary_pushes) {
    pushed = pushed * detail::fingerprint(challenges, tuple);
  }
  for (const auto& tuple : statement.boundary_pulls) {
    pulled = pulled * detail::fingerprint(challenges, tuple);
  }
  if (pushed != pulled) return make_error(Errc::corrupt_data, "channel: does not balance");
  ChannelClaims out{reduced->points, {}};
  for (std::size_t f = 0; f < statement.flushes.size(); ++f) {
    std::vector<B128> evals(statement.flushes[f].width);
    if (Status s = transcript.read_b128s(evals); !s) return s.error();
    if (detail::fingerprint(challenges, evals) != reduced->evals[f]) {
      return make_error(Errc::corrupt_data,
                        "channel: flush " + std::to_string(f) +
                            " column evaluations disagree with its grand-product claim");
    }
    out.evals.push_back(std::move(evals));
  }
  return out;
}

}  // namespace merkleforge::zk
