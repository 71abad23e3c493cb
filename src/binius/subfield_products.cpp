#include "merkleforge/binius/subfield_products.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <string>

#include "packed_kernel.hpp"

namespace merkleforge::binius {
namespace {

/// B128 values per block of the span products: their scalars, repeated per coordinate, fill
/// 1 KiB on the stack.
constexpr std::size_t kBlock = 64;

Status check_count(std::size_t got, std::size_t expected, const char* what) {
  if (got == expected) return Ok{};
  return make_error(Errc::wrong_size, std::string("binius subfield product: ") + what + " has " +
                                          std::to_string(got) + " entries, expected " +
                                          std::to_string(expected));
}

}  // namespace

Status mul_b128_by_b32(std::span<const B128> a, std::span<const std::uint32_t> s,
                       std::span<B128> out) {
  if (Status st = check_count(s.size(), a.size(), "scalars"); !st) return st;
  if (Status st = check_count(out.size(), a.size(), "output"); !st) return st;
  // Coordinates copied out (a B128 is not four uint32_t objects), each beside its scalar.
  std::array<std::uint32_t, 4 * kBlock> coordinates, scalars;
  for (std::size_t start = 0; start < a.size(); start += kBlock) {
    const std::size_t count = std::min(kBlock, a.size() - start), words = 4 * count;
    std::memcpy(coordinates.data(), a.data() + start, 16 * count);
    for (std::size_t i = 0; i < count; ++i) std::fill_n(&scalars[4 * i], 4, s[start + i]);
    const auto block = std::span(coordinates).first(words);
    detail::active_packed_mul_b32(block.data(), scalars.data(), block.data(), words);
    std::memcpy(static_cast<void*>(out.data() + start), coordinates.data(), 16 * count);
  }
  return Ok{};
}

Status mul_b128_by_b8(std::span<const B128> a, std::span<const std::uint8_t> s,
                      std::span<B128> out) {
  if (Status st = check_count(s.size(), a.size(), "scalars"); !st) return st;
  if (Status st = check_count(out.size(), a.size(), "output"); !st) return st;
  std::array<std::uint8_t, 16 * kBlock> scalars;
  for (std::size_t start = 0; start < a.size(); start += kBlock) {
    const std::size_t count = std::min(kBlock, a.size() - start), bytes = 16 * count;
    for (std::size_t i = 0; i < count; ++i) std::fill_n(&scalars[16 * i], 16, s[start + i]);
    detail::active_packed_mul_b8(reinterpret_cast<const std::uint8_t*>(a.data() + start),
                                 scalars.data(),
                                 reinterpret_cast<std::uint8_t*>(out.data() + start), bytes);
  }
  return Ok{};
}

Status mul_b128_by_b1(std::span<const B128> a, std::span<const std::uint8_t> bits,
                      std::span<B128> out) {
  if (Status st = check_count(bits.size(), (a.size() + 7) / 8, "bit bytes"); !st) return st;
  if (Status st = check_count(out.size(), a.size(), "output"); !st) return st;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const uint128 mask = uint128{0} - ((bits[i / 8] >> (i % 8)) & 1u);
    out[i] = B128(a[i].value() & mask);
  }
  return Ok{};
}

}  // namespace merkleforge::binius
