// Runs a peer implementation (an npm package driven by a script in tests/peers/) through Node.
//
// Protocol: the script reads one JSON document on stdin and writes one JSON document on stdout.
// The packages are pinned in tests/peers/package-lock.json and installed by `make peers`
// (part of `make test`). A missing Node or package is a test failure, not a skip.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace merkleforge::test {

/// Runs `node tests/peers/<script>` with `request` on stdin and returns the parsed reply.
/// Throws std::runtime_error (with the script's stderr) when the script fails.
nlohmann::json run_node_peer(const std::string& script, const nlohmann::json& request);

}  // namespace merkleforge::test
