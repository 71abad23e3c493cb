// Multiproofs of N openings (16 per polynomial, N / 16 polynomials), prove and verify, side by side
// with rust-verkle's multiproof compiled to WASM (verkle-cryptography-wasm, driven by
// tests/peers/verkle_multiproof.mjs) on the same queries in the same run.
//
// The workload is the peer script's: polynomial p has values p·256 + i + 1 and is opened at the
// points (p + 16·k) mod 256. Both sides use the transcript label "verkle" (the peer's FFI), so the
// proofs must be byte-identical; a difference fails the peer benchmark. The peer is single-threaded
// WASM and reports CPU time per operation (after one untimed run), one sample per repetition; ours
// is wall time on the machine's cores (TBB), and merkleforge/threads:1 is ours on one thread, the
// figure to put beside the peer's.
//
// The peer's prover needs seconds per thousand openings, so it is paired at N = 1024 only; N =
// 16384 carries issue 6's targets (`target_ms`) and go-ipa's published verify time, measured on
// another machine (`published_ms`: 8-core Ryzen 7 3800XT, ../shared/research/verkle.md §8; shown
// beside ours, not as a ratio).
//
// Names: verkle/multiproof_<prove|verify>/<N>/<merkleforge|wasm>, and the variant
// verkle/multiproof_<prove|verify>/1024/merkleforge/threads:1 (docs/verkle.md scheme).
#include "merkleforge/verkle/multiproof.hpp"

#include <benchmark/benchmark.h>

#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>

#include "merkleforge/core/hex.hpp"
#include "merkleforge/parallel/parallel.hpp"
#include "merkleforge/verkle/pedersen.hpp"
#include "support/node_peer.hpp"
#include "support/peer_runs.hpp"
#include "verkle_crypto/ipa_timing.hpp"

