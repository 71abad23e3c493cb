// Multiproofs of the binary tree: prover and stateless verifier
// (include/merkleforge/bintrie/proof.hpp, which gives the encoding).
#include "merkleforge/bintrie/proof.hpp"

#include <algorithm>
#include <cstring>

#include "merkleforge/hash/blake3.hpp"

namespace merkleforge::bintrie {

using detail::is_internal;
using detail::is_stem;
using detail::kEmpty;
using detail::stem_bit;

namespace {

enum Tag : std::uint8_t {
  kTagEmpty = 0x00,
  kTagInternal = 0x01,
  kTagStem = 0x02,
  kTagHash = 0x03,
  kTagLeaf = 0x04,
};

constexpr unsigned kMaxDepth = 8 * sizeof(Stem);  // 248: internal nodes split bits 0..247
constexpr unsigned kSubtreeLevels = 8;

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
  out.push_back(kTagHash);
  out.insert(out.end(), hash.begin(), hash.end());
}

// ---- prover ----

template <class H>
class Prover {
 public:
  Prover(const BinaryTrie<H>& trie, Bytes& out) : trie_(trie), out_(out) {}

  void node(std::uint32_t ref, unsigned depth, std::span<const TreeKey> keys) {
    if (ref == kEmpty) {
      out_.push_back(kTagEmpty);
      return;
    }
    if (keys.empty()) {
      put_hash(out_, trie_.node_hash(ref));
      return;
    }
    if (is_internal(ref)) {
      out_.push_back(kTagInternal);
      // Fetching both children's links now overlaps the off-path child's cache miss with the
      // walk's (prefetching its hash as well measured slower).
      for (const std::uint32_t child : trie_.internal(ref).child) prefetch(child);
      const auto [left, right] = split_by_bit(keys, depth);
      node(trie_.internal(ref).child[0], depth + 1, left);
      node(trie_.internal(ref).child[1], depth + 1, right);
      return;
    }
    const auto& stem = trie_.stem_node(ref);
    out_.push_back(kTagStem);
    out_.insert(out_.end(), stem.stem.begin(), stem.stem.end());
    suffixes_.clear();
    for (const TreeKey& key : keys) {
      if (std::equal(stem.stem.begin(), stem.stem.end(), key.begin())) suffixes_.push_back(key[31]);
    }
    subtree(kSubtreeLevels, suffixes_, trie_.slots(stem));
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
      out_.push_back(kTagEmpty);
    } else if (suffixes.empty()) {
      put_hash(out_, subtree_hash(level, slots));
    } else if (level == 0) {
      out_.push_back(kTagLeaf);
      out_.insert(out_.end(), slots.front().value.begin(), slots.front().value.end());
    } else {
      out_.push_back(kTagInternal);
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

template <class H>
class Verifier {
 public:
  Verifier(ByteSpan proof, std::span<const TreeKey> keys,
           std::vector<std::optional<Digest32>>& values)
      : proof_(proof), keys_(keys), values_(values) {}

  /// The hash of the node at `depth` that `keys` (a run of keys_) reach; false on a malformed
  /// or non-canonical encoding (error_ says why).
  bool node(unsigned depth, std::span<const TreeKey> keys, Digest32& hash) {
    std::uint8_t tag = 0;
    if (!read_tag(tag)) return false;
    if (tag == kTagEmpty) {
      hash = Digest32{};
      return true;  // the keys are absent: values_ already hold std::nullopt
    }
    if (keys.empty()) {
      if (tag != kTagHash) return fail("only an empty node or a hash may stand where no key goes");
      return read_nonzero_hash(hash);
    }
    if (tag == kTagInternal) {
      if (depth >= kMaxDepth) return fail("internal node below depth 247");
      const auto [left, right] = split_by_bit(keys, depth);
      Digest32 children[2];
      if (!node(depth + 1, left, children[0]) || !node(depth + 1, right, children[1])) {
        return false;
      }
      if (children[0] == Digest32{} && children[1] == Digest32{}) {
        return fail("internal node with two empty children");
      }
      hash = hash_pair<H>(children[0], children[1]);
      return true;
    }
    if (tag != kTagStem) return fail("unexpected node tag where keys go");
    if (remaining() < sizeof(Stem)) return fail("truncated stem");
    const std::uint8_t* stem = proof_.data() + pos_;
    pos_ += sizeof(Stem);
    for (unsigned bit = 0; bit < depth; ++bit) {
      if (stem_bit(stem, bit) != stem_bit(keys.front().data(), bit)) {
        return fail("stem does not extend its path");
      }
    }
    // Keys of this stem are one run of the sorted keys.
    const auto first = std::lower_bound(keys.begin(), keys.end(), stem,
                                        [](const TreeKey& k, const std::uint8_t* s) {
                                          return std::memcmp(k.data(), s, sizeof(Stem)) < 0;
                                        });
    auto last = first;
    while (last != keys.end() && std::memcmp(last->data(), stem, sizeof(Stem)) == 0) ++last;
    const auto run = keys.subspan(static_cast<std::size_t>(first - keys.begin()),
                                  static_cast<std::size_t>(last - first));
    Digest32 subtree_root;
    if (!subtree(kSubtreeLevels, run, subtree_root)) return false;
    if (subtree_root == Digest32{}) return fail("stem without values");
    hash = hash_stem<H>(stem, subtree_root);
    return true;
  }

  bool finished() {
    if (pos_ != proof_.size()) return fail("bytes after the proof");
    return true;
  }
  const std::string& error() const { return error_; }

 private:
  /// `keys` (one stem's, sorted by suffix) reach this subtree node of `level`.
  bool subtree(unsigned level, std::span<const TreeKey> keys, Digest32& hash) {
    std::uint8_t tag = 0;
    if (!read_tag(tag)) return false;
    if (tag == kTagEmpty) {
      hash = Digest32{};
      return true;
    }
    if (keys.empty()) {
      if (tag != kTagHash) return fail("only a zero node or a hash may stand where no key goes");
      return read_nonzero_hash(hash);
    }
    if (level == 0) {
      if (tag != kTagLeaf) return fail("a leaf expected");
      if (remaining() < 32) return fail("truncated leaf value");
      Digest32 value;
      std::memcpy(value.data(), proof_.data() + pos_, 32);
      pos_ += 32;
      values_[static_cast<std::size_t>(&keys.front() - keys_.data())] = value;
      hash = H::digest(value);
      return true;
    }
    if (tag != kTagInternal) return fail("unexpected node tag in a stem's subtree");
    const auto mid = std::partition_point(keys.begin(), keys.end(), [level](const TreeKey& k) {
      return ((k[31] >> (level - 1)) & 1) == 0;
    });
    const auto left = static_cast<std::size_t>(mid - keys.begin());
    Digest32 children[2];
    if (!subtree(level - 1, keys.first(left), children[0]) ||
        !subtree(level - 1, keys.subspan(left), children[1])) {
      return false;
    }
    if (children[0] == Digest32{} && children[1] == Digest32{}) {
      return fail("subtree node with two zero children");
    }
    hash = hash_pair<H>(children[0], children[1]);
    return true;
  }

  std::size_t remaining() const { return proof_.size() - pos_; }
  bool read_tag(std::uint8_t& tag) {
    if (remaining() < 1) return fail("truncated proof");
    tag = proof_[pos_++];
    return true;
  }
  bool read_nonzero_hash(Digest32& hash) {
    if (remaining() < 32) return fail("truncated hash");
    std::memcpy(hash.data(), proof_.data() + pos_, 32);
    pos_ += 32;
    if (hash == Digest32{}) return fail("a zero hash must be sent as an empty node");
    return true;
  }
  bool fail(const char* why) {
    if (error_.empty()) error_ = why;
    return false;
  }

  ByteSpan proof_;
  std::size_t pos_ = 0;
  std::span<const TreeKey> keys_;
  std::vector<std::optional<Digest32>>& values_;
  std::string error_;
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
  Verifier<H> verifier(proof.subspan(1), sorted.keys, values);
  Digest32 computed;
  if (!verifier.node(0, sorted.keys, computed) || !verifier.finished()) {
    return make_error(Errc::malformed_input, "binary-tree proof: " + verifier.error());
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
