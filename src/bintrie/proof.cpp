// Multiproofs of the binary tree: prover and stateless verifier
// (include/merkleforge/bintrie/proof.hpp, which gives the encoding).
#include "merkleforge/bintrie/proof.hpp"

#include <algorithm>
#include <cstring>

#include "merkleforge/bintrie/proof_walk.hpp"
#include "merkleforge/hash/blake3.hpp"

namespace merkleforge::bintrie {

using detail::is_internal;
using detail::is_stem;
using detail::kEmpty;
using detail::stem_bit;

namespace {

template <class H>
Digest32 hash_pair(const Digest32& left, const Digest32& right) {
  std::uint8_t message[64];
  std::memcpy(message, left.data(), 32);
  std::memcpy(message + 32, right.data(), 32);
  return H::digest(ByteSpan(message, 64));
}

template <class H>
Digest32 hash_stem(const std::uint8_t* stem, const Digest32& subtree_root) {
  std::uint8_t message[64] = {};
  std::memcpy(message, stem, sizeof(Stem));
  std::memcpy(message + 32, subtree_root.data(), 32);
  return H::digest(ByteSpan(message, 64));
}

/// Keys sorted and distinct, with where each of the caller's keys went.
struct SortedKeys {
  std::vector<TreeKey> keys;
  std::vector<std::size_t> index_of_input;
};

SortedKeys sort_keys(std::span<const TreeKey> keys) {
  SortedKeys out;
  out.keys.assign(keys.begin(), keys.end());
  std::sort(out.keys.begin(), out.keys.end());
  out.keys.erase(std::unique(out.keys.begin(), out.keys.end()), out.keys.end());
  for (const TreeKey& key : keys) {
    out.index_of_input.push_back(static_cast<std::size_t>(
        std::lower_bound(out.keys.begin(), out.keys.end(), key) - out.keys.begin()));
  }
  return out;
}

/// Splits sorted keys sharing a path at `depth` by their stem bit there.
std::pair<std::span<const TreeKey>, std::span<const TreeKey>> split_by_bit(
    std::span<const TreeKey> keys, unsigned depth) {
  const auto mid = std::partition_point(keys.begin(), keys.end(), [depth](const TreeKey& k) {
    return stem_bit(k.data(), depth) == 0;
  });
  const auto left = static_cast<std::size_t>(mid - keys.begin());
  return {keys.first(left), keys.subspan(left)};
}

/// Sorted suffixes under subtree node (level, ·): the child is bit level - 1 of the suffix.
std::pair<std::span<const std::uint8_t>, std::span<const std::uint8_t>> split_suffixes(
    std::span<const std::uint8_t> suffixes, unsigned level) {
  const auto mid = std::partition_point(suffixes.begin(), suffixes.end(), [level](std::uint8_t s) {
    return ((s >> (level - 1)) & 1) == 0;
  });
  const auto left = static_cast<std::size_t>(mid - suffixes.begin());
  return {suffixes.first(left), suffixes.subspan(left)};
}

void put_hash(Bytes& out, const Digest32& hash) {
  out.push_back(proof_tag::kHash);
  out.insert(out.end(), hash.begin(), hash.end());
}

// ---- prover ----

template <class H>
class Prover {
 public:
  Prover(const BinaryTrie<H>& trie, Bytes& out) : trie_(trie), out_(out) {}

  void node(std::uint32_t ref, unsigned depth, std::span<const TreeKey> keys) {
    if (ref == kEmpty) {
      out_.push_back(proof_tag::kEmpty);
      return;
    }
    if (keys.empty()) {
      put_hash(out_, trie_.node_hash(ref));
      return;
    }
    if (is_internal(ref)) {
      out_.push_back(proof_tag::kInternal);
      // Fetching both children's links now overlaps the off-path child's cache miss with the
      // walk's (prefetching its hash as well measured slower).
      for (const std::uint32_t child : trie_.internal(ref).child) prefetch(child);
      const auto [left, right] = split_by_bit(keys, depth);
      node(trie_.internal(ref).child[0], depth + 1, left);
      node(trie_.internal(ref).child[1], depth + 1, right);
      return;
    }
    const auto& stem = trie_.stem_node(ref);
    out_.push_back(proof_tag::kStem);
    out_.insert(out_.end(), stem.stem.begin(), stem.stem.end());
    suffixes_.clear();
    for (const TreeKey& key : keys) {
      if (std::equal(stem.stem.begin(), stem.stem.end(), key.begin())) suffixes_.push_back(key[31]);
    }
    subtree(kStemSubtreeLevels, suffixes_, trie_.slots(stem));
  }

 private:
  using Slot = typename BinaryTrie<H>::Slot;

  void prefetch(std::uint32_t ref) const {
    if (ref == kEmpty) return;
    if (is_stem(ref)) {
      __builtin_prefetch(&trie_.stem_node(ref));
    } else {
      __builtin_prefetch(&trie_.internal(ref));
    }
  }

