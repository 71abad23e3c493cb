#include "bintrie_wiring.hpp"

#include <algorithm>
#include <cstring>

#include "bintrie_insert.hpp"
#include "merkleforge/bintrie/proof.hpp"
#include "merkleforge/bintrie/proof_walk.hpp"
#include "merkleforge/hash/blake3.hpp"
#include "merkleforge/hash/node_hashing.hpp"
#include "merkleforge/hash/sha256.hpp"

namespace merkleforge::state::detail {
namespace {

using bintrie::Place;
namespace tag = bintrie::proof_tag;

/// A stem reference: the first of the keys reaching the stem node whose stem it is, else
/// kExplicitStem and the 31 bytes.
constexpr std::uint8_t kExplicitStem = 0xff;

/// The first key of `keys` with this stem, or keys.size().
std::size_t key_of_stem(std::span<const bintrie::TreeKey> keys, const std::uint8_t* stem) {
  for (std::size_t j = 0; j < keys.size(); ++j) {
    if (std::memcmp(keys[j].data(), stem, sizeof(bintrie::Stem)) == 0) return j;
  }
  return keys.size();
}

/// The compact shape (docs/state-proofs.md, "Formats"): the tags where keys go as a bit string —
/// two bits on internal levels (empty, internal, stem), one in a stem's subtree (zero, or internal
/// / leaf) — every node off the keys' paths a sibling, and a byte per stem node referring to the
/// first key reaching it that has its stem (kExplicitStem: the 31 bytes follow, when none has).
class CompactShape {
 public:
  explicit CompactShape(ByteSpan shape) {
    if (shape.size() < 4) {
      fail("truncated shape");
      return;
    }
    std::uint32_t tag_bytes = 0;
    for (int i = 0; i < 4; ++i) tag_bytes |= std::uint32_t{shape[i]} << (8 * i);
    if (tag_bytes > shape.size() - 4) {
      fail("the shape's tags run past it");
      return;
    }
    tags_ = shape.subspan(4, tag_bytes);
    stems_ = bintrie::ProofReader(shape.subspan(4 + tag_bytes));
  }

  bool tag(Place place, std::uint8_t& out) {
    switch (place) {
      case Place::internal_off_path:
      case Place::subtree_off_path:
        out = tag::kHash;
        return error_.empty();
      case Place::internal: {
        const unsigned code = bits(2);
        if (code == 3) return fail("tag 3 on an internal level");
        out = code == 0 ? tag::kEmpty : code == 1 ? tag::kInternal : tag::kStem;
        return error_.empty();
      }
      case Place::subtree:
      case Place::leaf:
        out = bits(1) == 0 ? tag::kEmpty : place == Place::leaf ? tag::kLeaf : tag::kInternal;
        return error_.empty();
    }
    return fail("unknown place");
  }
  const std::uint8_t* stem(std::span<const bintrie::TreeKey> keys) {
    const std::uint8_t* reference = stems_.take(1, "truncated stem reference");
    if (reference == nullptr) return nullptr;
    if (*reference != kExplicitStem) {
      if (*reference >= keys.size() || key_of_stem(keys, keys[*reference].data()) != *reference) {
        fail("a stem reference that is not the first key of its stem");
        return nullptr;
      }
      return keys[*reference].data();
    }
    const std::uint8_t* stem = stems_.take(sizeof(bintrie::Stem), "truncated stem");
    if (stem != nullptr && key_of_stem(keys, stem) < std::min<std::size_t>(keys.size(), 255)) {
      fail("an explicit stem that a key has");
      return nullptr;
    }
    return stem;
  }
  const std::uint8_t* take(std::size_t, const char*) {
    fail("a payload in a shape");
    return nullptr;
  }
  bool fail(const char* why) {
    if (error_.empty()) error_ = why;
    return false;
  }
  bool finished() {
    if (!error_.empty()) return false;
    // Every tag read, the last byte's unused bits zero, every stem byte read.
    if (bit_ / 8 + (bit_ % 8 != 0) != tags_.size()) return fail("tag bytes after the shape");
    if (bit_ % 8 != 0 && (tags_.back() >> (bit_ % 8)) != 0) return fail("stray tag bits");
    if (stems_.remaining() != 0) return fail("stem bytes after the shape");
    return true;
  }
  const std::string& error() const { return error_.empty() ? stems_.error() : error_; }
  /// At most as many nodes as the walk reads: keys' nodes take at least a tag bit each, and each
  /// adds at most one sibling.
  std::size_t node_bound() const { return 16 * tags_.size() + 2; }

