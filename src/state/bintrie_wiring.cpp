#include "bintrie_wiring.hpp"

#include <cstring>

#include "merkleforge/bintrie/proof.hpp"
#include "merkleforge/bintrie/proof_walk.hpp"
#include "merkleforge/hash/sha256.hpp"
#include "wiring_maker.hpp"

namespace merkleforge::state::detail {
namespace {

Digest32 sha256_pair(const Digest32& left, const Digest32& right) {
  std::uint8_t message[64];
  std::memcpy(message, left.data(), 32);
  std::memcpy(message + 32, right.data(), 32);
  return Sha256::digest(ByteSpan(message, 64));
}

/// The walk's nodes as wired nodes. With payloads (the prover, over a multiproof) it reads each
/// hash and value, checks the values against the statement and records where the payloads sit;
/// without (the verifier, over a shape) the leaves' hashes come from the statement's values.
class WiringVisitor {
 public:
  using Node = WiredNode;

  WiringVisitor(const BintrieStatement& statement, bool with_payloads)
      : statement_(statement),
        with_payloads_(with_payloads),
        maker(sha256_pair, with_payloads),
        reached(statement.keys.size()) {}

  Node empty() const { return WiredNode::fixed(Digest32{}); }
  bool is_empty(const Node& node) const {
    return node.kind == WiredNode::Kind::fixed && node.hash == Digest32{};
  }
  bool sibling(bintrie::ProofReader& reader, Node& out) {
    if (!with_payloads_) {
      out = WiredNode::sibling();
      return true;
    }
    payloads.push_back(reader.position());
    const std::uint8_t* hash = reader.take(32, "truncated hash");
    if (hash == nullptr) return false;
    std::memcpy(out.hash.data(), hash, 32);
    out.kind = WiredNode::Kind::sibling;
    return out.hash != Digest32{} || reader.fail("a zero hash must be sent as an empty node");
  }
  bool leaf(bintrie::ProofReader& reader, std::size_t key, Node& out) {
    const std::optional<Digest32>& claimed = statement_.values[key];
    if (with_payloads_) {
      payloads.push_back(reader.position());
      const std::uint8_t* value = reader.take(32, "truncated leaf value");
      if (value == nullptr) return false;
      if (!claimed || std::memcmp(value, claimed->data(), 32) != 0) {
        return reader.fail("the multiproof gives a key another value than the statement");
      }
    } else if (!claimed) {
      contradicted = true;
      return reader.fail("the shape reaches the leaf of a key the statement says is absent");
    }
    reached[key] = true;
    out = WiredNode::fixed(Sha256::digest(*claimed));
    return true;
  }
  Node pair(const Node& left, const Node& right) { return maker.node(left, right); }
  Node stem(const std::uint8_t* stem, const Node& subtree_root) {
    Digest32 stem_chunk{};  // stem ‖ 0x00
    std::memcpy(stem_chunk.data(), stem, sizeof(bintrie::Stem));
    return maker.node(WiredNode::fixed(stem_chunk), subtree_root);
  }

 private:
  const BintrieStatement& statement_;
  bool with_payloads_;

 public:
  WiringMaker maker;
  std::vector<bool> reached;          ///< keys whose leaf the walk reached
  std::vector<std::size_t> payloads;  ///< with payloads: where each 32-byte payload starts
  bool contradicted = false;          ///< the shape is well formed but contradicts the statement
};

Result<BintrieWiring> walk(const BintrieStatement& statement, ByteSpan encoding,
                           bool with_payloads) {
  if (Status s = check_bintrie_statement(statement); !s) return s.error();
  bintrie::ProofReader reader(encoding);
  WiringVisitor visitor(statement, with_payloads);
  WiredNode root;
  const Errc malformed = with_payloads ? Errc::invalid_argument : Errc::malformed_input;
  if (!bintrie::ProofWalk(reader, statement.keys, visitor).root(root)) {
    return make_error(visitor.contradicted ? Errc::corrupt_data : malformed,
                      "state: binary-tree " + std::string(with_payloads ? "multiproof" : "shape") +
                          ": " + reader.error());
  }
  for (std::size_t i = 0; i < statement.keys.size(); ++i) {
    if (statement.values[i] && !visitor.reached[i]) {
      return make_error(with_payloads ? Errc::invalid_argument : Errc::corrupt_data,
                        "state: the " + std::string(with_payloads ? "multiproof" : "shape") +
                            " shows key " + std::to_string(i) +
                            " absent, while the statement gives it a value");
    }
  }
  BintrieWiring out;
  visitor.maker.fix_root(root, statement.root);
  out.wiring = std::move(visitor.maker.wiring);
  out.inputs = std::move(visitor.maker.inputs);
  out.root = root.hash;
  if (with_payloads) {  // the encoding without its payloads
    std::size_t from = 0;
    for (const std::size_t at : visitor.payloads) {
      out.shape.insert(out.shape.end(), encoding.begin() + from, encoding.begin() + at);
      from = at + 32;
    }
    out.shape.insert(out.shape.end(), encoding.begin() + from, encoding.end());
  }
  return out;
}

}  // namespace

Result<BintrieWiring> bintrie_wiring_of_shape(const BintrieStatement& statement, ByteSpan shape) {
  return walk(statement, shape, false);
}

Result<BintrieWiring> bintrie_wiring_of_multiproof(const BintrieStatement& statement,
                                                   ByteSpan multiproof) {
  if (multiproof.empty() || multiproof[0] != bintrie::kProofVersion) {
    return make_error(Errc::invalid_argument, "state: not a binary-tree multiproof");
  }
  return walk(statement, multiproof.subspan(1), true);
}

}  // namespace merkleforge::state::detail
