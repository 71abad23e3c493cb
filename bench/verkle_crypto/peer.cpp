// Runs tests/peers/verkle_wasm.mjs once ({"op": "bench"}) and replays its samples.
#include "verkle_crypto/peer.hpp"

#include <nlohmann/json.hpp>
#include <string>

#include "support/node_peer.hpp"

namespace merkleforge::bench {

namespace {

const nlohmann::json& peer_timings() {
  static const nlohmann::json timings =
      run_node_peer("verkle_wasm.mjs", {{"op", "bench"}, {"repetitions", 5}});
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
