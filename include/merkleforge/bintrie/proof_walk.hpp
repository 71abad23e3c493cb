// The walk of a binary-tree multiproof's encoding (bintrie/proof.hpp gives the grammar), steered by
// the sorted keys, with what a node *is* left to a visitor: the multiproof's verifier hashes
// (bintrie::verify), the state proofs' verifier wires instances of the Boolean engine for the same
// nodes (state/bintrie.hpp), from an encoding whose hashes and values were taken out. The grammar
// and its canonical-form checks are written once, here.
//
// A Visitor has a value type Node and
//   Node empty();                                  0x00: an empty node or zero subtree
//   bool is_empty(const Node&);                    (two empty children are not canonical)
//   bool sibling(Reader&, Node&);                  0x03 where no key goes (reads its payload)
//   bool leaf(Reader&, std::size_t key, Node&);    0x04 of the key (index into the sorted keys)
//   Node pair(const Node& left, const Node& right) an internal node or a subtree node
//   Node stem(const std::uint8_t* stem, const Node& subtree_root)
// (the bool ones return false after Reader::fail).
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

/// The encoding's bytes and the first reason it was refused.
class ProofReader {
 public:
  explicit ProofReader(ByteSpan bytes) : bytes_(bytes) {}
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

template <class Visitor>
class ProofWalk {
 public:
  using Node = typename Visitor::Node;

  /// `keys`: sorted and distinct.
  ProofWalk(ProofReader& reader, std::span<const TreeKey> keys, Visitor& visitor)
      : reader_(reader), keys_(keys), visitor_(visitor) {}

  /// The root that the keys reach; false on a malformed or non-canonical encoding (the reader
  /// says why), also when bytes follow it.
  bool root(Node& out) {
    if (!node(0, keys_, out)) return false;
    return reader_.remaining() == 0 || reader_.fail("bytes after the proof");
  }

 private:
  bool read_tag(std::uint8_t& tag) {
    const std::uint8_t* byte = reader_.take(1, "truncated proof");
    if (byte != nullptr) tag = *byte;
    return byte != nullptr;
  }

  /// The node at `depth` that `keys` (a run of keys_) reach.
  bool node(unsigned depth, std::span<const TreeKey> keys, Node& out) {
    std::uint8_t tag = 0;
    if (!read_tag(tag)) return false;
    if (tag == proof_tag::kEmpty) {
      out = visitor_.empty();
      return true;  // the keys are absent
    }
    if (keys.empty()) {
      if (tag != proof_tag::kHash) {
        return reader_.fail("only an empty node or a hash may stand where no key goes");
      }
      return visitor_.sibling(reader_, out);
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
    const std::uint8_t* stem = reader_.take(sizeof(Stem), "truncated stem");
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
    if (!read_tag(tag)) return false;
    if (tag == proof_tag::kEmpty) {
      out = visitor_.empty();
      return true;
    }
    if (keys.empty()) {
      if (tag != proof_tag::kHash) {
        return reader_.fail("only a zero node or a hash may stand where no key goes");
      }
      return visitor_.sibling(reader_, out);
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

  ProofReader& reader_;
  std::span<const TreeKey> keys_;
  Visitor& visitor_;
};

}  // namespace merkleforge::bintrie
