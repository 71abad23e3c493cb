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

/// Encodes the message already in the first chunk of `codeword` (sizes checked) and converts the
/// codeword to canonical values.
void encode_from_first_chunk(const ReedSolomonParams& params, std::span<B128P> codeword) {
  const std::size_t chunk = params.message_values();
  const auto first = codeword.first(chunk);
  const std::uint64_t cosets = std::uint64_t{1} << params.log_inv_rate;
  for (std::uint64_t c = 1; c < cosets; ++c) {
    std::copy(first.begin(), first.end(),
              codeword.begin() + static_cast<std::ptrdiff_t>(c * chunk));
  }
  for (std::uint64_t c = 0; c < cosets; ++c) {
    ntt_forward_polyval(codeword.subspan(c * chunk, chunk),
                        NttShape{params.log_dim, params.log_batch, c});
  }
  detail::parallel_to_canonical(codeword);
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
  // Convert the message to the POLYVAL basis once, then every coset starts from a copy of it.
  const auto first = codeword.first(message.size());
  std::copy(message.begin(), message.end(), first.begin());
  detail::parallel_to_polyval(first);
  encode_from_first_chunk(params, detail::as_polyval_storage(codeword));
  return Ok{};
}

Status reed_solomon_encode_polyval(std::span<const B128P> message_polyval,
                                   const ReedSolomonParams& params, std::span<B128> codeword) {
  if (Status s = check_encode(message_polyval.size(), params, codeword); !s) return s;
  const auto storage = detail::as_polyval_storage(codeword);
  std::copy(message_polyval.begin(), message_polyval.end(), storage.begin());
  encode_from_first_chunk(params, storage);
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
