#include "binius/binius_support.hpp"

#include <stdexcept>

namespace merkleforge::binius::test {

uint128 parse_uint128(const std::string& hex) {
  std::string digits = hex.rfind("0x", 0) == 0 ? hex.substr(2) : hex;
  if (digits.empty() || digits.size() > 32) throw std::runtime_error("bad field hex: " + hex);
  uint128 value = 0;
  for (char c : digits) {
    const int nibble = c >= '0' && c <= '9'   ? c - '0'
                       : c >= 'a' && c <= 'f' ? c - 'a' + 10
                       : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                              : -1;
    if (nibble < 0) throw std::runtime_error("bad field hex: " + hex);
    value = (value << 4) | static_cast<unsigned>(nibble);
  }
  return value;
}

std::string uint128_hex(uint128 value) {
  static const char* digits = "0123456789abcdef";
  std::string text;
  do {
    text.insert(text.begin(), digits[static_cast<unsigned>(value & 15)]);
    value >>= 4;
  } while (value != 0);
  return "0x" + text;
}

uint128 random_element(std::mt19937_64& rng, unsigned level) {
  const uint128 value = make_uint128(rng(), rng());
  return level == 7 ? value : value & ((uint128{1} << (1u << level)) - 1);
}

std::vector<B128> random_b128s(std::mt19937_64& rng, std::size_t count) {
  std::vector<B128> values(count);
  for (B128& v : values) v = B128(random_element(rng, 7));
  return values;
}

namespace {
std::uint32_t subspace_poly(unsigned i, std::uint32_t x) {
  uint128 product = 1;
  for (std::uint32_t u = 0; u < (std::uint32_t{1} << i); ++u)
    product = tower_mul(5, product, x ^ u);
  return static_cast<std::uint32_t>(product);
}
}  // namespace

std::uint32_t normalized_subspace_poly(unsigned i, std::uint32_t x) {
  const auto norm = tower_inverse(5, subspace_poly(i, std::uint32_t{1} << i));
  return static_cast<std::uint32_t>(tower_mul(5, subspace_poly(i, x), norm));
}

B128 evaluate_novel_basis(const std::vector<B128>& coefficients, std::uint32_t x) {
  uint128 sum = 0;
  for (std::size_t j = 0; j < coefficients.size(); ++j) {
    uint128 basis = 1;
    for (unsigned i = 0; (j >> i) != 0; ++i) {
      if ((j >> i) & 1) basis = tower_mul(5, basis, normalized_subspace_poly(i, x));
    }
    sum ^= tower_mul(7, coefficients[j].value(), basis);
  }
  return B128(sum);
}

}  // namespace merkleforge::binius::test
