#include "engine_common.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <string>

#include "chain.hpp"
#include "merkleforge/binius/kernels.hpp"
#include "merkleforge/binius/polyval.hpp"
#include "merkleforge/hash/blake3.hpp"
#include "merkleforge/hash/framed.hpp"
#include "merkleforge/soundness/terms.hpp"
#include "mul_phase.hpp"
#include "skip.hpp"
#include "wiring.hpp"

namespace merkleforge::boolean::detail {
namespace {

using binius::to_canonical;
using binius::to_polyval;

std::vector<B128P> eq_polyval(std::span<const B128> point) {
  return binius::polyval_eq_tensor(to_polyval(point));
}

}  // namespace

Result<unsigned> log_count(std::size_t count) {
  if (count == 0 || count > (std::size_t{1} << kMaxLogCount)) {
    return make_error(Errc::invalid_argument, "boolean: the instance count must be from 1 to 2^" +
                                                  std::to_string(kMaxLogCount) + " (got " +
                                                  std::to_string(count) + ")");
  }
  return static_cast<unsigned>(std::bit_width(count - 1));
}

PaddingInstance padding_instance(const Circuit& circuit) {
  PaddingInstance p{std::vector<std::uint64_t>(circuit.words()), Bytes(circuit.output_bytes())};
  const Bytes zero(circuit.input_bytes());
  circuit.witness(zero, p.z);
  circuit.output(p.z, p.outputs);
  return p;
}

unsigned input_log_bits(const Circuit& circuit) {
  return static_cast<unsigned>(std::bit_width(8 * circuit.input_bytes() - 1));
}

namespace {

Error wrong_length(const Circuit& circuit, std::size_t count, std::size_t got, const char* what,
                   std::size_t each) {
  return make_error(Errc::invalid_argument, "boolean: " + std::to_string(got) + " " + what +
                                                " bytes for " + std::to_string(count) +
                                                " instances of " + std::string(circuit.name()) +
                                                " (" + std::to_string(each) + " each)");
}

}  // namespace

Result<unsigned> check_statement(const Circuit& circuit, const Statement& statement) {
  if (statement.wiring != nullptr) return check_wiring(circuit, *statement.wiring);
  auto k = log_count(statement.count);
  if (!k) return k;
  if (statement.chain) {
    if (auto link = chain_link_log_bits(circuit); !link) return link.error();
    for (const ByteSpan end : {statement.head, statement.tail}) {
      if (end.size() != circuit.output_bytes()) {
        return make_error(Errc::invalid_argument, "boolean: a chain's head and tail are " +
                                                      std::to_string(circuit.output_bytes()) +
                                                      " bytes each (got " +
                                                      std::to_string(end.size()) + ")");
      }
    }
    return k;
  }
  const std::size_t count = statement.count;
  if (!statement.public_inputs.empty() &&
      statement.public_inputs.size() != count * circuit.input_bytes()) {
    return wrong_length(circuit, count, statement.public_inputs.size(), "input",
                        circuit.input_bytes());
  }
  if (statement.outputs.size() != count * circuit.output_bytes()) {
    return wrong_length(circuit, count, statement.outputs.size(), "output", circuit.output_bytes());
  }
  return k;
}

zk::Composition product_constraint() {
  zk::Composition c(3);
  c.add(c.mul(c.column(0), c.column(1)), c.column(2));
  return c;
}

zk::Composition pair_product() {
  zk::Composition c(2);
  c.mul(c.column(0), c.column(1));
  return c;
}

std::vector<B128P> row_weights(B128 y, std::span<const B128> r_words) {
  const std::vector<B128P> l = to_polyval(lagrange(y)), eq = eq_polyval(r_words);
  std::vector<B128P> rho(l.size() * eq.size());
  for (std::size_t w = 0; w < eq.size(); ++w) {
    for (std::size_t b = 0; b < l.size(); ++b) rho[l.size() * w + b] = l[b] * eq[w];
  }
  return rho;
}

LincheckWeights lincheck_weights(const Circuit& circuit, std::vector<B128P> rho,
                                 const LincheckChallenges& challenges) {
  // Three tables of 2^m0 values (ρ becomes β·ρ in place): fresh memory is what the verifier's
  // time goes to on hosts that fault pages in slowly.
  const auto& [alpha, beta, gamma, delta] = challenges.coefficients;
  const auto& kernel = binius::active_polyval_kernel();
  std::vector<B128P> columns(rho.size()), wa(rho.size());
  kernel.mul_scalar(rho.data(), to_polyval(gamma), columns.data(), rho.size());
  kernel.mul_scalar(rho.data(), to_polyval(alpha), wa.data(), rho.size());
  kernel.mul_scalar(rho.data(), to_polyval(beta), rho.data(), rho.size());
  const B128P constant = circuit.transpose(wa, rho, columns);
  if (!challenges.u.empty()) {
    const std::vector<B128P> slot = eq_polyval(challenges.u);
    const B128P d = to_polyval(delta);
    for (std::size_t y = 0; y < slot.size(); ++y)
      columns[circuit.output_offset() + y] += d * slot[y];
  }
  if (!challenges.u_in.empty()) {
    const std::vector<B128P> inputs = eq_polyval(challenges.u_in);
    const B128P e = to_polyval(challenges.epsilon);
    for (std::size_t j = 0; j < 8 * circuit.input_bytes(); ++j) columns[j] += e * inputs[j];
  }
  return {std::move(columns), to_canonical(constant)};
}

B128 lincheck_sum(const Circuit& circuit, const LincheckChallenges& challenges,
                  const std::array<B128, 3>& zero, const Statement& statement,
                  std::span<const B128> r_out, B128 constant) {
  const auto& [alpha, beta, gamma, delta] = challenges.coefficients;
  B128 sum = alpha * zero[0] + beta * zero[1] + gamma * zero[2] + constant;
  if (!challenges.u.empty()) {
    const Bytes padding = statement.count < (std::size_t{1} << r_out.size())
                              ? padding_instance(circuit).outputs
                              : Bytes{};
    sum += delta * records_extension(statement.outputs, circuit.output_bytes(), challenges.u, r_out,
                                     padding);
  }
  if (!challenges.u_in.empty()) {
    // The inputs' bits as z holds them (place_inputs), instance after instance.
    const ByteSpan inputs = statement.public_inputs;
    const std::size_t count = statement.count, words = circuit.input_words();
    std::vector<std::uint64_t> regions(count * words);
    for (std::size_t i = 0; i < count; ++i) {
      circuit.place_inputs(inputs.subspan(i * circuit.input_bytes(), circuit.input_bytes()),
                           std::span(regions).subspan(i * words, words));
    }
    const ByteSpan bytes(reinterpret_cast<const std::uint8_t*>(regions.data()),
                         regions.size() * 8);  // little-endian host
    sum += challenges.epsilon * records_extension(bytes, 8 * words, challenges.u_in, r_out);
  }
  return sum;
}

B128 evaluate_table(std::span<const B128P> values, std::span<const B128> point) {
  // eq(point, ·) = eq_lo ⊗ eq_hi: two tables of about √|values| entries instead of one of |values|.
  const std::size_t lo_vars = point.size() / 2;
  const std::vector<B128P> eq_lo = eq_polyval(point.first(lo_vars)),
                           eq_hi = eq_polyval(point.subspan(lo_vars));
  const auto& kernel = binius::active_polyval_kernel();
  std::vector<B128P> scratch(eq_lo.size());
  B128P sum;
  for (std::size_t hi = 0; hi < eq_hi.size(); ++hi) {
    kernel.mul(values.data() + hi * eq_lo.size(), eq_lo.data(), scratch.data(), eq_lo.size());
    B128P inner;
    for (const B128P& v : scratch) inner += v;
    sum += eq_hi[hi] * inner;
  }
  return to_canonical(sum);
}

std::vector<std::array<B128P, 256>> byte_tables(std::span<const B128P> eq_slot, std::size_t bytes) {
  std::vector<std::array<B128P, 256>> by_byte(bytes);
  for (std::size_t byte = 0; byte < bytes; ++byte) {
    auto& table = by_byte[byte];
    table[0] = B128P::zero();
    for (unsigned bit = 0; bit < 8; ++bit) {
      const unsigned half = 1u << bit;
      for (unsigned x = 0; x < half; ++x) table[half + x] = table[x] + eq_slot[8 * byte + bit];
    }
  }
  return by_byte;
}

B128 records_extension(ByteSpan records, std::size_t record, std::span<const B128> u,
                       std::span<const B128> v, ByteSpan padding) {
  // eq(u, ·) = eq(u_lo, ·) ⊗ eq(u_hi, ·) over 128-bit chunks: byte tables for a chunk's 16 byte
  // positions (64 KiB) and one product per chunk, instead of a table per byte position of the
  // record (1 MiB for 256-byte records, which made the lookups twice as slow; 64-bit chunks,
  // 32 KiB of tables but twice the products, measured 1.5 ms slower on 16 MB).
  const auto lo_vars = std::min<unsigned>(7, static_cast<unsigned>(u.size()));  // ≥ 3: bytes
  const std::size_t chunk = (std::size_t{1} << lo_vars) / 8, chunks = (record + chunk - 1) / chunk;
  const std::vector<std::array<B128P, 256>> tables =
      byte_tables(eq_polyval(u.first(lo_vars)), chunk);
  const std::vector<B128P> eq_hi = eq_polyval(u.subspan(lo_vars)), eq_instance = eq_polyval(v);
  const auto& kernel = binius::active_polyval_kernel();
  std::vector<B128P> partial(chunks);
  const auto record_sum = [&](const std::uint8_t* bytes) {
    for (std::size_t c = 0; c < chunks; ++c) {
      B128P sum;
      for (std::size_t q = 0; q < chunk && c * chunk + q < record; ++q)
        sum += tables[q][bytes[c * chunk + q]];
      partial[c] = sum;
    }
    kernel.mul(partial.data(), eq_hi.data(), partial.data(), chunks);
    B128P sum;
    for (const B128P& p : partial) sum += p;
    return sum;
  };
  const std::size_t count = std::min(eq_instance.size(), records.size() / record);
  B128P sum;
  for (std::size_t i = 0; i < count; ++i) sum += eq_instance[i] * record_sum(&records[i * record]);
  if (!padding.empty() && count < eq_instance.size()) {
    B128P rest;  // the padding instances' share of eq
    for (std::size_t i = count; i < eq_instance.size(); ++i) rest += eq_instance[i];
    sum += rest * record_sum(padding.data());
  }
  return to_canonical(sum);
}

Bytes encode_proof(ByteSpan tape, ByteSpan opening) {
  Bytes out(kProofMagic, kProofMagic + sizeof kProofMagic);
  out.push_back(kProofVersion);
  const auto size = static_cast<std::uint32_t>(tape.size());
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<std::uint8_t>(size >> (8 * i)));
  out.insert(out.end(), tape.begin(), tape.end());
  out.insert(out.end(), opening.begin(), opening.end());
  return out;
}

