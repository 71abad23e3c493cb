// Peer implementations timed in the same run as ours: scripts in tests/peers run through Node
// (tests/support/node_peer.hpp, shared with the tests).
#pragma once

#include <iostream>
#include <nlohmann/json.hpp>
#include <string>

#include "tests/support/node_peer.hpp"

namespace merkleforge::bench {

/// What `node tests/peers/<script>` prints for `request` on its standard input, parsed; null
/// (with the reason on stderr) when Node, the npm packages (`make peers`) or the script fail, so
/// that the caller can skip the peer's figures with a reason instead of failing the whole suite.
inline nlohmann::json run_node_peer(const std::string& script, const nlohmann::json& request) {
  test::PeerReply answer = test::call_node_peer(script, request);
  if (!answer) std::cerr << "bench: " << answer.error << "\n";
  return answer ? std::move(answer.reply) : nlohmann::json(nullptr);
}

}  // namespace merkleforge::bench
