// The walk of a binary-tree multiproof (bintrie/proof.hpp gives the grammar), steered by the sorted
// keys, with how the nodes are read left to an Encoding and what a node *is* left to a Visitor:
// the multiproof's verifier reads the bytes of bintrie/proof.hpp's encoding and hashes
// (bintrie::verify); the state proofs' verifier reads a compact shape (tags only where keys go,
// stems by reference to a key: state/bintrie.hpp) and wires instances of the Boolean engine for
// the same nodes. The grammar and its canonical-form checks are written once, here.
//
// An Encoding has
//   bool tag(Place, std::uint8_t& tag);                the next node's tag (proof_tag) at a place
//   const std::uint8_t* stem(std::span<const TreeKey> keys);   a stem node's 31 bytes (the keys
//                                                      that reach it given), or nullptr
//   const std::uint8_t* take(std::size_t n, const char* what); n payload bytes, or nullptr
//   bool fail(const char* why);                        records the first failure, returns false
//   bool finished();                                   nothing may follow the root
// A Visitor has a value type Node and
//   Node empty();                                      0x00 where keys go: an empty node or zero
//                                                      subtree
//   Node empty_sibling();                              0x00 where no key goes
//   bool is_empty(const Node&);                        (two empty children are not canonical)
//   bool sibling(Encoding&, Node&);                    0x03 where no key goes (reads its payload)
//   bool leaf(Encoding&, std::size_t key, Node&);      0x04 of the key (index into the sorted keys)
//   Node pair(const Node& left, const Node& right)     an internal node or a subtree node
//   Node stem(const std::uint8_t* stem, const Node& subtree_root)
// (the bool ones return false after Encoding::fail).
#pragma once

#include <algorithm>
#include <cstring>
#include <span>
#include <string>

#include "merkleforge/bintrie/trie.hpp"
#include "merkleforge/core/bytes.hpp"

namespace merkleforge::bintrie {

namespace proof_tag {
inline constexpr std::uint8_t kEmpty = 0x00;
inline constexpr std::uint8_t kInternal = 0x01;
inline constexpr std::uint8_t kStem = 0x02;
inline constexpr std::uint8_t kHash = 0x03;
inline constexpr std::uint8_t kLeaf = 0x04;
}  // namespace proof_tag

/// Internal nodes split stem bits 0 … 247; a stem's subtree has 8 levels above its 256 slots.
inline constexpr unsigned kMaxInternalDepth = 8 * sizeof(Stem);
inline constexpr unsigned kStemSubtreeLevels = 8;

/// Where a node stands: on an internal level or in a stem's subtree (its leaves' level apart),
/// reached by keys or off their paths.
enum class Place : std::uint8_t { internal, internal_off_path, subtree, subtree_off_path, leaf };

/// bintrie/proof.hpp's encoding: a byte per tag, stems and payloads in line.
class ProofReader {
 public:
  explicit ProofReader(ByteSpan bytes) : bytes_(bytes) {}
  bool tag(Place, std::uint8_t& tag) {
    const std::uint8_t* byte = take(1, "truncated proof");
    if (byte != nullptr) tag = *byte;
    return byte != nullptr;
  }
  const std::uint8_t* stem(std::span<const TreeKey>) {
    return take(sizeof(Stem), "truncated stem");
  }
  bool finished() { return remaining() == 0 || fail("bytes after the proof"); }
  std::size_t remaining() const { return bytes_.size() - pos_; }
  std::size_t position() const { return pos_; }
  /// The next n bytes, or nullptr (and the failure) when fewer remain.
  const std::uint8_t* take(std::size_t n, const char* what) {
    if (remaining() < n) {
      fail(what);
      return nullptr;
    }
    pos_ += n;
    return bytes_.data() + pos_ - n;
  }
  bool fail(const char* why) {
    if (error_.empty()) error_ = why;
    return false;
  }
  const std::string& error() const { return error_; }

 private:
  ByteSpan bytes_;
  std::size_t pos_ = 0;
  std::string error_;
};

template <class Encoding, class Visitor>
class ProofWalk {
 public:
  using Node = typename Visitor::Node;

  /// `keys`: sorted and distinct.
  ProofWalk(Encoding& reader, std::span<const TreeKey> keys, Visitor& visitor)
      : reader_(reader), keys_(keys), visitor_(visitor) {}

  /// The root that the keys reach; false on a malformed or non-canonical encoding (the encoding
  /// says why), also when anything follows it.
  bool root(Node& out) { return node(0, keys_, out) && reader_.finished(); }

