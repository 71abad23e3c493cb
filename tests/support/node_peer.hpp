// Runs a peer implementation (an npm package driven by a script in tests/peers/) through Node, for
// the tests and the benchmarks alike.
//
// Protocol: the script reads one JSON document on stdin and writes one JSON document on stdout.
// The packages are pinned in tests/peers/package-lock.json and installed by `make peers`
// (part of `make test` and `make run`).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace merkleforge::test {

/// A peer script's parsed reply, or why there is none.
struct PeerReply {
  nlohmann::json reply;
  std::string error;  ///< empty when `reply` holds the script's answer
  explicit operator bool() const { return error.empty(); }
};

/// Runs `node tests/peers/<script>` (the folder can be moved with $MERKLEFORGE_PEERS_DIR) with
/// `request` on stdin. Never throws: a missing Node or package, a failing script (its stderr is in
/// the error) or a reply that is not JSON comes back as an error.
PeerReply call_node_peer(const std::string& script, const nlohmann::json& request);

/// call_node_peer for tests, where a missing peer is a failure, not a skip: the reply, or
/// std::runtime_error with the reason.
nlohmann::json run_node_peer(const std::string& script, const nlohmann::json& request);

}  // namespace merkleforge::test
