// Vision Mark-32, the reference implementation the Vision circuit is checked against: one
// permutation of 24 B32 elements (items/s), and the hash of a 1,024-element message.
#include "merkleforge/binius/vision.hpp"

#include <benchmark/benchmark.h>

#include <vector>

namespace merkleforge::binius {
namespace {

void BM_VisionPermutation(benchmark::State& state) {
  VisionState vision_state{};
  for (std::size_t i = 0; i < vision_state.size(); ++i) {
    vision_state[i] = static_cast<std::uint32_t>(0x9e3779b9u * (i + 1));
  }
  for (auto _ : state) {
    vision32_permute(vision_state);
    benchmark::DoNotOptimize(vision_state);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}
BENCHMARK(BM_VisionPermutation)->Name("binius/vision32/permutation/merkleforge");

void BM_VisionHash(benchmark::State& state) {
  std::vector<std::uint32_t> message(1024);
  for (std::size_t i = 0; i < message.size(); ++i) {
    message[i] = static_cast<std::uint32_t>(i * 2654435761u);
  }
  for (auto _ : state) {
    Digest32 digest = vision32_hash(message);
    benchmark::DoNotOptimize(digest);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * 4 * message.size()));
}
BENCHMARK(BM_VisionHash)->Name("binius/vision32/hash4096/merkleforge");

}  // namespace
}  // namespace merkleforge::binius
