// Grøstl-256: the standard hash rows, and its permutation P on one 64-byte state (the unit the
// Binius Grøstl circuit proves). No peer: neither OpenSSL nor any npm package has Grøstl.
#include "merkleforge/hash/groestl256.hpp"

#include "harness.hpp"

namespace merkleforge::hash_bench {
namespace {

void permutation_p(benchmark::State& state) {
  GroestlState groestl_state{};
  for (std::size_t k = 0; k < groestl_state.size(); ++k) {
    groestl_state[k] = static_cast<std::uint8_t>(k);
  }
  for (auto _ : state) {
    groestl256_p(groestl_state);
    benchmark::DoNotOptimize(groestl_state);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * groestl_state.size()));
}

const bool registered = [] {
  register_merkleforge<Groestl256>("groestl256");
  benchmark::RegisterBenchmark("hash/groestl256/permutation_p64/merkleforge", permutation_p);
  return true;
}();

}  // namespace
}  // namespace merkleforge::hash_bench
