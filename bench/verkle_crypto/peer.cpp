// Runs tests/peers/verkle_wasm.mjs ({"op": "bench"}) and hands out one sample per repetition,
// running it again when the samples are used up.
#include "verkle_crypto/peer.hpp"

#include <nlohmann/json.hpp>
#include <string>

#include "support/node_peer.hpp"
#include "support/peer_runs.hpp"

namespace merkleforge::bench {

namespace {

PeerRuns& peer_runs() {
  static PeerRuns runs([] {
    return run_node_peer("verkle_wasm.mjs", {{"op", "bench"}, {"repetitions", 5}});
  });
  return runs;
}

}  // namespace

void wasm_peer(benchmark::State& state, const char* what, std::string (*ours_hex)()) {
  const nlohmann::json& first = peer_runs().first_reply();
  if (!first.is_object() || !first.contains(what)) {
    state.SkipWithError("node peer unavailable (run `make peers`; set MERKLEFORGE_PEERS_DIR)");
    return;
  }
  if (first[what] != ours_hex()) {
    state.SkipWithError("the peer computed another result than ours: its time is not a comparison");
    return;
  }
  for (auto _ : state) {
    const auto ns = peer_runs().next_ns(std::string("/") + what + "_ns");
    if (!ns) {
      state.SkipWithError("node peer gave no timing");
      break;
    }
    state.SetIterationTime(*ns * 1e-9);
  }
}

}  // namespace merkleforge::bench
