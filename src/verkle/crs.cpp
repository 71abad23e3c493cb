// Try-and-increment derivation of the CRS from its seed.
#include "merkleforge/verkle/crs.hpp"

#include <algorithm>
#include <array>
#include <string_view>
#include <vector>

#include "merkleforge/hash/sha256.hpp"

namespace merkleforge::verkle {

namespace {

std::vector<Element> derive_crs() {
  constexpr std::string_view kSeed = "eth_verkle_oct_2021";
  std::vector<Element> points;
  points.reserve(kCrsSize);
  for (std::uint64_t counter = 0; points.size() < kCrsSize; ++counter) {
    Bytes message(kSeed.begin(), kSeed.end());
    for (int shift = 56; shift >= 0; shift -= 8) {
      message.push_back(static_cast<std::uint8_t>(counter >> shift));
    }
    const Digest32 hash = Sha256::digest(message);
    // The hash is reduced mod p first (go-ipa fp.SetBytes), so only the curve and subgroup
    // checks can reject it.
    std::array<std::uint8_t, 32> little_endian{};
    std::reverse_copy(hash.begin(), hash.end(), little_endian.begin());
    std::array<std::uint8_t, 32> x_be = Fp::from_bytes_le_reduced(little_endian).to_bytes_le();
    std::reverse(x_be.begin(), x_be.end());
    if (auto point = Element::from_bytes(x_be)) points.push_back(*point);
  }
  return points;
}

}  // namespace

std::span<const Element> crs_points() {
  static const std::vector<Element> points = derive_crs();
  return points;
}

const Element& crs_q() {
  return Element::generator();
}

}  // namespace merkleforge::verkle
