#include "merkleforge/binius/reed_solomon.hpp"

#include <algorithm>
#include <string>

#include "merkleforge/binius/additive_ntt.hpp"
#include "ntt_internal.hpp"

namespace merkleforge::binius {
namespace {

Status check_params(const ReedSolomonParams& params) {
  if (params.log_dim + params.log_inv_rate > kNttLogDomainLimit || params.log_batch >= 40) {
    return make_error(Errc::invalid_argument,
                      "binius RS: log_dim " + std::to_string(params.log_dim) + " + log_inv_rate " +
                          std::to_string(params.log_inv_rate) + " exceeds the B32 domain (32)");
  }
  return Ok{};
}

Status check_length(const char* what, std::size_t got, std::size_t expected) {
  if (got == expected) return Ok{};
  return make_error(Errc::wrong_size, std::string("binius RS: ") + what + " has " +
                                          std::to_string(got) + " values, expected " +
                                          std::to_string(expected));
}

}  // namespace

namespace {

/// Encodes the message whose POLYVAL images start at `message` into `codeword` (sizes checked),
/// which leaves canonical: each coset's transform reads the message in its first pass and converts
/// its chunk in its last (NttIo), so the encoding makes no pass of its own. `message` may be the
/// codeword's first chunk: coset 0 runs last, in place.
void encode_cosets(const ReedSolomonParams& params, const B128P* message,
                   std::span<B128P> codeword) {
  const std::size_t chunk = params.message_values();
  const std::uint64_t cosets = std::uint64_t{1} << params.log_inv_rate;
  for (std::uint64_t c = cosets; c-- > 0;) {
    const auto part = codeword.subspan(c * chunk, chunk);
    const B128P* source = part.data() == message ? nullptr : message;
    detail::ntt_forward_polyval(part, NttShape{params.log_dim, params.log_batch, c},
                                detail::NttTiling{}, detail::NttIo{source, true});
  }
}

Status check_encode(std::size_t message, const ReedSolomonParams& params,
                    std::span<const B128> codeword) {
  if (Status s = check_params(params); !s) return s;
  if (Status s = check_length("message", message, params.message_values()); !s) return s;
  return check_length("codeword", codeword.size(), params.codeword_values());
}

}  // namespace

Status reed_solomon_encode(std::span<const B128> message, const ReedSolomonParams& params,
                           std::span<B128> codeword) {
  if (Status s = check_encode(message.size(), params, codeword); !s) return s;
  // The message's POLYVAL images into the first chunk (one pass); every coset reads them there.
  const auto first = detail::parallel_copy_to_polyval(message, codeword.first(message.size()));
  const auto storage = detail::as_polyval_storage(codeword);
  encode_cosets(params, detail::as_polyval_storage(first).data(), storage);
  return Ok{};
}

Status reed_solomon_encode_polyval(std::span<const B128P> message_polyval,
                                   const ReedSolomonParams& params, std::span<B128> codeword) {
  if (Status s = check_encode(message_polyval.size(), params, codeword); !s) return s;
  encode_cosets(params, message_polyval.data(), detail::as_polyval_storage(codeword));
  return Ok{};
}

Result<std::vector<B128>> reed_solomon_encode(std::span<const B128> message,
                                              const ReedSolomonParams& params) {
  if (Status s = check_params(params); !s) return s.error();
  std::vector<B128> codeword(params.codeword_values());
  if (Status s = reed_solomon_encode(message, params, codeword); !s) return s.error();
  return codeword;
}

}  // namespace merkleforge::binius