  /// Splits a subtree node's slots (sorted by suffix) between its children at `level`.
  static std::pair<std::span<const Slot>, std::span<const Slot>> split_slots(
      std::span<const Slot> slots, unsigned level) {
    const auto mid = std::partition_point(slots.begin(), slots.end(), [level](const Slot& slot) {
      return ((slot.suffix >> (level - 1)) & 1) == 0;
    });
    const auto left = static_cast<std::size_t>(mid - slots.begin());
    return {slots.first(left), slots.subspan(left)};
  }

  /// The hash of the subtree node at `level` holding `slots` (none: zero). Only the subtrees off
  /// the keys' paths are hashed, so a key alone in its stem costs no hash here.
  static Digest32 subtree_hash(unsigned level, std::span<const Slot> slots) {
    if (slots.empty()) return Digest32{};
    if (level == 0) return H::digest(slots.front().value);
    const auto [left, right] = split_slots(slots, level);
    return hash_pair<H>(subtree_hash(level - 1, left), subtree_hash(level - 1, right));
  }

  void subtree(unsigned level, std::span<const std::uint8_t> suffixes,
               std::span<const Slot> slots) {
    if (slots.empty()) {
      out_.push_back(proof_tag::kEmpty);
    } else if (suffixes.empty()) {
      put_hash(out_, subtree_hash(level, slots));
    } else if (level == 0) {
      out_.push_back(proof_tag::kLeaf);
      out_.insert(out_.end(), slots.front().value.begin(), slots.front().value.end());
    } else {
      out_.push_back(proof_tag::kInternal);
      const auto [left_suffixes, right_suffixes] = split_suffixes(suffixes, level);
      const auto [left_slots, right_slots] = split_slots(slots, level);
      subtree(level - 1, left_suffixes, left_slots);
      subtree(level - 1, right_suffixes, right_slots);
    }
  }

  const BinaryTrie<H>& trie_;
  Bytes& out_;
  std::vector<std::uint8_t> suffixes_;
};

// ---- verifier ----

/// The multiproof's nodes as hashes, the values of the leaves it reaches recorded.
template <class H>
struct HashingVisitor {
  using Node = Digest32;
  std::vector<std::optional<Digest32>>& values;

  Node empty() const { return Digest32{}; }
  Node empty_sibling() const { return Digest32{}; }
  bool is_empty(const Node& node) const { return node == Digest32{}; }
  bool sibling(ProofReader& reader, Node& out) const {
    const std::uint8_t* hash = reader.take(32, "truncated hash");
    if (hash == nullptr) return false;
    std::memcpy(out.data(), hash, 32);
    return out != Digest32{} || reader.fail("a zero hash must be sent as an empty node");
  }
  bool leaf(ProofReader& reader, std::size_t key, Node& out) const {
    const std::uint8_t* bytes = reader.take(32, "truncated leaf value");
    if (bytes == nullptr) return false;
    Digest32 value;
    std::memcpy(value.data(), bytes, 32);
    values[key] = value;
    out = H::digest(value);
    return true;
  }
  Node pair(const Node& left, const Node& right) const { return hash_pair<H>(left, right); }
  Node stem(const std::uint8_t* stem, const Node& subtree_root) const {
    return hash_stem<H>(stem, subtree_root);
  }
};

}  // namespace

template <class H>
Bytes prove(BinaryTrie<H>& trie, std::span<const TreeKey> keys) {
  trie.root();
  const SortedKeys sorted = sort_keys(keys);
  Bytes out;
  // About one tag and hash per level of the tree and of the stem subtree, per key.
  out.reserve(1 + 40 * 33 * std::min<std::size_t>(sorted.keys.size(), 1024));
  out.push_back(kProofVersion);
  Prover<H>(trie, out).node(trie.root_ref(), 0, sorted.keys);
  return out;
}

template <class H>
Result<std::vector<std::optional<Digest32>>> verify(const Digest32& root,
                                                    std::span<const TreeKey> keys, ByteSpan proof) {
  if (proof.empty() || proof[0] != kProofVersion) {
    return make_error(Errc::malformed_input, "binary-tree proof: unknown version");
  }
  const SortedKeys sorted = sort_keys(keys);
  std::vector<std::optional<Digest32>> values(sorted.keys.size());
  ProofReader reader(proof.subspan(1));
  HashingVisitor<H> visitor{values};
  Digest32 computed;
  if (!ProofWalk(reader, sorted.keys, visitor).root(computed)) {
    return make_error(Errc::malformed_input, "binary-tree proof: " + reader.error());
  }
  if (computed != root) {
    return make_error(Errc::corrupt_data, "binary-tree proof: does not reach the trusted root");
  }
  std::vector<std::optional<Digest32>> out;
  out.reserve(keys.size());
  for (const std::size_t i : sorted.index_of_input) out.push_back(values[i]);
  return out;
}

template Bytes prove<Sha256>(BinaryTrie<Sha256>&, std::span<const TreeKey>);
template Bytes prove<Blake3>(BinaryTrie<Blake3>&, std::span<const TreeKey>);
template Result<std::vector<std::optional<Digest32>>> verify<Sha256>(const Digest32&,
                                                                     std::span<const TreeKey>,
                                                                     ByteSpan);
template Result<std::vector<std::optional<Digest32>>> verify<Blake3>(const Digest32&,
                                                                     std::span<const TreeKey>,
                                                                     ByteSpan);

}  // namespace merkleforge::bintrie
