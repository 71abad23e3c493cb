#include "log_wiring.hpp"

#include <algorithm>

#include "merkleforge/binary/shape.hpp"
#include "merkleforge/hash/node_hashing.hpp"
#include "merkleforge/hash/sha256.hpp"
#include "wiring_maker.hpp"

namespace merkleforge::state::detail {
Result<LogWiring> derive_log_wiring(const LogStatement& statement,
                                    std::optional<std::span<const Digest32>> siblings) {
  if (Status s = check_log_statement(statement); !s) return s.error();
  WiringMaker maker(Rfc6962Hashing<Sha256>::node, siblings.has_value());
  std::vector<std::pair<std::uint64_t, WiredNode>> known;
  for (std::size_t j = 0; j < statement.indices.size(); ++j) {
    known.emplace_back(statement.indices[j], WiredNode::fixed(statement.leaf_hashes[j]));
  }
  std::size_t next = 0;
  const bool walked = walk_multiproof(
      statement.size, known,
      [&](unsigned, std::uint64_t) -> std::optional<WiredNode> {
        if (!siblings) return WiredNode::sibling();
        if (next == siblings->size()) return std::nullopt;
        return WiredNode::sibling((*siblings)[next++]);
      },
      [&](const WiredNode& left, const WiredNode& right) { return maker.node(left, right); });
  if (siblings && (!walked || next != siblings->size())) {
    return make_error(Errc::invalid_argument,
                      "state: " + std::to_string(siblings->size()) + " siblings are too " +
                          (walked ? "many" : "few") + " for the multiproof of " +
                          std::to_string(statement.indices.size()) + " leaves of a log of " +
                          std::to_string(statement.size));
  }
  maker.fix_root(known.front().second, statement.root);
  return LogWiring{std::move(maker.wiring), std::move(maker.inputs), known.front().second.hash};
}

}  // namespace merkleforge::state::detail
