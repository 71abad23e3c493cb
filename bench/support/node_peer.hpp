// Peer implementations timed in the same run as ours: scripts in tests/peers run through Node.
#pragma once

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#ifndef MERKLEFORGE_PEERS_DIR
#define MERKLEFORGE_PEERS_DIR "../../tests/peers"
#endif

namespace merkleforge::bench {

/// The folder of the peer scripts: $MERKLEFORGE_PEERS_DIR, else the source tree's tests/peers.
inline std::string peers_dir() {
  const char* override_dir = std::getenv("MERKLEFORGE_PEERS_DIR");
  return override_dir != nullptr ? override_dir : MERKLEFORGE_PEERS_DIR;
}

/// What `node <peers_dir>/<script>` prints for `request` on its standard input, parsed; null
/// when Node, the npm packages (`make peers`) or the script fail, so that the caller can skip the
/// peer's figures with a reason instead of failing the whole suite.
inline nlohmann::json run_node_peer(const std::string& script, const nlohmann::json& request) {
  const auto input = std::filesystem::temp_directory_path() /
                     ("mf_peer_" + std::to_string(::getpid()) + "_" + script + ".json");
  std::ofstream(input) << request.dump();
  const std::string command =
      "node '" + peers_dir() + "/" + script + "' < '" + input.string() + "'";
  std::FILE* pipe = ::popen(command.c_str(), "r");
  std::string out;
  if (pipe != nullptr) {
    char buffer[4096];
    for (std::size_t got; (got = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) {
      out.append(buffer, got);
    }
  }
  const bool ok = pipe != nullptr && ::pclose(pipe) == 0;
  std::filesystem::remove(input);
  if (!ok) return nullptr;
  const nlohmann::json reply = nlohmann::json::parse(out, nullptr, false);
  return reply.is_discarded() ? nlohmann::json(nullptr) : reply;
}

}  // namespace merkleforge::bench
