#include "merkleforge/binius/multilinear.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <string>

#include "merkleforge/binius/kernels.hpp"
#include "merkleforge/binius/subfield_products.hpp"

namespace merkleforge::binius {
namespace {

constexpr std::size_t kMaxVariables = 40;
/// Products are formed in buffers of this many values, then summed.
constexpr std::size_t kChunk = 256;

Error size_error(const std::string& what) {
  return make_error(Errc::wrong_size, "binius multilinear: " + what);
}

/// Number of variables of a table of `size` values, or an error unless a power of two >= 2^min.
Result<unsigned> variables_of(std::size_t size, std::size_t at_least) {
  if (size == 0 || (size & (size - 1)) != 0) {
    return size_error(std::to_string(size) + " values is not a power of two");
  }
  const auto n = static_cast<unsigned>(std::countr_zero(size));
  if (n < at_least) {
    return size_error(std::to_string(size) + " values have fewer than " + std::to_string(at_least) +
                      " variables");
  }
  return n;
}

/// The eq tensor of a canonical point, in the POLYVAL basis.
std::vector<B128P> eq_tensor_polyval(std::span<const B128> point) {
  return polyval_eq_tensor(to_polyval(point));
}

/// sum_i a[i]·b[i] for POLYVAL values.
B128P polyval_inner_product(const B128P* a, const B128P* b, std::size_t n) {
  const auto& kernel = active_polyval_kernel();
  std::array<B128P, kChunk> products;
  B128P sum;
  for (std::size_t start = 0; start < n; start += kChunk) {
    const std::size_t count = std::min(kChunk, n - start);
    kernel.mul(a + start, b + start, products.data(), count);
    for (std::size_t i = 0; i < count; ++i) sum += products[i];
  }
  return sum;
}

Status check_equal(std::size_t a, std::size_t b) {
  if (a == b) return Ok{};
  return size_error("lengths " + std::to_string(a) + " and " + std::to_string(b) + " differ");
}

}  // namespace

Result<std::vector<B128>> eq_tensor(std::span<const B128> point) {
  if (point.size() > kMaxVariables) return size_error("too many variables");
  return to_canonical(eq_tensor_polyval(point));
}

Result<B128> evaluate_multilinear(std::span<const B128> values, std::span<const B128> point) {
  if (point.size() > kMaxVariables || values.size() != (std::size_t{1} << point.size())) {
    return size_error(std::to_string(values.size()) + " values for " +
                      std::to_string(point.size()) + " variables");
  }
  const auto eq = eq_tensor_polyval(point);
  const auto v = to_polyval(values);
  return to_canonical(polyval_inner_product(v.data(), eq.data(), v.size()));
}

Result<std::vector<B128>> partial_evaluate_low(std::span<const B128> values,
                                               std::span<const B128> point) {
  const auto n = variables_of(values.size(), point.size());
  if (!n) return n.error();
  const auto eq = eq_tensor_polyval(point);
  const auto v = to_polyval(values);
  std::vector<B128P> out(values.size() >> point.size());
  for (std::size_t j = 0; j < out.size(); ++j) {
    out[j] = polyval_inner_product(v.data() + j * eq.size(), eq.data(), eq.size());
  }
  return to_canonical(out);
}

Result<std::vector<B128>> partial_evaluate_high(std::span<const B128> values,
                                                std::span<const B128> point) {
  const auto n = variables_of(values.size(), point.size());
  if (!n) return n.error();
  const auto eq = eq_tensor_polyval(point);
  const auto v = to_polyval(values);
  const std::size_t stride = values.size() >> point.size();
  const auto& kernel = active_polyval_kernel();
  std::vector<B128P> out(stride), scaled(stride);
  for (std::size_t j = 0; j < eq.size(); ++j) {
    kernel.mul_scalar(v.data() + j * stride, eq[j], scaled.data(), stride);
    for (std::size_t i = 0; i < stride; ++i) out[i] += scaled[i];
  }
  return to_canonical(out);
}

Result<std::vector<B128>> fold_lowest(std::span<const B128> values, B128 r) {
  const auto n = variables_of(values.size(), 1);
  if (!n) return n.error();
  const B128 point[] = {r};
  return partial_evaluate_low(values, point);
}

Result<B128> inner_product_b1(std::span<const std::uint8_t> bits, std::span<const B128> b) {
  if (Status s = check_equal(bits.size(), (b.size() + 7) / 8); !s) return s.error();
  uint128 sum = 0;
  for (std::size_t i = 0; i < b.size(); ++i) {
    sum ^= b[i].value() & (uint128{0} - ((bits[i / 8] >> (i % 8)) & 1u));
  }
  return B128(sum);
}

// sum_i a_i·b_i = sum_{s in B8} s·(sum_{i : a_i = s} b_i): XOR into 256 buckets, then 255
// subfield products — linear time without a single product per element.
Result<B128> inner_product_b8(std::span<const std::uint8_t> a, std::span<const B128> b) {
  if (Status s = check_equal(a.size(), b.size()); !s) return s.error();
  std::vector<B128> buckets(256);
  for (std::size_t i = 0; i < a.size(); ++i) buckets[a[i]] += b[i];
  std::vector<std::uint8_t> scalars(256);
  for (unsigned s = 0; s < 256; ++s) scalars[s] = static_cast<std::uint8_t>(s);
  if (Status s = mul_b128_by_b8(buckets, scalars, buckets); !s) return s.error();
  B128 sum;
  for (B128 term : buckets) sum += term;
  return sum;
}

Result<B128> inner_product_b32(std::span<const std::uint32_t> a, std::span<const B128> b) {
  if (Status s = check_equal(a.size(), b.size()); !s) return s.error();
  std::vector<B128> products(b.size());
  if (Status s = mul_b128_by_b32(b, a, products); !s) return s.error();
  B128 sum;
  for (B128 term : products) sum += term;
  return sum;
}

Result<B128> inner_product_b128(std::span<const B128> a, std::span<const B128> b) {
  if (Status s = check_equal(a.size(), b.size()); !s) return s.error();
  const auto pa = to_polyval(a), pb = to_polyval(b);
  // The images' products are the products' images, and sums are sums in every basis.
  return to_canonical(polyval_inner_product(pa.data(), pb.data(), pa.size()));
}

namespace {

std::size_t bit_bytes(unsigned n_vars) {
  return ((std::size_t{1} << n_vars) + 7) / 8;
}

bool bit_at(std::span<const std::uint8_t> bits, std::size_t i) {
  return ((bits[i / 8] >> (i % 8)) & 1u) != 0;
}

}  // namespace

// The low 7 variables are summed per 128-bit word by subset-sum tables of their eq tensor (one
// table per byte position), so the 2^n bits cost 2^n / 8 lookups and 2^(n-7) products.
Result<B128> evaluate_multilinear_b1(std::span<const std::uint8_t> bits,
                                     std::span<const B128> point) {
  if (point.size() > kMaxVariables) return size_error("too many variables");
  const auto n = static_cast<unsigned>(point.size());
  if (Status s = check_equal(bits.size(), bit_bytes(n)); !s) return s.error();
  constexpr unsigned kWordVars = 7;
  if (n <= kWordVars) {
    const auto eq = eq_tensor(point).value();
    return inner_product_b1(bits, eq);
  }
  // Tables, word sums and the final inner product stay in the POLYVAL basis (XOR is the same in
  // every basis): no conversion of the 2^(n-7) word sums.
  const auto eq_lo = eq_tensor_polyval(point.first(kWordVars));
  std::vector<std::array<B128P, 256>> tables(16);
  for (std::size_t b = 0; b < 16; ++b) {
    tables[b][0] = B128P::zero();
    for (std::size_t s = 1; s < 256; ++s) {
      const auto low = static_cast<unsigned>(std::countr_zero(s));
      tables[b][s] = tables[b][s & (s - 1)] + eq_lo[8 * b + low];
    }
  }
  std::vector<B128P> words(std::size_t{1} << (n - kWordVars));
  for (std::size_t w = 0; w < words.size(); ++w) {
    const std::uint8_t* word = bits.data() + 16 * w;
    B128P sum;
    for (std::size_t b = 0; b < 16; ++b) sum += tables[b][word[b]];
    words[w] = sum;
  }
  const auto eq_hi = eq_tensor_polyval(point.subspan(kWordVars));
  return to_canonical(polyval_inner_product(words.data(), eq_hi.data(), words.size()));
}

Result<std::vector<B128>> partial_evaluate_high_b1(std::span<const std::uint8_t> bits,
                                                   unsigned n_vars, std::span<const B128> point) {
  if (n_vars > kMaxVariables || point.size() > n_vars) {
    return size_error("cannot fix " + std::to_string(point.size()) + " of " +
                      std::to_string(n_vars) + " variables");
  }
  if (Status s = check_equal(bits.size(), bit_bytes(n_vars)); !s) return s.error();
  const auto eq = eq_tensor(point).value();
  const std::size_t stride = std::size_t{1} << (n_vars - point.size());
  std::vector<B128> out(stride);
  if (stride >= 64 || n_vars < 6) {
    for (std::size_t j = 0; j < eq.size(); ++j) {
      const uint128 weight = eq[j].value();
      for (std::size_t i = 0; i < stride; ++i) {
        out[i] += B128(weight & (uint128{0} - static_cast<uint128>(bit_at(bits, j * stride + i))));
      }
    }
    return out;
  }
  // Blocks of fewer than 64 bits: 64 / stride blocks per machine word.
  const std::size_t per_word = 64 / stride;
  for (std::size_t w = 0; w < bits.size() / 8; ++w) {
    std::uint64_t word;
    std::memcpy(&word, bits.data() + 8 * w, 8);
    for (std::size_t k = 0; k < per_word; ++k, word >>= stride) {
      const uint128 weight = eq[w * per_word + k].value();
      for (std::size_t i = 0; i < stride; ++i) {
        out[i] += B128(weight & (uint128{0} - static_cast<uint128>((word >> i) & 1u)));
      }
    }
  }
  return out;
}

}  // namespace merkleforge::binius
