// Multilinear-polynomial kernels over B128 (canonical tower values).
//
// A multilinear polynomial in n variables is given by its 2^n values on the hypercube, index i
// holding the value at v with i = sum_j 2^j·v_j (variable 0 is the lowest index bit).
// eq(r, v) = prod_j (r_j·v_j + (1 - r_j)(1 - v_j)) = prod_j (1 + r_j + v_j) in characteristic 2.
// The evaluation of values at r is sum_i values[i]·eq(r, i).
//
// Products run in the POLYVAL basis (polyval.hpp, active CLMUL kernel); inputs and outputs are
// canonical. Errors (all): wrong_size when the lengths do not match the number of variables.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "merkleforge/binius/tower.hpp"
#include "merkleforge/core/result.hpp"

namespace merkleforge::binius {

/// The 2^n values eq(point, i), i < 2^n, n = point.size() (at most 40).
Result<std::vector<B128>> eq_tensor(std::span<const B128> point);

/// The polynomial at `point`. Requires values.size() == 2^point.size().
Result<B128> evaluate_multilinear(std::span<const B128> values, std::span<const B128> point);

/// Fixes the lowest k = point.size() variables: out[j] = sum_{i < 2^k} eq(point, i)·values[j·2^k +
/// i], a polynomial in the remaining n - k variables. Requires values.size() = 2^n with n >= k.
Result<std::vector<B128>> partial_evaluate_low(std::span<const B128> values,
                                               std::span<const B128> point);

/// Fixes the highest k variables: out[i] = sum_{j < 2^k} eq(point, j)·values[j·2^(n-k) + i].
Result<std::vector<B128>> partial_evaluate_high(std::span<const B128> values,
                                                std::span<const B128> point);

/// The B1 polynomial whose 2^n values are the bits of `bits` (bit i of byte i/8, LSB first;
/// (2^n + 7)/8 bytes, n = point.size()) at `point`: 16 byte-table lookups per 128 values, then
/// one B128 product per 128 values. Requires the byte count to match.
Result<B128> evaluate_multilinear_b1(std::span<const std::uint8_t> bits,
                                     std::span<const B128> point);
/// Fixes the highest k = point.size() variables of the B1 polynomial of 2^n bits (n = n_vars):
/// out[i] = sum_{j < 2^k} eq(point, j)·bit(j·2^(n-k) + i), 2^(n-k) B128 values. Requires
/// k <= n and the byte count to match.
Result<std::vector<B128>> partial_evaluate_high_b1(std::span<const std::uint8_t> bits,
                                                   unsigned n_vars, std::span<const B128> point);
/// One folding step (the lowest variable set to r): out[j] = values[2j] + r·(values[2j+1] -
/// values[2j]). Requires an even, non-zero length.
Result<std::vector<B128>> fold_lowest(std::span<const B128> values, B128 r);

/// sum_i a[i]·b[i] with a in a subfield, b in B128 (a column of small elements against a B128
/// vector, as in ring-switching and sumcheck), for each of the four functions below. For B1, bit
/// i of `bits` (LSB first) is a[i] and bits.size() must be (b.size() + 7) / 8; the other three
/// need spans of equal lengths. Errors: wrong_size when the lengths do not fit. O(b.size()).
Result<B128> inner_product_b1(std::span<const std::uint8_t> bits, std::span<const B128> b);
Result<B128> inner_product_b8(std::span<const std::uint8_t> a, std::span<const B128> b);
Result<B128> inner_product_b32(std::span<const std::uint32_t> a, std::span<const B128> b);
Result<B128> inner_product_b128(std::span<const B128> a, std::span<const B128> b);

}  // namespace merkleforge::binius
