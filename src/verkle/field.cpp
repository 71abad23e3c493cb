// Field operations that are not on the hot path of point arithmetic: (de)serialisation,
// exponentiation, inversion, square roots.
#include "merkleforge/verkle/field.hpp"

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "merkleforge/core/cpu.hpp"
#include "merkleforge/core/dispatch.hpp"
#include "modular_inverse.hpp"

namespace merkleforge::verkle {

namespace {

bool mulx_adx_runs() noexcept {
  return cpu_features().bmi2 && cpu_features().adx && detail::mulx_adx_compiled();
}

/// Keyed by "uses the MULX/ADX kernel". No table: mul() is inline in montgomery.hpp and branches
/// on kMulxAdx, read once from here.
const dispatch::Dispatcher<bool, std::nullptr_t>& dispatcher() {
  static const dispatch::Dispatcher<bool, std::nullptr_t> kernels(
      "verkle-fp", {{true, "mulx-adx", mulx_adx_runs, nullptr},
                    {false, "portable", dispatch::runs_everywhere, nullptr}});
  return kernels;
}

}  // namespace

bool detail::mulx_adx_enabled() noexcept {
  return dispatcher().active().key;
}

std::string_view field_kernel_name() noexcept {
  return dispatcher().active().name;
}

namespace {

using detail::Limbs;

Limbs limbs_from_le(const std::uint8_t* bytes, std::size_t size) {
  Limbs limbs{};
  for (std::size_t i = 0; i < size; ++i) {
    limbs[i / 8] |= std::uint64_t{bytes[i]} << (8 * (i % 8));
  }
  return limbs;
}

Limbs shift_right(const Limbs& value, unsigned bits) {
  Limbs out{};
  const unsigned words = bits / 64;
  const unsigned rest = bits % 64;
  for (unsigned i = 0; i + words < 4; ++i) {
    out[i] = value[i + words] >> rest;
    if (rest != 0 && i + words + 1 < 4) out[i] |= value[i + words + 1] << (64 - rest);
  }
  return out;
}

Limbs minus_small(const Limbs& value, std::uint64_t small) {
  Limbs out{};
  detail::sub_limbs(out, value, {small, 0, 0, 0});
  return out;
}

}  // namespace

template <class Modulus>
Result<PrimeField<Modulus>> PrimeField<Modulus>::from_bytes_le(ByteSpan bytes) {
  if (bytes.size() != 32) {
    return make_error(Errc::wrong_size,
                      "field element: expected 32 bytes, got " + std::to_string(bytes.size()));
  }
  const Limbs limbs = limbs_from_le(bytes.data(), 32);
  if (!detail::less_than(limbs, kModulus)) {
    return make_error(Errc::malformed_input, "field element: value not below the modulus");
  }
  return from_canonical(limbs);
}

template <class Modulus>
PrimeField<Modulus> PrimeField<Modulus>::from_bytes_le_reduced(ByteSpan bytes) {
  // Horner over 32-byte chunks from the most significant: value = value·2^256 + chunk. A raw
  // chunk times R² reduces correctly (see Montgomery::mul), and R² is the Montgomery form of 2^256.
  const PrimeField two_pow_256 = from_montgomery(Mont::kR2);
  PrimeField value;
  const std::size_t chunks = (bytes.size() + 31) / 32;
  for (std::size_t c = chunks; c-- > 0;) {
    const std::size_t begin = c * 32;
    const std::size_t size = std::min<std::size_t>(32, bytes.size() - begin);
    const PrimeField chunk =
        from_montgomery(Mont::to_montgomery(limbs_from_le(&bytes[begin], size)));
    value = value * two_pow_256 + chunk;
  }
  return value;
}

template <class Modulus>
std::array<std::uint8_t, 32> PrimeField<Modulus>::to_bytes_le() const {
  const Limbs limbs = to_canonical();
  std::array<std::uint8_t, 32> bytes{};
  for (std::size_t i = 0; i < 32; ++i) {
    bytes[i] = static_cast<std::uint8_t>(limbs[i / 8] >> (8 * (i % 8)));
  }
  return bytes;
}

template <class Modulus>
PrimeField<Modulus> PrimeField<Modulus>::pow(const Limbs& exponent) const {
  PrimeField result = one();
  for (int bit = 255; bit >= 0; --bit) {
    result = result.square();
    if ((exponent[static_cast<std::size_t>(bit / 64)] >> (bit % 64)) & 1) result *= *this;
  }
  return result;
}

template <class Modulus>
PrimeField<Modulus> PrimeField<Modulus>::inverse() const {
  // The representation is a = x·R; inverse_mod gives a^-1 = x^-1·R^-1, and one multiplication
  // by R³ (mul divides by R) turns it into x^-1·R.
  static constexpr Limbs kR3 = Mont::mul(Mont::kR2, Mont::kR2);
  if (is_zero()) return zero();
  return from_montgomery(Mont::mul(detail::inverse_mod(mont_, kModulus), kR3));
}

template <class Modulus>
void PrimeField<Modulus>::batch_inverse(std::span<PrimeField> values) {
  // prefix[i] = product of the non-zero values before i; one inversion of the total, then walk
  // back peeling one factor at a time.
  std::vector<PrimeField> prefix(values.size());
  PrimeField running = one();
  for (std::size_t i = 0; i < values.size(); ++i) {
    prefix[i] = running;
    if (!values[i].is_zero()) running *= values[i];
  }
  PrimeField inverse_running = running.inverse();
  for (std::size_t i = values.size(); i-- > 0;) {
    if (values[i].is_zero()) continue;
    const PrimeField inverse_i = inverse_running * prefix[i];
    inverse_running *= values[i];
    values[i] = inverse_i;
  }
}

template <class Modulus>
int PrimeField<Modulus>::legendre() const requires Modulus::kHasSqrt {
  if (is_zero()) return 0;
  return pow(shift_right(minus_small(kModulus, 1), 1)) == one() ? 1 : -1;
}

template <class Modulus>
std::optional<PrimeField<Modulus>> PrimeField<Modulus>::sqrt() const requires Modulus::kHasSqrt {
  // Tonelli–Shanks with p - 1 = 2^32·t (t odd) and the non-residue 7 (the multiplicative
  // generator of the BLS12-381 scalar field).
  constexpr unsigned kTwoAdicity = 32;
  if (is_zero()) return zero();
  const Limbs t = shift_right(minus_small(kModulus, 1), kTwoAdicity);
  Limbs t_plus_one_half{};
  detail::add_limbs(t_plus_one_half, t, {1, 0, 0, 0});
  t_plus_one_half = shift_right(t_plus_one_half, 1);

  PrimeField c = from_u64(7).pow(t);
  PrimeField root = pow(t_plus_one_half);
  PrimeField b = pow(t);
  unsigned m = kTwoAdicity;
  while (b != one()) {
    unsigned i = 0;
    PrimeField b_pow = b;
    while (b_pow != one()) {
      b_pow = b_pow.square();
      if (++i == m) return std::nullopt;  // b has order 2^m: not a square
    }
    PrimeField g = c;
    for (unsigned k = 0; k + i + 1 < m; ++k) g = g.square();
    root *= g;
    c = g.square();
    b *= c;
    m = i;
  }
  return root;
}

template <class Modulus>
bool PrimeField<Modulus>::is_lexicographically_largest() const {
  return detail::less_than(shift_right(minus_small(kModulus, 1), 1), to_canonical());
}

template class PrimeField<detail::FpModulus>;
template class PrimeField<detail::FrModulus>;

}  // namespace merkleforge::verkle
