#include "merkleforge/verkle/multiproof.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <unordered_map>
#include <vector>

#include "merkleforge/parallel/parallel.hpp"
#include "merkleforge/verkle/msm.hpp"
#include "merkleforge/verkle/pedersen.hpp"

namespace merkleforge::verkle {
namespace {

constexpr std::size_t kPointSize = 32;

using Encoding = std::array<std::uint8_t, kPointSize>;

template <class Query>
std::vector<Element> commitments_of(std::span<const Query> queries) {
  std::vector<Element> commitments;
  commitments.reserve(queries.size());
  for (const Query& query : queries) commitments.push_back(query.commitment);
  return commitments;
}

/// Absorbs the claims (C_i, z_i, y_i) in query order and returns r^0, r^1, ..., r^(count−1).
std::vector<Fr> absorb_queries(Transcript& transcript, std::span<const Encoding> commitments,
                               std::span<const std::uint8_t> points, std::span<const Fr> values) {
  transcript.domain_separator("multiproof");
  for (std::size_t i = 0; i < commitments.size(); ++i) {
    transcript.append_point_bytes("C", commitments[i]);
    transcript.append_scalar("z", Fr::from_u64(points[i]));
    transcript.append_scalar("y", values[i]);
  }
  const Fr r = transcript.challenge_scalar("r");
  std::vector<Fr> powers(commitments.size());
  Fr power = Fr::one();
  for (Fr& entry : powers) {
    entry = power;
    power *= r;
  }
  return powers;
}

/// 1 / (t − z) for every domain point z.
Polynomial inverse_distances(const Fr& t) {
  Polynomial inverses;
  for (std::size_t z = 0; z < kDomainSize; ++z) inverses[z] = t - Fr::from_u64(z);
  Fr::batch_inverse(inverses);
  return inverses;
}

/// The queries' polynomials combined per opening point: sums[z] = Σ_{i : z_i = z} r^i · f_i.
/// Both g and h are linear in these sums, so the costly pass over all openings happens once.
struct PointSums {
  std::vector<Polynomial> sums = std::vector<Polynomial>(kDomainSize);
  std::array<bool, kDomainSize> used{};
};

PointSums sum_by_point(std::span<const ProverQuery> queries, std::span<const Fr> powers) {
  PointSums result;
  for (const ProverQuery& query : queries) result.used[query.point] = true;
  // Each task owns a band of coordinates X of every sum, so tasks never share an output.
  constexpr std::size_t kBand = 16;
  // Grain 1: a band is a pass over every query (16 bands).
  parallel_for(kDomainSize / kBand, 1, [&](std::size_t first_band, std::size_t end_band) {
    for (std::size_t band = first_band; band < end_band; ++band) {
      const std::size_t begin = band * kBand;
      std::array<Fr, kBand> power, scaled;
      for (std::size_t i = 0; i < queries.size(); ++i) {
        Polynomial& sum = result.sums[queries[i].point];
        power.fill(powers[i]);
        // The band's products side by side (eight per IFMA step where the CPU has it).
        Fr::batch_mul(scaled, std::span(queries[i].polynomial).subspan(begin, kBand), power);
        for (std::size_t x = 0; x < kBand; ++x) sum[begin + x] += scaled[x];
      }
    }
  });
  return result;
}

/// g = Σ_z (sums[z](X) − sums[z](z)) / (X − z).
Polynomial quotient_sum(const PointSums& point_sums) {
  const LagrangeDomain& domain = LagrangeDomain::instance();
  Polynomial g{};
  for (std::size_t z = 0; z < kDomainSize; ++z) {
    if (!point_sums.used[z]) continue;
    const Polynomial q = domain.divide_on_domain(point_sums.sums[z], static_cast<std::uint8_t>(z));
    for (std::size_t x = 0; x < kDomainSize; ++x) g[x] += q[x];
  }
  return g;
}

/// h = Σ_z sums[z] / (t − z).
Polynomial evaluation_sum(const PointSums& point_sums, const Polynomial& inverse_distance) {
  Polynomial h{};
  for (std::size_t z = 0; z < kDomainSize; ++z) {
    if (!point_sums.used[z]) continue;
    for (std::size_t x = 0; x < kDomainSize; ++x) {
      h[x] += point_sums.sums[z][x] * inverse_distance[z];
    }
  }
  return h;
}

/// A sum Σ coefficients[i] · points[i] over distinct points.
struct DistinctTerms {
  std::vector<Element> points;
  std::vector<Fr> coefficients;
};

struct EncodingHash {
  std::size_t operator()(const Encoding& encoding) const {
    std::uint64_t prefix;  // the x coordinate's bytes are as good as random
    std::memcpy(&prefix, encoding.data() + kPointSize - sizeof prefix, sizeof prefix);
    return static_cast<std::size_t>(prefix);
  }
};

/// A node of a Verkle tree is usually opened at several points; its commitment then needs one MSM
/// term with the summed coefficient. Equal encodings mean equal group elements.
DistinctTerms merge_equal_commitments(std::span<const Element> commitments,
                                      std::span<const Encoding> encodings,
                                      std::span<const Fr> coefficients) {
  DistinctTerms terms;
  std::unordered_map<Encoding, std::size_t, EncodingHash> slot_of;
  slot_of.reserve(commitments.size());
  for (std::size_t i = 0; i < commitments.size(); ++i) {
    const auto [it, inserted] = slot_of.try_emplace(encodings[i], terms.points.size());
    if (inserted) {
      terms.points.push_back(commitments[i]);
      terms.coefficients.push_back(coefficients[i]);
    } else {
      terms.coefficients[it->second] += coefficients[i];
    }
  }
  return terms;
}

Error empty_query_list() {
  return make_error(Errc::invalid_argument, "a multiproof needs at least one opening");
}

}  // namespace

std::array<std::uint8_t, MultiProof::kEncodedSize> MultiProof::to_bytes() const {
  std::array<std::uint8_t, kEncodedSize> out{};
  std::ranges::copy(ipa.to_bytes(), std::ranges::copy(d.to_bytes(), out.begin()).out);
  return out;
}

Result<MultiProof> MultiProof::from_bytes(ByteSpan bytes) {
  if (bytes.size() != kEncodedSize) {
    return make_error(Errc::wrong_size,
                      "multiproof must be 576 bytes, got " + std::to_string(bytes.size()));
  }
  auto d = Element::from_bytes(bytes.first(kPointSize));
  if (!d) return make_error(Errc::malformed_input, "multiproof point D: " + d.error().message);
  auto ipa = IpaProof::from_bytes(bytes.subspan(kPointSize));
  if (!ipa) return ipa.error();
  return MultiProof{*d, *ipa};
}

Result<MultiProof> multiproof_prove(Transcript& transcript, std::span<const ProverQuery> queries) {
  if (queries.empty()) return empty_query_list();
  std::vector<std::uint8_t> points(queries.size());
  std::vector<Fr> values(queries.size());
  for (std::size_t i = 0; i < queries.size(); ++i) {
    points[i] = queries[i].point;
    values[i] = queries[i].polynomial[queries[i].point];
  }
  const std::vector<Fr> powers =
      absorb_queries(transcript, Element::batch_to_bytes(commitments_of(queries)), points, values);

  const PointSums point_sums = sum_by_point(queries, powers);
  const Polynomial g = quotient_sum(point_sums);
  const Element d = commit(g);
  transcript.append_point("D", d);
  const Fr t = transcript.challenge_scalar("t");

  Polynomial h = evaluation_sum(point_sums, inverse_distances(t));
  const Element e = commit(h);
  transcript.append_point("E", e);
  for (std::size_t x = 0; x < kDomainSize; ++x) h[x] -= g[x];
  return MultiProof{d, ipa_prove(transcript, e - d, h, t)};
}

Status multiproof_verify(Transcript& transcript, std::span<const VerifierQuery> queries,
                         const MultiProof& proof) {
  if (queries.empty()) return empty_query_list();
  std::vector<std::uint8_t> points(queries.size());
  std::vector<Fr> values(queries.size());
  for (std::size_t i = 0; i < queries.size(); ++i) {
    points[i] = queries[i].point;
    values[i] = queries[i].value;
  }
  const std::vector<Element> commitments = commitments_of(queries);
  const std::vector<Encoding> encodings = Element::batch_to_bytes(commitments);
  const std::vector<Fr> powers = absorb_queries(transcript, encodings, points, values);
  transcript.append_point("D", proof.d);
  const Fr t = transcript.challenge_scalar("t");

  // E = Σ_i r^i / (t − z_i) · C_i and (h − g)(t) = Σ_i r^i · y_i / (t − z_i).
  const Polynomial inverse_distance = inverse_distances(t);
  std::vector<Fr> coefficients(queries.size());
  Fr claimed_value = Fr::zero();
  for (std::size_t i = 0; i < queries.size(); ++i) {
    coefficients[i] = powers[i] * inverse_distance[points[i]];
    claimed_value += coefficients[i] * values[i];
  }
  const DistinctTerms terms = merge_equal_commitments(commitments, encodings, coefficients);
  const Element e = msm(terms.points, terms.coefficients);
  transcript.append_point("E", e);
  return ipa_verify(transcript, e - proof.d, t, claimed_value, proof.ipa);
}

}  // namespace merkleforge::verkle