 private:
  unsigned bits(unsigned n) {
    unsigned out = 0;
    for (unsigned i = 0; i < n; ++i, ++bit_) {
      if (bit_ / 8 >= tags_.size()) {
        fail("truncated tags");
        return 0;
      }
      out |= ((tags_[bit_ / 8] >> (bit_ % 8)) & 1u) << i;
    }
    return out;
  }

  ByteSpan tags_;
  std::size_t bit_ = 0;
  bintrie::ProofReader stems_{ByteSpan{}};
  std::string error_;
};

/// Reads a multiproof's bytes and writes its compact shape as it goes (the prover's).
class ShapeRecorder {
 public:
  explicit ShapeRecorder(ByteSpan multiproof) : reader_(multiproof) {}

  bool tag(Place place, std::uint8_t& out) {
    if (!reader_.tag(place, out)) return false;
    switch (place) {
      case Place::internal_off_path:
      case Place::subtree_off_path:
        return true;  // a sibling, empty or not: nothing in the shape
      case Place::internal:
        if (out > tag::kStem) return reader_.fail("unexpected node tag where keys go");
        put_bits(out, 2);
        return true;
      case Place::subtree:
      case Place::leaf:
        put_bits(out == tag::kEmpty ? 0 : 1, 1);
        return true;
    }
    return reader_.fail("unknown place");
  }
  const std::uint8_t* stem(std::span<const bintrie::TreeKey> keys) {
    const std::uint8_t* stem = reader_.stem(keys);
    if (stem == nullptr) return nullptr;
    const std::size_t j = key_of_stem(keys, stem);
    if (j < std::min<std::size_t>(keys.size(), kExplicitStem)) {
      stems_.push_back(static_cast<std::uint8_t>(j));
    } else {
      stems_.push_back(kExplicitStem);
      stems_.insert(stems_.end(), stem, stem + sizeof(bintrie::Stem));
    }
    return stem;
  }
  const std::uint8_t* take(std::size_t n, const char* what) { return reader_.take(n, what); }
  bool fail(const char* why) { return reader_.fail(why); }
  bool finished() { return reader_.finished(); }
  const std::string& error() const { return reader_.error(); }
  /// At most as many nodes as the walk reads: each takes at least a byte of the multiproof.
  std::size_t node_bound() const { return reader_.remaining(); }

  /// u32 LE byte count of the tags, the tags, the stem references.
  Bytes shape() const {
    Bytes out(4 + tags_.size() + stems_.size());
    const auto size = static_cast<std::uint32_t>(tags_.size());
    for (int i = 0; i < 4; ++i) out[i] = static_cast<std::uint8_t>(size >> (8 * i));
    std::copy(tags_.begin(), tags_.end(), out.begin() + 4);
    std::copy(stems_.begin(), stems_.end(),
              out.begin() + 4 + static_cast<std::ptrdiff_t>(tags_.size()));
    return out;
  }

 private:
  void put_bits(unsigned value, unsigned n) {
    for (unsigned i = 0; i < n; ++i, ++bit_) {
      if (bit_ % 8 == 0) tags_.push_back(0);
      tags_.back() = static_cast<std::uint8_t>(tags_.back() | (((value >> i) & 1u) << (bit_ % 8)));
    }
  }

