#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "leaf_values.hpp"
#include "merkleforge/verkle/multiproof.hpp"
#include "merkleforge/verkle/witness.hpp"

namespace merkleforge::verkle {

namespace {

using Path = Bytes;  // the stem bytes leading to a node; C1/C2 nodes add one byte (2 or 3)

Error malformed(const std::string& what) {
  return make_error(Errc::malformed_input, "execution witness: " + what);
}

Path prefix(const Stem& stem, std::size_t length) {
  return Path(stem.begin(), stem.begin() + length);
}

/// The (path, z) openings the proof must cover, each with its value when the witness fixes it
/// (std::nullopt: the hash of the child commitment at path ‖ z, or 0 when there is none).
class Openings {
 public:
  Status add(const Path& path, std::uint8_t z, std::optional<Fr> y) {
    auto [it, inserted] = openings_.try_emplace({path, z}, y);
    if (!inserted && y) {
      if (it->second && !(*it->second == *y)) return malformed("contradictory openings");
      it->second = y;
    }
    paths_.insert(path);
    return Ok{};
  }

  const std::map<std::pair<Path, std::uint8_t>, std::optional<Fr>>& openings() const {
    return openings_;
  }
  const std::set<Path>& paths() const { return paths_; }

 private:
  // std::map orders (path, z) by path bytes — a prefix before its extensions — then z: the
  // order in which go-verkle and rust-verkle put the queries into the transcript.
  std::map<std::pair<Path, std::uint8_t>, std::optional<Fr>> openings_;
  std::set<Path> paths_;
};

struct StemClaim {
  const StemStateDiff* diff;
  std::size_t depth;
  std::uint8_t extension;  // 0 empty slot, 1 another stem, 2 present
};

Result<std::vector<StemClaim>> stem_claims(const ExecutionWitness& witness) {
  const auto& diffs = witness.state_diff;
  const Bytes& depths = witness.verkle_proof.depth_extension_present;
  if (depths.size() != diffs.size()) {
    return malformed(std::to_string(depths.size()) + " depth bytes for " +
                     std::to_string(diffs.size()) + " stems");
  }
  std::vector<StemClaim> claims;
  for (std::size_t i = 0; i < diffs.size(); ++i) {
    if (i > 0 && !(diffs[i - 1].stem < diffs[i].stem))
      return malformed("stems not sorted or repeated");
    const std::size_t depth = depths[i] >> 3;
    const std::uint8_t extension = depths[i] & 7;
    if (extension > 2 || depth == 0 || depth > 31) return malformed("bad depth/extension byte");
    if (extension != 2) {
      for (const auto& suffix : diffs[i].suffix_diffs) {
        if (suffix.current_value) return malformed("a value under a stem proven absent");
      }
    }
    claims.push_back({&diffs[i], depth, extension});
  }
  return claims;
}

/// The stem whose leaf sits at `path` for an absent-other claim: a present stem of the witness,
/// else one of the other stems (marked used).
Result<Stem> other_stem_at(const Path& path, const std::vector<StemClaim>& claims,
                           const std::vector<Stem>& other_stems, std::vector<bool>& used) {
  for (const StemClaim& claim : claims) {
    if (claim.extension == 2 && prefix(claim.diff->stem, claim.depth) == path)
      return claim.diff->stem;
  }
  for (std::size_t i = 0; i < other_stems.size(); ++i) {
    if (prefix(other_stems[i], path.size()) == path) {
      used[i] = true;
      return other_stems[i];
    }
  }
  return malformed("no stem for a proof of absence");
}

Status add_leaf_openings(Openings& openings, const Path& leaf_path, const Stem& stem) {
  if (Status s = openings.add(leaf_path, 0, Fr::one()); !s) return s;
  return openings.add(leaf_path, 1, detail::stem_scalar(stem));
}

Status add_value_openings(Openings& openings, const Path& leaf_path, const SuffixStateDiff& diff) {
  const std::uint8_t half = diff.suffix < 128 ? 2 : 3;
  if (Status s = openings.add(leaf_path, half, std::nullopt); !s) return s;
  Path half_path = leaf_path;
  half_path.push_back(half);
  const auto [lo, hi] = detail::value_scalars(diff.current_value);
  const auto slot = static_cast<std::uint8_t>(2 * (diff.suffix % 128));
  if (Status s = openings.add(half_path, slot, lo); !s) return s;
  return openings.add(half_path, static_cast<std::uint8_t>(slot + 1), hi);
}

Result<Openings> openings_of(const ExecutionWitness& witness) {
  Result<std::vector<StemClaim>> claims = stem_claims(witness);
  if (!claims) return claims.error();
  const auto& other_stems = witness.verkle_proof.other_stems;
  std::vector<bool> used(other_stems.size(), false);
  Openings openings;
  for (const StemClaim& claim : *claims) {
    const Stem& stem = claim.diff->stem;
    for (std::size_t k = 0; k < claim.depth; ++k) {
      if (Status s = openings.add(prefix(stem, k), stem[k], std::nullopt); !s) return s.error();
    }
    const Path leaf_path = prefix(stem, claim.depth);
    Status status = Ok{};
    if (claim.extension == 0) {
      status = openings.add(prefix(stem, claim.depth - 1), stem[claim.depth - 1], Fr::zero());
    } else if (claim.extension == 1) {
      Result<Stem> other = other_stem_at(leaf_path, *claims, other_stems, used);
      if (!other) return other.error();
      if (*other == stem) return malformed("a stem proven absent by itself");
      status = add_leaf_openings(openings, leaf_path, *other);
    } else {
      status = add_leaf_openings(openings, leaf_path, stem);
      for (const auto& diff : claim.diff->suffix_diffs) {
        if (status) status = add_value_openings(openings, leaf_path, diff);
      }
    }
    if (!status) return status.error();
  }
  if (std::find(used.begin(), used.end(), false) != used.end())
    return malformed("unused other stem");
  return openings;
}

Result<MultiProof> multiproof_of(const VerkleProof& proof) {
  Bytes encoded(proof.d.begin(), proof.d.end());
  for (const Point32& point : proof.cl) encoded.insert(encoded.end(), point.begin(), point.end());
  for (const Point32& point : proof.cr) encoded.insert(encoded.end(), point.begin(), point.end());
  // JSON carries the final scalar big-endian; the proof encoding little-endian.
  encoded.insert(encoded.end(), proof.final_evaluation_be.rbegin(),
                 proof.final_evaluation_be.rend());
  Result<MultiProof> decoded = MultiProof::from_bytes(encoded);
  if (!decoded) return malformed("proof: " + decoded.error().message);
  return decoded;
}

}  // namespace

Status verify_execution_witness(const ExecutionWitness& witness, const Point32& pre_state_root) {
  const VerkleProof& proof = witness.verkle_proof;
  if (witness.state_diff.empty()) {
    if (!proof.commitments_by_path.empty() || !proof.other_stems.empty()) {
      return malformed("proof material without stems");
    }
    return Ok{};
  }
  Result<Openings> openings = openings_of(witness);
  if (!openings) return openings.error();
  const std::set<Path>& paths = openings->paths();
  if (paths.size() != proof.commitments_by_path.size() + 1 || !paths.begin()->empty()) {
    return malformed(std::to_string(proof.commitments_by_path.size()) + " commitments for " +
                     std::to_string(paths.size()) + " paths besides the root");
  }
  // Commitments by path: the trusted root first (the empty path sorts first), then the proof's.
  std::vector<Element> commitments;
  Result<Element> root = Element::from_bytes(pre_state_root);
  if (!root) return malformed("pre-state root: " + root.error().message);
  commitments.push_back(*root);
  for (const Point32& bytes : proof.commitments_by_path) {
    Result<Element> point = Element::from_bytes(bytes);
    if (!point) return malformed("commitment: " + point.error().message);
    commitments.push_back(*point);
  }
  const std::vector<Fr> hashes = Element::batch_map_to_scalar_field(commitments);
  std::map<Path, std::size_t> index_of;
  for (const Path& path : paths) index_of.emplace(path, index_of.size());

  std::vector<VerifierQuery> queries;
  for (const auto& [opening, known] : openings->openings()) {
    const auto& [path, z] = opening;
    Fr y = Fr::zero();
    if (known) {
      y = *known;
    } else {
      Path child = path;
      child.push_back(z);
      if (const auto it = index_of.find(child); it != index_of.end()) y = hashes[it->second];
    }
    queries.push_back({commitments[index_of.at(path)], z, y});
  }
  Result<MultiProof> multiproof = multiproof_of(proof);
  if (!multiproof) return multiproof.error();
  Transcript transcript("vt");
  return multiproof_verify(transcript, queries, *multiproof);
}

}  // namespace merkleforge::verkle