namespace merkleforge::verkle {
namespace {

constexpr std::size_t kOpeningsPerPolynomial = 16;
constexpr std::size_t kPeerSize = 1024;
constexpr int kPeerRepetitions = 3;

struct Workload {
  std::vector<Polynomial> polynomials;
  std::vector<ProverQuery> queries;
  std::vector<VerifierQuery> claims;
  MultiProof proof;
};

const Workload& workload(std::size_t openings) {
  static std::map<std::size_t, std::unique_ptr<Workload>> cache;
  auto& entry = cache[openings];
  if (entry) return *entry;
  entry = std::make_unique<Workload>();
  Workload& w = *entry;
  const std::size_t count = openings / kOpeningsPerPolynomial;
  w.polynomials.resize(count);
  for (std::size_t p = 0; p < count; ++p) {
    for (std::size_t i = 0; i < kDomainSize; ++i) {
      w.polynomials[p][i] = Fr::from_u64(p * kDomainSize + i + 1);
    }
    const Element commitment = commit(w.polynomials[p]);
    for (std::size_t k = 0; k < kOpeningsPerPolynomial; ++k) {
      const auto point = static_cast<std::uint8_t>((p + 16 * k) % kDomainSize);
      w.queries.push_back({commitment, w.polynomials[p], point});
      w.claims.push_back({commitment, point, w.polynomials[p][point]});
    }
  }
  Transcript transcript("verkle");
  w.proof = multiproof_prove(transcript, w.queries).value();
  return w;
}

/// The peer's runs on the kPeerSize workload (a new Node run when the repetitions have used the
/// samples of the earlier ones).
merkleforge::bench::PeerRuns& peer_runs() {
  static merkleforge::bench::PeerRuns runs([] {
    return merkleforge::bench::run_node_peer("verkle_multiproof.mjs",
                                             {{"op", "bench"},
                                              {"polynomials", kPeerSize / kOpeningsPerPolynomial},
                                              {"openings_per_polynomial", kOpeningsPerPolynomial},
                                              {"repetitions", kPeerRepetitions}});
  });
  return runs;
}

using bench::run_timed;

void attach_figures(benchmark::State& state, std::size_t openings, double target_ms,
                    double published_ms) {
  state.counters["openings"] = static_cast<double>(openings);
  if (target_ms > 0) state.counters["target_ms"] = target_ms;
  if (published_ms > 0) state.counters["published_ms"] = published_ms;
}

/// Our threads: 0 leaves TBB its default (every core).
std::optional<merkleforge::ThreadLimit> thread_limit(std::size_t threads) {
  if (threads == 0) return std::nullopt;
  return std::make_optional<merkleforge::ThreadLimit>(threads);
}

void prove_ours(benchmark::State& state, std::size_t openings, double target_ms,
                std::size_t threads) {
  const Workload& w = workload(openings);
  const auto limit = thread_limit(threads);
  run_timed(state, [&] {
    Transcript transcript("verkle");
    benchmark::DoNotOptimize(multiproof_prove(transcript, w.queries));
  });
  attach_figures(state, openings, target_ms, 0);
}

void verify_ours(benchmark::State& state, std::size_t openings, double target_ms,
                 double published_ms, std::size_t threads) {
  const Workload& w = workload(openings);
  const auto limit = thread_limit(threads);
  bool accepted = true;
  run_timed(state, [&] {
    Transcript transcript("verkle");
    accepted = accepted && multiproof_verify(transcript, w.claims, w.proof).ok();
  });
  if (!accepted) state.SkipWithError("proof rejected");
  attach_figures(state, openings, target_ms, published_ms);
}

/// One repetition of the peer's figure (registered with Iterations(1)): its next sample, once the
/// peer's proof is known to be byte-identical to ours (the peer checks that it verifies).
void peer(benchmark::State& state, bool prove) {
  const nlohmann::json& first = peer_runs().first_reply();
  if (!first.is_object() || !first.contains("proof")) {
    state.SkipWithError("node peer unavailable (run `make peers`; set MERKLEFORGE_PEERS_DIR)");
    return;
  }
  if (first["proof"] != to_hex(workload(kPeerSize).proof.to_bytes())) {
    state.SkipWithError("peer proof differs from ours: its time is not a comparison");
    return;
  }
  for (auto _ : state) {
    const auto ns = peer_runs().next_ns(prove ? "/prove_ns" : "/verify_ns");
    if (!ns) {
      state.SkipWithError("node peer gave no timing");
      break;
    }
    state.SetIterationTime(*ns * 1e-9);
  }
  state.counters["openings"] = static_cast<double>(kPeerSize);
}

void register_all() {
  const auto add = [](const std::string& name, auto function) {
    return benchmark::RegisterBenchmark(("verkle/multiproof_" + name).c_str(), function)
        ->Unit(benchmark::kMillisecond);
  };
  for (const std::size_t n : {kPeerSize, std::size_t{16384}}) {
    const bool targets = n == 16384;
    const std::string size = std::to_string(n);
    add("prove/" + size + "/merkleforge", [n, targets](benchmark::State& s) {
      prove_ours(s, n, targets ? 150 : 0, 0);
    })->UseRealTime();
    add("verify/" + size + "/merkleforge", [n, targets](benchmark::State& s) {
      verify_ours(s, n, targets ? 37 : 0, targets ? 37.2 : 0, 0);
    })->UseRealTime();
  }
  const std::string peer_size = std::to_string(kPeerSize);
  add("prove/" + peer_size + "/merkleforge/threads:1", [](benchmark::State& s) {
    prove_ours(s, kPeerSize, 0, 1);
  })->UseRealTime();
  add("verify/" + peer_size + "/merkleforge/threads:1", [](benchmark::State& s) {
    verify_ours(s, kPeerSize, 0, 0, 1);
  })->UseRealTime();
  add("prove/" + std::to_string(kPeerSize) + "/wasm", [](benchmark::State& s) { peer(s, true); })
      ->UseManualTime()
      ->Iterations(1);
  add("verify/" + std::to_string(kPeerSize) + "/wasm", [](benchmark::State& s) { peer(s, false); })
      ->UseManualTime()
      ->Iterations(1);
}

const int registered = (register_all(), 0);

}  // namespace
}  // namespace merkleforge::verkle