  bintrie::ProofReader reader_;
  Bytes tags_, stems_;
  std::size_t bit_ = 0;
};

Digest32 leaf_hash(BintrieHash hash, const Digest32& value) {
  return hash == BintrieHash::blake3 ? Blake3::digest(value) : Sha256::digest(value);
}

/// The walk's nodes as the pruned tree's, each wired as it is made. With payloads (the prover,
/// over a multiproof) it reads each hash and value and checks the values against the statement;
/// without (the verifier, over a shape) every node off the keys' paths is a private sibling and
/// the leaves' hashes come from the statement's values.
template <class Encoding>
class WiringVisitor {
 public:
  using Node = std::uint32_t;  ///< in `tree`

  WiringVisitor(const BintrieStatement& statement, bool with_payloads)
      : statement_(statement),
        with_payloads_(with_payloads),
        maker(statement.hash == BintrieHash::blake3 ? ConcatHashing<Blake3>::node
                                                    : ConcatHashing<Sha256>::node,
              with_payloads),
        reached(statement.keys.size()) {}

  Node empty() { return add(Kind::empty, WiredNode::fixed(Digest32{})); }
  /// An empty child off the keys' paths is a sibling whose hash is zero: it hashes as one.
  Node empty_sibling() { return add(Kind::sibling, WiredNode::sibling()); }
  bool is_empty(Node node) const { return tree[node].kind == Kind::empty; }
  bool sibling(Encoding& encoding, Node& out) {
    Digest32 hash{};
    if (with_payloads_) {
      const std::uint8_t* bytes = encoding.take(32, "truncated hash");
      if (bytes == nullptr) return false;
      std::memcpy(hash.data(), bytes, 32);
      if (hash == Digest32{}) return encoding.fail("a zero hash must be sent as an empty node");
    }
    out = add(Kind::sibling, WiredNode::sibling(hash));
    return true;
  }
  bool leaf(Encoding& encoding, std::size_t key, Node& out) {
    const std::optional<Digest32>& claimed = statement_.values[key];
    if (with_payloads_) {
      const std::uint8_t* value = encoding.take(32, "truncated leaf value");
      if (value == nullptr) return false;
      if (!claimed || std::memcmp(value, claimed->data(), 32) != 0) {
        return encoding.fail("the multiproof gives a key another value than the statement");
      }
    } else if (!claimed) {
      contradicted = true;
      return encoding.fail("the shape reaches the leaf of a key the statement says is absent");
    }
    reached[key] = true;
    out = add(Kind::leaf, WiredNode::fixed(leaf_hash(statement_.hash, *claimed)));
    return true;
  }
  Node pair(Node left, Node right) {
    const WiredNode wired = maker.node(tree[left].wired, tree[right].wired);
    place(left, {wired.port.instance, 0});
    place(right, {wired.port.instance, 1});
    return tree.add({Kind::internal, false, {left, right}, nullptr, wired});
  }
  Node stem(const std::uint8_t* stem, Node subtree_root) {
    const WiredNode wired =
        maker.node(WiredNode::fixed(stem_chunk(stem)), tree[subtree_root].wired);
    place(subtree_root, {wired.port.instance, 1});
    return tree.add({Kind::stem, false, {0, subtree_root}, stem, wired});
  }

 private:
  using Kind = PrunedNode::Kind;
  Node add(Kind kind, const WiredNode& wired) {
    return tree.add({kind, false, {}, nullptr, wired});
  }
  /// A sibling is where its instance's chunk holds it: a second tree links from there.
  void place(Node node, const boolean::Port& port) {
    if (tree[node].kind == Kind::sibling)
      tree[node].wired = WiredNode::at(port, tree[node].wired.hash);
  }

  const BintrieStatement& statement_;
  bool with_payloads_;

