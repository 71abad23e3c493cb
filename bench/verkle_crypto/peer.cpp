// Runs tests/peers/verkle_wasm.mjs once ({"op": "bench"}) and replays its samples.
#include "verkle_crypto/peer.hpp"

#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string>

#ifndef MERKLEFORGE_PEERS_DIR
#define MERKLEFORGE_PEERS_DIR "../../tests/peers"
#endif

namespace merkleforge::bench {

namespace {

const nlohmann::json& peer_timings() {
  static const nlohmann::json timings = [] {
    const char* override_dir = std::getenv("MERKLEFORGE_PEERS_DIR");
    const std::string peers = override_dir != nullptr ? override_dir : MERKLEFORGE_PEERS_DIR;
    const std::string command =
        "echo '{\"op\":\"bench\",\"repetitions\":5}' | node " + peers + "/verkle_wasm.mjs";
    std::FILE* pipe = popen(command.c_str(), "r");
    if (pipe == nullptr) return nlohmann::json::object();
    std::string out;
    char buffer[4096];
    std::size_t got = 0;
    while ((got = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) out.append(buffer, got);
    if (pclose(pipe) != 0) return nlohmann::json::object();
    return nlohmann::json::parse(out, nullptr, false);
  }();
  return timings;
}

}  // namespace

void wasm_peer(benchmark::State& state, const char* what) {
  const nlohmann::json& timings = peer_timings();
  if (!timings.is_object() || !timings.contains(what)) {
    state.SkipWithError("node peer unavailable (run `make peers`; set MERKLEFORGE_PEERS_DIR)");
    return;
  }
  const auto& samples = timings[what];
  std::size_t sample = 0;
  for (auto _ : state) {
    state.SetIterationTime(samples[sample++ % samples.size()].get<double>() * 1e-9);
  }
}

}  // namespace merkleforge::bench
