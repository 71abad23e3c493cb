// Wirings (boolean/wiring.hpp) built node by node as a tree's multiproof is walked: what the
// state proofs' provers and verifiers do alike for every tree kind.
#pragma once

#include <cstdint>

#include "merkleforge/boolean/wiring.hpp"

namespace merkleforge::state::detail {

/// A node of the walk: a value the statement fixes (a leaf hash, a stem, zero), a value a port
/// holds (an instance's output, or the input chunk where a private sibling was placed: a second
/// tree that reuses the sibling links to that chunk), or a sibling not placed yet (private). The
/// hash is known to the prover only.
struct WiredNode {
  enum class Kind : std::uint8_t { fixed, wired, sibling } kind = Kind::sibling;
  boolean::Port port;  ///< wired: where the value is
  Digest32 hash{};

  static WiredNode fixed(const Digest32& value) { return {Kind::fixed, {}, value}; }
  static WiredNode sibling(const Digest32& hash = {}) { return {Kind::sibling, {}, hash}; }
  static WiredNode at(const boolean::Port& port, const Digest32& hash) {
    return {Kind::wired, port, hash};
  }
};

class WiringMaker {
 public:
  using NodeHash = Digest32 (*)(const Digest32& left, const Digest32& right);

  /// `with_values`: the prover's, which knows every hash and records each instance's input.
  WiringMaker(NodeHash hash, bool with_values) : hash_(hash), with_values_(with_values) {}

  /// A new instance hashing left ‖ right: each child fixed, linked from its port or private.
  /// Returns its output.
  WiredNode node(const WiredNode& left, const WiredNode& right);

  /// Fixes the root's port (when it has one) to `root`.
  void fix_root(const WiredNode& node, const Digest32& root);

  boolean::Wiring wiring;
  Bytes inputs;  ///< with values: left ‖ right of every instance

 private:
  void attach(const WiredNode& child, std::uint32_t instance, std::uint32_t chunk);

  NodeHash hash_;
  bool with_values_;
};

}  // namespace merkleforge::state::detail