 public:
  WiringMaker maker;
  PrunedTree tree;
  std::vector<bool> reached;  ///< keys whose leaf the walk reached
  bool contradicted = false;  ///< the shape is well formed but contradicts the statement
};

/// The root's output fixed to the statement's root, or, when the root is a public value (the
/// empty tree's zero), whether it is the statement's.
bool fix_root(WiringMaker& maker, const WiredNode& root, const Digest32& claimed) {
  if (root.kind == WiredNode::Kind::fixed) return root.hash == claimed;
  maker.fix_root(root, claimed);
  return true;
}

template <class Encoding>
Result<BintrieWiring> walk(const BintrieStatement& statement, const BintrieWrites* writes,
                           Encoding& encoding, bool with_payloads) {
  if (Status s = writes != nullptr ? check_bintrie_writes(statement, *writes)
                                   : check_bintrie_statement(statement);
      !s) {
    return s.error();
  }
  WiringVisitor<Encoding> visitor(statement, with_payloads);
  // An honest walk reads about 40 nodes per key; the bound a malformed encoding allows is not
  // reserved beyond that (the arena grows as it is read).
  visitor.tree.reserve(std::min(encoding.node_bound(), 64 * statement.keys.size() + 64));
  std::uint32_t root = 0;
  const char* what = with_payloads ? "multiproof" : "shape";
  if (!bintrie::ProofWalk(encoding, statement.keys, visitor).root(root)) {
    const Errc code = visitor.contradicted ? Errc::corrupt_data
                      : with_payloads      ? Errc::invalid_argument
                                           : Errc::malformed_input;
    return make_error(code, "state: binary-tree " + std::string(what) + ": " + encoding.error());
  }
  for (std::size_t i = 0; i < statement.keys.size(); ++i) {
    if (statement.values[i] && !visitor.reached[i]) {
      return make_error(with_payloads ? Errc::invalid_argument : Errc::corrupt_data,
                        "state: the " + std::string(what) + " shows key " + std::to_string(i) +
                            " absent, while the statement gives it a value");
    }
  }
  BintrieWiring out;
  const WiredNode& pre = visitor.tree[root].wired;
  out.root = pre.hash;
  out.public_roots_hold = fix_root(visitor.maker, pre, statement.root);
  if (writes != nullptr) {
    for (std::size_t i = 0; i < statement.keys.size(); ++i) {
      if (const auto& value = writes->values[i]) {
        root = visitor.tree.insert(root, statement.keys[i], leaf_hash(statement.hash, *value));
      }
    }
    const WiredNode post = visitor.tree.wire(root, visitor.maker);
    out.post_root = post.hash;
    out.public_roots_hold &= fix_root(visitor.maker, post, writes->post_root);
  }
  out.wiring = std::move(visitor.maker.wiring);
  out.inputs = std::move(visitor.maker.inputs);
  return out;
}

}  // namespace

const boolean::Circuit& node_circuit(BintrieHash hash) {
  return hash == BintrieHash::blake3 ? boolean::blake3_pair_circuit()
                                     : boolean::sha256_pair_circuit();
}

Result<BintrieWiring> bintrie_wiring_of_shape(const BintrieStatement& statement,
                                              const BintrieWrites* writes, ByteSpan shape) {
  CompactShape encoding(shape);
  return walk(statement, writes, encoding, false);
}

Result<BintrieWiring> bintrie_wiring_of_multiproof(const BintrieStatement& statement,
                                                   const BintrieWrites* writes,
                                                   ByteSpan multiproof) {
  if (multiproof.empty() || multiproof[0] != bintrie::kProofVersion) {
    return make_error(Errc::invalid_argument, "state: not a binary-tree multiproof");
  }
  ShapeRecorder encoding(multiproof.subspan(1));
  auto out = walk(statement, writes, encoding, true);
  if (out) out->shape = encoding.shape();
  return out;
}

}  // namespace merkleforge::state::detail