Result<DecodedProof> decode_proof(ByteSpan proof) {
  constexpr std::size_t kHeader = sizeof kProofMagic + 1 + 4;
  if (proof.size() < kHeader || !std::equal(kProofMagic, kProofMagic + 4, proof.begin())) {
    return make_error(Errc::malformed_input, "boolean: not a proof of the Boolean engine");
  }
  if (proof[4] != kProofVersion) {
    return make_error(Errc::malformed_input,
                      "boolean: proof format version " + std::to_string(proof[4]) +
                          ", this verifier reads version " + std::to_string(kProofVersion));
  }
  std::uint32_t size = 0;
  for (int i = 0; i < 4; ++i) size |= std::uint32_t{proof[5 + i]} << (8 * i);
  if (size > proof.size() - kHeader) {
    return make_error(Errc::corrupt_data, "boolean: proof shorter than its protocol tape");
  }
  return DecodedProof{proof.subspan(kHeader, size), proof.subspan(kHeader + size)};
}

}  // namespace merkleforge::boolean::detail

namespace merkleforge::boolean {

namespace detail {

namespace {

/// Length, then BLAKE3 of the bytes: public outputs and inputs run to megabytes (4,000,000 u32
/// results: 16 MB), and the hash layer's many-lane BLAKE3 absorbs them about 3× faster than
/// SHA-256 would.
void put_bulk(Sha256& h, ByteSpan bytes) {
  framed::put_u64(h, bytes.size());
  const Digest32 digest = Blake3::digest(bytes);
  h.update(digest);
}

/// The links, the fixed ports and their values, each list framed by its length, and the word
/// "wiring" after them (no chain's or outputs' fields frame like this).
void put_wiring(Sha256& h, const Wiring& wiring) {
  Bytes ports;
  const auto put_u32 = [&](std::uint32_t v) {
    for (int i = 0; i < 4; ++i) ports.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
  };
  for (const Link& link : wiring.links) {
    put_u32(link.from.instance), put_u32(link.from.port);
    put_u32(link.to.instance), put_u32(link.to.port);
  }
  put_bulk(h, ports);
  ports.clear();
  for (const Port& port : wiring.fixed) put_u32(port.instance), put_u32(port.port);
  put_bulk(h, ports);
  put_bulk(h, wiring.fixed_values);
  framed::put_string(h, "wiring");
}

}  // namespace

Digest32 digest_of(const Circuit& circuit, const Statement& statement) {
  using framed::put_bytes, framed::put_string, framed::put_u64;
  Sha256 h;
  put_string(h, kProtocol);
  put_string(h, circuit.name());
  put_u64(h, circuit.log_bits());
  put_u64(h, circuit.input_bytes());
  put_u64(h, circuit.output_bytes());
  put_u64(h, statement.count);
  put_string(h, pcs::profile_name(statement.commitment));
  if (statement.wiring != nullptr) {
    put_wiring(h, *statement.wiring);
  } else if (statement.chain) {
    put_bytes(h, statement.tail);
    put_bytes(h, statement.head);
    put_string(h, "chain");  // a third field: no list of outputs and inputs frames like this
  } else {
    put_bulk(h, statement.outputs);
    put_bulk(h, statement.public_inputs);  // length-framed: empty (private) differs from any list
  }
  return h.finalize();
}

Result<EngineParams> params_of(const Circuit& circuit, const Statement& statement) {
  auto k = log_count(statement.count);
  if (!k) return k.error();
  const unsigned m0 = circuit.log_bits(), n = m0 + *k;
  if (n < kSkipVars + kPinnedVars) {
    return make_error(Errc::invalid_argument,
                      "boolean: fewer than 9 row variables (" + std::string(circuit.name()) + ")");
  }
  std::vector<soundness::Term> protocol = {
      soundness::skip_zerocheck("zerocheck A·B = z (univariate skip)", n, kSkipVars, kPinnedVars,
                                2),
      soundness::group_batching("lincheck batching (α, β, γ, δ)", 1, 1),
      soundness::sumcheck("lincheck", 1, m0, 2)};
  if (statement.wiring != nullptr) {
    const unsigned vars = circuit.output_log_bits() + link_vars(*statement.wiring) +
                          fixed_vars(*statement.wiring) + 1;
    protocol.push_back(
        soundness::linear_check("wiring's links and fixed ports (at v, μ)", 1, vars));
    protocol.push_back(soundness::sumcheck("wiring", 1, *k, 2));
  } else if (statement.chain) {
    const unsigned link = circuit.output_log_bits();
    protocol.push_back(
        soundness::linear_check("chain links, head and tail (at v, λ_h, λ_t)", 1, link + *k + 1));
    protocol.push_back(soundness::sumcheck("chain links", 1, *k, 2));
  } else {
    protocol.push_back(soundness::linear_check("outputs on their slots (at u and r_out)", 1,
                                               circuit.output_log_bits() + *k));
  }
  if (!statement.public_inputs.empty()) {
    protocol.push_back(soundness::linear_check("inputs on their bits (at u_in and r_out)", 1,
                                               input_log_bits(circuit) + *k));
  }
  if (const auto region = circuit.mul_region()) {
    const std::vector<soundness::Term> mul = mul_terms(*region, *k);
    protocol.insert(protocol.end(), mul.begin(), mul.end());
  }
  for (unsigned extra = 0; extra <= 4; ++extra) {
    const pcs::PcsConfig config = pcs::profile_config(statement.commitment, kSecurityBits + extra);
    auto pcs_params = pcs::derive_params({{0, n}}, config);
    if (!pcs_params) return pcs_params.error();
    EngineParams params{*pcs_params, {protocol}};
    params.soundness.terms.insert(params.soundness.terms.end(), pcs_params->soundness.terms.begin(),
                                  pcs_params->soundness.terms.end());
    if (params.soundness.work_bits() >= kSecurityBits) return params;
  }
  return make_error(Errc::invalid_argument, "boolean: the security target cannot be reached");
}

}  // namespace detail

Digest32 statement_digest(const Circuit& circuit, std::size_t count, ByteSpan outputs,
                          ByteSpan public_inputs, pcs::Profile commitment) {
  return detail::digest_of(
      circuit, detail::Statement::of_outputs(count, outputs, public_inputs, commitment));
}

Digest32 chain_statement_digest(const Circuit& circuit, std::size_t count, ByteSpan head,
                                ByteSpan tail, pcs::Profile commitment) {
  return detail::digest_of(circuit, detail::Statement::of_chain(count, head, tail, commitment));
}

Result<EngineParams> derive_params(const Circuit& circuit, std::size_t count, bool public_inputs,
                                   pcs::Profile commitment) {
  // Any non-empty span marks the inputs public: the terms depend on that alone.
  static constexpr std::uint8_t kMarker = 0;
  return detail::params_of(
      circuit, detail::Statement::of_outputs(
                   count, {}, public_inputs ? ByteSpan(&kMarker, 1) : ByteSpan{}, commitment));
}

Result<EngineParams> derive_chain_params(const Circuit& circuit, std::size_t count,
                                         pcs::Profile commitment) {
  return detail::params_of(circuit, detail::Statement::of_chain(count, {}, {}, commitment));
}

Digest32 wired_statement_digest(const Circuit& circuit, const Wiring& wiring,
                                pcs::Profile commitment) {
  return detail::digest_of(circuit, detail::Statement::of_wiring(wiring, commitment));
}

Result<EngineParams> derive_wired_params(const Circuit& circuit, const Wiring& wiring,
                                         pcs::Profile commitment) {
  auto k = detail::check_wiring(circuit, wiring);
  if (!k) return k.error();
  return detail::params_of(circuit, detail::Statement::of_wiring(wiring, commitment));
}

namespace {

/// The engine, the circuit and its instances, the commitment's parameters and the soundness
/// account.
std::string describe_params(const Circuit& circuit, std::size_t count, const EngineParams& params,
                            const std::string& statement) {
  const unsigned n = circuit.log_bits() + *detail::log_count(count);  // params_of checked it
  std::string out =
      "engine: " + std::string(kProtocol) + "\ncircuit: " + std::string(circuit.name()) + ", " +
      std::to_string(count) + " instances of 2^" + std::to_string(circuit.log_bits()) +
      " committed bits (z: one B1 polynomial of " + std::to_string(n) + " variables)\n" + statement;
  out += pcs::describe_parameters(params.pcs);
  out += params.soundness.describe(kSecurityBits);
  return out;
}

}  // namespace

Result<std::string> describe(const Circuit& circuit, std::size_t count, bool public_inputs,
                             pcs::Profile commitment) {
  auto params = derive_params(circuit, count, public_inputs, commitment);
  if (!params) return params.error();
  return describe_params(circuit, count, *params, "");
}

Result<std::string> describe_wired(const Circuit& circuit, const Wiring& wiring,
                                   pcs::Profile commitment) {
  auto params = derive_wired_params(circuit, wiring, commitment);
  if (!params) return params.error();
  return describe_params(circuit, wiring.count, *params,
                         "wiring: " + std::to_string(wiring.links.size()) + " links, " +
                             std::to_string(wiring.fixed.size()) + " fixed ports\n");
}

}  // namespace merkleforge::boolean
