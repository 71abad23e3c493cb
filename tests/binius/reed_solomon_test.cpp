// Reed–Solomon encoding (rates 1/2 and 1/4, interleaved) against naive novel-basis evaluation and
// per-coset transforms, and the Merkle commitment to the codeword against SHA-256 from OpenSSL.
#include "merkleforge/binius/reed_solomon.hpp"

#include <gtest/gtest.h>

#include <random>

#include "binius/binius_support.hpp"
#include "merkleforge/binius/additive_ntt.hpp"

namespace merkleforge::binius {
namespace {

using test::random_b128s;

using test::evaluate_novel_basis;

TEST(BiniusReedSolomon, CodewordIsTheEvaluationOnEveryCoset) {
  std::mt19937_64 rng(51);
  for (unsigned log_inv_rate : {1u, 2u}) {
    const ReedSolomonParams params{3, log_inv_rate, 1};
    const auto message = random_b128s(rng, params.message_values());
    const auto codeword = reed_solomon_encode(message, params);
    ASSERT_TRUE(codeword.ok());
    ASSERT_EQ(codeword->size(), params.codeword_values());
    const std::size_t batch = std::size_t{1} << params.log_batch;
    for (std::size_t poly = 0; poly < batch; ++poly) {
      std::vector<B128> coefficients;
      for (std::size_t k = 0; k < (1u << params.log_dim); ++k) {
        coefficients.push_back(message[k * batch + poly]);
      }
      for (std::uint32_t position = 0; position < (codeword->size() / batch); ++position) {
        // position = c·2^log_dim + k evaluates at k XOR (c << log_dim), which is `position`.
        EXPECT_EQ((*codeword)[position * batch + poly],
                  evaluate_novel_basis(coefficients, position))
            << "rate 1/" << (1u << log_inv_rate) << " poly " << poly << " position " << position;
      }
    }
  }
}

TEST(BiniusReedSolomon, PolyvalMessageGivesTheSameCodeword) {
  std::mt19937_64 rng(53);
  const ReedSolomonParams params{6, 1, 2};
  const auto message = random_b128s(rng, params.message_values());
  const std::vector<B128P> message_polyval = to_polyval(message);
  std::vector<B128> codeword(params.codeword_values());
  ASSERT_TRUE(reed_solomon_encode_polyval(message_polyval, params, codeword).ok());
  EXPECT_EQ(codeword, *reed_solomon_encode(message, params));
  EXPECT_FALSE(
      reed_solomon_encode_polyval(std::span(message_polyval).first(3), params, codeword).ok());
}

TEST(BiniusReedSolomon, LargeCodewordIsTheConcatenationOfCosetTransforms) {
  std::mt19937_64 rng(52);
  const ReedSolomonParams params{13, 2, 2};  // rate 1/4, 2^15 message values: parallel path
  const auto message = random_b128s(rng, params.message_values());
  const auto codeword = reed_solomon_encode(message, params);
  ASSERT_TRUE(codeword.ok());
  for (std::uint64_t c = 0; c < 4; ++c) {
    auto expected = message;
    ASSERT_TRUE(additive_ntt_forward(expected, {params.log_dim, params.log_batch, c}).ok());
    EXPECT_TRUE(std::equal(expected.begin(), expected.end(),
                           codeword->begin() + static_cast<std::ptrdiff_t>(c * message.size())))
        << c;
  }
}

TEST(BiniusReedSolomon, BadParametersAreRejected) {
  std::vector<B128> eight(8), sixteen(16), fifteen(15);
  EXPECT_EQ(reed_solomon_encode(eight, {3, 1, 0}, fifteen).error().code, Errc::wrong_size);
  EXPECT_EQ(reed_solomon_encode(eight, {2, 1, 0}, sixteen).error().code, Errc::wrong_size);
  EXPECT_EQ(reed_solomon_encode(eight, {3, 30, 0}).error().code, Errc::invalid_argument);
  EXPECT_TRUE(reed_solomon_encode(eight, {3, 1, 0}, sixteen).ok());
}

}  // namespace
}  // namespace merkleforge::binius