 private:
  /// A node where no key goes: empty (zero) or a sibling.
  bool off_path(std::uint8_t tag, const char* why, Node& out) {
    if (tag == proof_tag::kEmpty) {
      out = visitor_.empty_sibling();
      return true;
    }
    if (tag != proof_tag::kHash) return reader_.fail(why);
    return visitor_.sibling(reader_, out);
  }

  /// The node at `depth` that `keys` (a run of keys_) reach.
  bool node(unsigned depth, std::span<const TreeKey> keys, Node& out) {
    std::uint8_t tag = 0;
    if (!reader_.tag(keys.empty() ? Place::internal_off_path : Place::internal, tag)) return false;
    if (keys.empty()) {
      return off_path(tag, "only an empty node or a hash may stand where no key goes", out);
    }
    if (tag == proof_tag::kEmpty) {
      out = visitor_.empty();
      return true;  // the keys are absent
    }
    if (tag == proof_tag::kInternal) {
      if (depth >= kMaxInternalDepth) return reader_.fail("internal node below depth 247");
      const auto mid = std::partition_point(keys.begin(), keys.end(), [depth](const TreeKey& k) {
        return detail::stem_bit(k.data(), depth) == 0;
      });
      const auto left = static_cast<std::size_t>(mid - keys.begin());
      Node children[2];
      if (!node(depth + 1, keys.first(left), children[0]) ||
          !node(depth + 1, keys.subspan(left), children[1])) {
        return false;
      }
      if (visitor_.is_empty(children[0]) && visitor_.is_empty(children[1])) {
        return reader_.fail("internal node with two empty children");
      }
      out = visitor_.pair(children[0], children[1]);
      return true;
    }
    if (tag != proof_tag::kStem) return reader_.fail("unexpected node tag where keys go");
    const std::uint8_t* stem = reader_.stem(keys);
    if (stem == nullptr) return false;
    for (unsigned bit = 0; bit < depth; ++bit) {
      if (detail::stem_bit(stem, bit) != detail::stem_bit(keys.front().data(), bit)) {
        return reader_.fail("stem does not extend its path");
      }
    }
    // Keys of this stem are one run of the sorted keys; the others are absent.
    const auto first = std::lower_bound(keys.begin(), keys.end(), stem,
                                        [](const TreeKey& k, const std::uint8_t* s) {
                                          return std::memcmp(k.data(), s, sizeof(Stem)) < 0;
                                        });
    auto last = first;
    while (last != keys.end() && std::memcmp(last->data(), stem, sizeof(Stem)) == 0) ++last;
    const auto run = keys.subspan(static_cast<std::size_t>(first - keys.begin()),
                                  static_cast<std::size_t>(last - first));
    Node subtree_root;
    if (!subtree(kStemSubtreeLevels, run, subtree_root)) return false;
    if (visitor_.is_empty(subtree_root)) return reader_.fail("stem without values");
    out = visitor_.stem(stem, subtree_root);
    return true;
  }

  /// `keys` (one stem's, sorted by suffix) reach this subtree node of `level`.
  bool subtree(unsigned level, std::span<const TreeKey> keys, Node& out) {
    std::uint8_t tag = 0;
    const Place place =
        keys.empty() ? Place::subtree_off_path : (level == 0 ? Place::leaf : Place::subtree);
    if (!reader_.tag(place, tag)) return false;
    if (keys.empty()) {
      return off_path(tag, "only a zero node or a hash may stand where no key goes", out);
    }
    if (tag == proof_tag::kEmpty) {
      out = visitor_.empty();
      return true;
    }
    if (level == 0) {
      if (tag != proof_tag::kLeaf) return reader_.fail("a leaf expected");
      return visitor_.leaf(reader_, static_cast<std::size_t>(&keys.front() - keys_.data()), out);
    }
    if (tag != proof_tag::kInternal) return reader_.fail("unexpected node tag in a stem's subtree");
    const auto mid = std::partition_point(keys.begin(), keys.end(), [level](const TreeKey& k) {
      return ((k[31] >> (level - 1)) & 1) == 0;
    });
    const auto left = static_cast<std::size_t>(mid - keys.begin());
    Node children[2];
    if (!subtree(level - 1, keys.first(left), children[0]) ||
        !subtree(level - 1, keys.subspan(left), children[1])) {
      return false;
    }
    if (visitor_.is_empty(children[0]) && visitor_.is_empty(children[1])) {
      return reader_.fail("subtree node with two zero children");
    }
    out = visitor_.pair(children[0], children[1]);
    return true;
  }

  Encoding& reader_;
  std::span<const TreeKey> keys_;
  Visitor& visitor_;
};

}  // namespace merkleforge::bintrie
