// Vision Mark-32 against Binius v0's published known answers
// (tests/vectors/binius/vision32_kats.json: test_sboxes' 1,024 S-box pairs, test_mds_matrix,
// test_simple_hash, test_multi_block_aligned / _unaligned, the empty input) and the file's derived
// permutation and hash regression points.
#include "merkleforge/binius/vision.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>

#include "merkleforge/binius/tower.hpp"
#include "merkleforge/core/hex.hpp"
#include "support/vectors.hpp"

namespace merkleforge::binius {
namespace {

using test::hex_bytes;
using test::load_vectors;

const nlohmann::json& kats() {
  static const nlohmann::json vectors = load_vectors("binius/vision32_kats.json");
  return vectors;
}

std::uint32_t word(const nlohmann::json& hex) {
  return static_cast<std::uint32_t>(std::stoul(hex.get<std::string>(), nullptr, 16));
}

VisionState state_of(const nlohmann::json& words) {
  VisionState state{};
  if (words.size() != state.size()) throw std::runtime_error("not a 24-element state");
  for (std::size_t i = 0; i < state.size(); ++i) state[i] = word(words[i]);
  return state;
}

/// A hash_kats message as little-endian elements.
std::vector<std::uint32_t> message_elements(const nlohmann::json& entry) {
  Bytes bytes;
  if (entry.contains("msg_hex")) {
    bytes = hex_bytes(entry["msg_hex"].get<std::string>());
  } else {
    const std::string text = entry.at("msg_ascii").get<std::string>();
    bytes.assign(text.begin(), text.end());
  }
  std::vector<std::uint32_t> elements(bytes.size() / 4);
  for (std::size_t i = 0; i < elements.size(); ++i) {
    for (unsigned b = 0; b < 4; ++b) elements[i] |= std::uint32_t{bytes[4 * i + b]} << (8 * b);
  }
  return elements;
}

TEST(Vision32, PublishedSboxes) {
  const auto& sboxes = kats().at("sbox_kats");
  const auto& inputs = sboxes.at("inputs");
  ASSERT_EQ(inputs.size(), 1024u);
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    const std::uint32_t x = word(inputs[i]);
    EXPECT_EQ(vision32_sbox_inverse(x), word(sboxes.at("sbox_inv_outputs")[i])) << i;
    EXPECT_EQ(vision32_sbox_forward(x), word(sboxes.at("sbox_fwd_outputs")[i])) << i;
  }
}

TEST(Vision32, PublishedMdsMatrixColumns) {
  const auto& matrix = kats().at("mds_matrix_check").at("matrix");
  ASSERT_EQ(matrix.size(), kVisionStateSize);
  for (std::size_t j = 0; j < kVisionStateSize; ++j) {
    VisionState unit{};
    unit[j] = 1;
    vision32_mds(unit);
    for (std::size_t i = 0; i < kVisionStateSize; ++i) {
      EXPECT_EQ(unit[i], word(matrix[i][j])) << "row " << i << " column " << j;
    }
  }
  // A B8 scalar acts on each byte of a B32 element: MDS of an element with four different bytes
  // in column 5 is, byte by byte, each entry times that byte.
  VisionState spread{};
  spread[5] = 0x8c4e1f02;
  vision32_mds(spread);
  for (std::size_t i = 0; i < kVisionStateSize; ++i) {
    const auto entry = static_cast<std::uint8_t>(word(matrix[i][5]));
    std::uint32_t expected = 0;
    for (unsigned b = 0; b < 4; ++b) {
      const auto byte = static_cast<std::uint8_t>(0x8c4e1f02u >> (8 * b));
      expected |= static_cast<std::uint32_t>(tower_mul(3, entry, byte)) << (8 * b);
    }
    EXPECT_EQ(spread[i], expected) << i;
  }
}

TEST(Vision32, ConstantsEqualTheVectorFileTranscription) {
  const auto& constants = kats().at("constants");
  const VisionConstants& ours = vision32_constants();
  const auto& keys = constants.at("round_keys_canonical");
  ASSERT_EQ(keys.size(), ours.round_keys.size());
  for (std::size_t k = 0; k < keys.size(); ++k) EXPECT_EQ(ours.round_keys[k], state_of(keys[k]));
  const auto& mds = constants.at("mds_canonical");
  for (std::size_t i = 0; i < kVisionStateSize; ++i) {
    for (std::size_t j = 0; j < kVisionStateSize; ++j) EXPECT_EQ(ours.mds[i][j], word(mds[i][j]));
  }
}

// v0's circuit (crates/circuits/src/vision.rs) states B as the linearized polynomial
// c0·y + c1·y² + c2·y⁴ + c over the canonical tower; the library derives B from the AES-basis
// matrices of vision_constants.rs instead. The two published forms must agree.
TEST(Vision32, ForwardMapEqualsTheCircuitsLinearizedPolynomial) {
  const auto& poly = kats().at("constants").at("linearized_fwd_canonical");
  const std::uint32_t c0 = word(poly.at("coeff_x"));
  const std::uint32_t c1 = word(poly.at("coeff_x2"));
  const std::uint32_t c2 = word(poly.at("coeff_x4"));
  const VisionConstants& ours = vision32_constants();
  EXPECT_EQ(ours.forward_constant, word(poly.at("const")));
  EXPECT_EQ(ours.inverse_constant,
            word(kats().at("constants").at("linearized_inv_const_canonical")));
  for (unsigned i = 0; i < 32; ++i) {
    const uint128 y = uint128{1} << i;
    const uint128 y2 = tower_square(5, y);
    const uint128 y4 = tower_square(5, y2);
    const auto image = static_cast<std::uint32_t>(tower_mul(5, c0, y) ^ tower_mul(5, c1, y2) ^
                                                  tower_mul(5, c2, y4));
    EXPECT_EQ(ours.forward_images[i], image) << "basis bit " << i;
  }
}

// The two affine maps are inverse to each other (applied from their images, independently of the
// library's lookup tables).
TEST(Vision32, InverseMapUndoesForwardMap) {
  const VisionConstants& c = vision32_constants();
  const auto apply = [](const std::array<std::uint32_t, 32>& images, std::uint32_t constant,
                        std::uint32_t y) {
    for (unsigned i = 0; i < 32; ++i) {
      if ((y >> i) & 1u) constant ^= images[i];
    }
    return constant;
  };
  std::mt19937 rng(24);
  for (int n = 0; n < 200; ++n) {
    const std::uint32_t y = static_cast<std::uint32_t>(rng());
    const std::uint32_t forward = apply(c.forward_images, c.forward_constant, y);
    EXPECT_EQ(apply(c.inverse_images, c.inverse_constant, forward), y) << y;
  }
  // And 0 is inverted to 0: both S-boxes of 0 are their maps' constants.
  EXPECT_EQ(vision32_sbox_forward(0), c.forward_constant);
  EXPECT_EQ(vision32_sbox_inverse(0), c.inverse_constant);
}

TEST(Vision32, PermutationRegressionPoints) {
  const auto& entries = kats().at("permutation_kats");
  ASSERT_EQ(entries.size(), 6u);
  for (const auto& entry : entries) {
    VisionState state = state_of(entry.at("input"));
    vision32_permute(state);
    EXPECT_EQ(state, state_of(entry.at("output"))) << entry.at("name").get<std::string>();
  }
}

// The round trace rebuilt from the public layers: states[k + 1] = MDS(S(states[k])) + RK[k + 1],
// S = sbox_inverse on even k, sbox_forward on odd k; the last state is the permutation's output.
TEST(Vision32, RoundTraceFromPublicLayers) {
  const auto& trace = kats().at("round_trace");
  const auto& states = trace.at("states");
  ASSERT_EQ(states.size(), 2 * kVisionRounds + 1);
  const auto& keys = vision32_constants().round_keys;
  VisionState state = state_of(trace.at("input"));
  VisionState permuted = state;
  vision32_permute(permuted);
  for (std::size_t i = 0; i < kVisionStateSize; ++i) state[i] ^= keys[0][i];
  EXPECT_EQ(state, state_of(states[0]));
  for (std::size_t k = 0; k + 1 < states.size(); ++k) {
    for (std::uint32_t& element : state) {
      element = k % 2 == 0 ? vision32_sbox_inverse(element) : vision32_sbox_forward(element);
    }
    vision32_mds(state);
    for (std::size_t i = 0; i < kVisionStateSize; ++i) state[i] ^= keys[k + 1][i];
    EXPECT_EQ(state, state_of(states[k + 1])) << "layer " << k;
  }
  EXPECT_EQ(state, permuted);
}

TEST(Vision32, Hashes) {
  const auto& entries = kats().at("hash_kats");
  ASSERT_EQ(entries.size(), 12u);
  std::mt19937 rng(2024);
  for (const auto& entry : entries) {
    const std::string name = entry.at("name").get<std::string>();
    const std::string expected = entry.at("digest").get<std::string>();
    const std::vector<std::uint32_t> elements = message_elements(entry);
    ASSERT_EQ(elements.size(), entry.at("num_elements").get<std::size_t>()) << name;
    EXPECT_EQ(to_hex(vision32_hash(elements)), expected) << name;

    Bytes bytes(4 * elements.size());
    for (std::size_t i = 0; i < bytes.size(); ++i) {
      bytes[i] = static_cast<std::uint8_t>(elements[i / 4] >> (8 * (i % 4)));
    }
    Result<Digest32> from_bytes = vision32_hash_bytes(bytes);
    ASSERT_TRUE(from_bytes.ok()) << name;
    EXPECT_EQ(to_hex(*from_bytes), expected) << name << " (bytes)";

    Result<Vision32Hasher> hasher = Vision32Hasher::create(elements.size());
    ASSERT_TRUE(hasher.ok());
    const std::span<const std::uint32_t> all(elements);
    std::size_t at = 0;
    while (at < all.size()) {  // pieces of 0..20 elements
      const std::size_t piece = std::min<std::size_t>(all.size() - at, rng() % 21);
      hasher->update(all.subspan(at, piece));
      at += piece;
    }
    Result<Digest32> incremental = hasher->finalize();
    ASSERT_TRUE(incremental.ok()) << name;
    EXPECT_EQ(to_hex(*incremental), expected) << name << " (incremental)";
  }
}

TEST(Vision32, LengthMismatchAndBadSizesAreErrors) {
  const std::vector<std::uint32_t> thirty(30, 0);
  // v0 test_fixed_length_too_much_data / _not_enough_data / test_empty_input_error.
  Result<Vision32Hasher> too_much = Vision32Hasher::create(20);
  ASSERT_TRUE(too_much.ok());
  too_much->update(thirty);
  Result<Digest32> refused = too_much->finalize();
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().code, Errc::wrong_size);

  Result<Vision32Hasher> too_little = Vision32Hasher::create(20);
  ASSERT_TRUE(too_little.ok());
  too_little->update(std::span(thirty).first(3));
  EXPECT_FALSE(too_little->finalize().ok());

  Result<Vision32Hasher> nothing = Vision32Hasher::create(25);
  ASSERT_TRUE(nothing.ok());
  nothing->update({});
  EXPECT_FALSE(nothing->finalize().ok());

  const Bytes five(5, 0);
  Result<Digest32> odd = vision32_hash_bytes(five);
  ASSERT_FALSE(odd.ok());
  EXPECT_EQ(odd.error().code, Errc::wrong_size);

  Result<Vision32Hasher> huge = Vision32Hasher::create(std::uint64_t{1} << 62);
  ASSERT_FALSE(huge.ok());
  EXPECT_EQ(huge.error().code, Errc::invalid_argument);
  EXPECT_TRUE(Vision32Hasher::create((std::uint64_t{1} << 62) - 1).ok());
}

}  // namespace
}  // namespace merkleforge::binius
