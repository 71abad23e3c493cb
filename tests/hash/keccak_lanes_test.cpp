// The multi-state kernels' contract (src/hash/keccak_kernel.hpp, AbsorbLanesFn) under every
// Keccak kernel this CPU has: each lane's state becomes permute(state ^ block) — with the state
// taken as zero for the lanes named in `fresh`, whatever is stored there — checked lane by lane
// against the portable one-state permutation, for every fresh mask.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "../../src/hash/keccak_kernel.hpp"
#include "keccak_kernel_scope.hpp"

namespace merkleforge {
namespace {

namespace keccak = detail::keccak;
constexpr std::size_t kRate = 8 * keccak::kRateWords;

/// The state the contract promises for lane `lane`, computed on the portable permutation.
std::vector<std::uint64_t> expected_lane(const std::vector<std::uint64_t>& states,
                                         std::size_t lanes, std::size_t lane, bool fresh,
                                         const std::uint8_t* block) {
  std::vector<std::uint64_t> state(keccak::kStateWords);
  for (std::size_t w = 0; w < keccak::kStateWords; ++w) {
    std::uint64_t word = 0;  // block bytes 8w..8w+7, least significant first
    for (std::size_t k = 0; w < keccak::kRateWords && k < 8; ++k)
      word |= std::uint64_t{block[8 * w + k]} << (8 * k);
    state[w] = (fresh ? 0 : states[w * lanes + lane]) ^ word;
  }
  keccak::permute_portable(state.data());
  return state;
}

TEST(KeccakLanes, AbsorbMatchesPortableForEveryFreshMask) {
  std::mt19937_64 rng(21);
  int kernels_with_lanes = 0;
  test::for_each_keccak_kernel([&] {
    const keccak::Kernel& kernel = keccak::active_kernel();
    if (kernel.absorb_lanes == nullptr) return;
    ++kernels_with_lanes;
    const std::size_t lanes = kernel.lanes;
    for (unsigned fresh = 0; fresh < (1u << lanes); ++fresh) {
      std::vector<std::uint64_t> states(keccak::kStateWords * lanes);
      for (auto& word : states) word = rng();
      // Blocks at odd offsets: the kernel must accept any alignment.
      std::vector<std::uint8_t> bytes(lanes * kRate + 1);
      for (auto& byte : bytes) byte = static_cast<std::uint8_t>(rng());
      std::vector<const std::uint8_t*> blocks(lanes);
      for (std::size_t i = 0; i < lanes; ++i) blocks[i] = bytes.data() + 1 + i * kRate;

      std::vector<std::uint64_t> actual = states;
      kernel.absorb_lanes(actual.data(), blocks.data(), fresh);
      for (std::size_t i = 0; i < lanes; ++i) {
        const auto expected = expected_lane(states, lanes, i, ((fresh >> i) & 1u) != 0, blocks[i]);
        for (std::size_t w = 0; w < keccak::kStateWords; ++w)
          ASSERT_EQ(actual[w * lanes + i], expected[w])
              << "lane " << i << ", word " << w << ", fresh mask " << fresh;
      }
    }
  });
  if (kernels_with_lanes == 0) GTEST_SKIP() << "no multi-state Keccak kernel on this CPU";
}

}  // namespace
}  // namespace merkleforge
