// prove_keys: the openings of witness.hpp, gathered from the trie with their polynomials, proven
// with one multiproof.
#include <map>
#include <set>

#include "merkleforge/verkle/multiproof.hpp"
#include "merkleforge/verkle/witness.hpp"
#include "trie_nodes.hpp"

namespace merkleforge::verkle {

namespace {

using detail::InternalNode;
using detail::LeafNode;
using Path = Bytes;

struct CommittedPolynomial {
  Element commitment;
  std::array<Fr, 256> values{};
};

/// What the proof of a set of stems opens: the committed polynomial of every node on their
/// paths (by path) and the (path, z) points, both in the order the transcript takes them.
class ProofPlan {
 public:
  CommittedPolynomial& node(const Path& path) { return nodes_[path]; }
  bool has_node(const Path& path) const { return nodes_.contains(path); }
  void open(const Path& path, std::uint8_t z) { openings_.emplace(path, z); }

  void add_internal(const Path& path, const InternalNode& node) {
    if (has_node(path)) return;
    CommittedPolynomial& entry = nodes_[path];
    entry.commitment = node.commitment;
    entry.values = node.slots;
  }

  void add_leaf(const Path& path, const LeafNode& leaf) {
    if (has_node(path)) return;
    CommittedPolynomial& entry = nodes_[path];
    entry.commitment = leaf.commitment;
    entry.values[0] = Fr::one();
    entry.values[1] = detail::stem_scalar(leaf.stem);
    entry.values[2] = leaf.c1_hash;
    entry.values[3] = leaf.c2_hash;
  }

  void add_half(const Path& path, const LeafNode& leaf, bool upper) {
    if (has_node(path)) return;
    CommittedPolynomial& entry = nodes_[path];
    entry.commitment = upper ? leaf.c2 : leaf.c1;
    for (const auto& [suffix, value] : leaf.values) {
      if ((suffix >= 128) != upper) continue;
      const auto [lo, hi] = detail::value_scalars(value);
      entry.values[2 * (suffix % 128)] = lo;
      entry.values[2 * (suffix % 128) + 1] = hi;
    }
  }

  std::vector<ProverQuery> queries() const {
    std::vector<ProverQuery> out;
    for (const auto& [path, z] : openings_) {
      const CommittedPolynomial& entry = nodes_.at(path);
      out.push_back({entry.commitment, std::span<const Fr, 256>(entry.values), z});
    }
    return out;
  }

  /// Compressed commitments of every path but the root, in path order.
  std::vector<Point32> commitments_by_path() const {
    std::vector<Element> points;
    for (const auto& [path, entry] : nodes_) {
      if (!path.empty()) points.push_back(entry.commitment);
    }
    return Element::batch_to_bytes(points);
  }

 private:
  std::map<Path, CommittedPolynomial> nodes_;
  std::set<std::pair<Path, std::uint8_t>> openings_;
};

struct StemProof {
  std::uint8_t depth_extension = 0;
  std::optional<Stem> other_stem;  // the stem found at the path, for an absent-other claim
};

/// Walks stem's path, adding what its claim opens; returns its depth/extension byte.
StemProof plan_stem(ProofPlan& plan, const InternalNode& root, const Stem& stem,
                    const std::vector<std::uint8_t>& suffixes) {
  const InternalNode* node = &root;
  Path path;
  for (std::size_t depth = 0;; ++depth) {
    plan.add_internal(path, *node);
    plan.open(path, stem[depth]);
    const detail::Node* child = node->children[stem[depth]].get();
    path.push_back(stem[depth]);
    const auto byte = [&](std::uint8_t extension) {
      return static_cast<std::uint8_t>(((depth + 1) << 3) | extension);
    };
    if (child == nullptr) return {byte(0), std::nullopt};
    if (!child->is_leaf) {
      node = static_cast<const InternalNode*>(child);
      continue;
    }
    const auto& leaf = static_cast<const LeafNode&>(*child);
    plan.add_leaf(path, leaf);
    plan.open(path, 0);
    plan.open(path, 1);
    if (leaf.stem != stem) return {byte(1), leaf.stem};
    for (std::uint8_t suffix : suffixes) {
      const bool upper = suffix >= 128;
      plan.open(path, upper ? 3 : 2);
      Path half_path = path;
      half_path.push_back(upper ? 3 : 2);
      plan.add_half(half_path, leaf, upper);
      plan.open(half_path, static_cast<std::uint8_t>(2 * (suffix % 128)));
      plan.open(half_path, static_cast<std::uint8_t>(2 * (suffix % 128) + 1));
    }
    return {byte(2), std::nullopt};
  }
}

void fill_proof_bytes(VerkleProof& out, const MultiProof& proof) {
  const auto bytes = proof.to_bytes();  // D ‖ L_0..L_7 ‖ R_0..R_7 ‖ a (little-endian)
  std::copy_n(bytes.begin(), 32, out.d.begin());
  for (std::size_t i = 0; i < 8; ++i) {
    std::copy_n(bytes.begin() + 32 + 32 * i, 32, out.cl[i].begin());
    std::copy_n(bytes.begin() + 288 + 32 * i, 32, out.cr[i].begin());
  }
  std::reverse_copy(bytes.begin() + 544, bytes.end(), out.final_evaluation_be.begin());
}

}  // namespace

Result<ExecutionWitness> prove_keys(VerkleTrie& trie, std::span<const TreeKey> keys) {
  if (keys.empty()) return make_error(Errc::invalid_argument, "no keys to prove");
  trie.root_commitment();
  std::map<Stem, std::set<std::uint8_t>> suffixes_by_stem;
  for (const TreeKey& key : keys) {
    Stem stem;
    std::copy_n(key.begin(), 31, stem.begin());
    suffixes_by_stem[stem].insert(key[31]);
  }
  ExecutionWitness witness;
  ProofPlan plan;
  std::set<Stem> other_stems;
  for (const auto& [stem, suffix_set] : suffixes_by_stem) {
    const std::vector<std::uint8_t> suffixes(suffix_set.begin(), suffix_set.end());
    const StemProof stem_proof = plan_stem(plan, *trie.root_, stem, suffixes);
    witness.verkle_proof.depth_extension_present.push_back(stem_proof.depth_extension);
    if (stem_proof.other_stem && !suffixes_by_stem.contains(*stem_proof.other_stem)) {
      other_stems.insert(*stem_proof.other_stem);
    }
    StemStateDiff diff{stem, {}};
    for (std::uint8_t suffix : suffixes) {
      TreeKey key;
      std::copy(stem.begin(), stem.end(), key.begin());
      key[31] = suffix;
      diff.suffix_diffs.push_back({suffix, trie.get(key), std::nullopt});
    }
    witness.state_diff.push_back(std::move(diff));
  }
  witness.verkle_proof.other_stems.assign(other_stems.begin(), other_stems.end());
  witness.verkle_proof.commitments_by_path = plan.commitments_by_path();
  Transcript transcript("vt");
  const Result<MultiProof> proof = multiproof_prove(transcript, plan.queries());
  if (!proof) return proof.error();
  fill_proof_bytes(witness.verkle_proof, *proof);
  return witness;
}

}  // namespace merkleforge::verkle
