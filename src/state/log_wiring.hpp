// What the log's prover and verifier derive alike from a statement: the wiring of rfc6962-node
// instances (boolean/wiring.hpp) that its multiproof's walk (binary/shape.hpp, walk_multiproof)
// hashes, and, given the siblings, every instance's input.
#pragma once

#include <optional>
#include <span>

#include "merkleforge/boolean/wiring.hpp"
#include "merkleforge/state/log.hpp"

namespace merkleforge::state::detail {

struct LogWiring {
  /// Instance n is the n-th node the walk hashes: its chunks are its children, each fixed (a
  /// leaf of the statement), linked (a node hashed before) or free (a sibling: private); the
  /// root's output is fixed to the statement's root. count 0: the root is the one leaf.
  boolean::Wiring wiring;
  /// Given the siblings: each instance's left ‖ right, and the root they give.
  Bytes inputs;
  Digest32 root{};
};

/// The wiring of a checked statement. With `siblings` (the prover's), also the inputs and the
/// root; errors: invalid_argument when the siblings are too few or too many.
Result<LogWiring> derive_log_wiring(const LogStatement& statement,
                                    std::optional<std::span<const Digest32>> siblings);

}  // namespace merkleforge::state::detail
