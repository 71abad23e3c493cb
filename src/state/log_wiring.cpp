#include "log_wiring.hpp"

#include <algorithm>

#include "merkleforge/binary/shape.hpp"
#include "merkleforge/hash/node_hashing.hpp"
#include "merkleforge/hash/sha256.hpp"

namespace merkleforge::state::detail {
namespace {

using boolean::kOutputPort;

/// A node of the walk: a leaf of the statement, a hashed node (an instance) or a sibling; with
/// its hash when the siblings are known.
struct Node {
  enum class Kind : std::uint8_t { leaf, hashed, sibling } kind;
  std::uint32_t index;  ///< the leaf's position in the statement, or the instance
  Digest32 hash;
};

/// The wiring's side of port `chunk` of instance n for child `node`.
void attach(boolean::Wiring& wiring, const Node& node, std::uint32_t n, std::uint32_t chunk) {
  switch (node.kind) {
    case Node::Kind::leaf:
      wiring.fixed.push_back({n, chunk});
      wiring.fixed_values.insert(wiring.fixed_values.end(), node.hash.begin(), node.hash.end());
      break;
    case Node::Kind::hashed:
      wiring.links.push_back({node.index, {n, chunk}});
      break;
    case Node::Kind::sibling:
      break;  // private
  }
}

}  // namespace

Result<LogWiring> derive_log_wiring(const LogStatement& statement,
                                    std::optional<std::span<const Digest32>> siblings) {
  if (Status s = check_log_statement(statement); !s) return s.error();
  LogWiring out;
  boolean::Wiring& wiring = out.wiring;
  std::vector<std::pair<std::uint64_t, Node>> known;
  for (std::size_t j = 0; j < statement.indices.size(); ++j) {
    known.push_back({statement.indices[j],
                     {Node::Kind::leaf, static_cast<std::uint32_t>(j), statement.leaf_hashes[j]}});
  }
  std::size_t next = 0;
  const bool walked = walk_multiproof(
      statement.size, known,
      [&](unsigned, std::uint64_t) -> std::optional<Node> {
        if (!siblings) return Node{Node::Kind::sibling, 0, {}};
        if (next == siblings->size()) return std::nullopt;
        return Node{Node::Kind::sibling, 0, (*siblings)[next++]};
      },
      [&](const Node& left, const Node& right) {
        const auto n = static_cast<std::uint32_t>(wiring.count++);
        attach(wiring, left, n, 0);
        attach(wiring, right, n, 1);
        Digest32 hash{};
        if (siblings) {
          out.inputs.insert(out.inputs.end(), left.hash.begin(), left.hash.end());
          out.inputs.insert(out.inputs.end(), right.hash.begin(), right.hash.end());
          hash = Rfc6962Hashing<Sha256>::node(left.hash, right.hash);
        }
        return Node{Node::Kind::hashed, n, hash};
      });
  if (siblings && (!walked || next != siblings->size())) {
    return make_error(Errc::invalid_argument,
                      "state: " + std::to_string(siblings->size()) + " siblings are too " +
                          (walked ? "many" : "few") + " for the multiproof of " +
                          std::to_string(statement.indices.size()) + " leaves of a log of " +
                          std::to_string(statement.size));
  }
  out.root = known.front().second.hash;
  if (wiring.count > 0) {
    wiring.fixed.push_back({static_cast<std::uint32_t>(wiring.count - 1), kOutputPort});
    wiring.fixed_values.insert(wiring.fixed_values.end(), statement.root.begin(),
                               statement.root.end());
  }
  return out;
}

}  // namespace merkleforge::state::detail
