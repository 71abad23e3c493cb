// The portable packed strategy: one element at a time through the product tables of
// subfield_products.cpp (B8: 64 KiB table; B32: Karatsuba over B16 log/exp tables).
#include "binius/packed_kernel.hpp"
#include "merkleforge/binius/subfield_products.hpp"

namespace merkleforge::binius::detail {
namespace {

void mul_b8(const std::uint8_t* a, const std::uint8_t* b, std::uint8_t* out, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) out[i] = b8_mul_table(a[i], b[i]);
}

void mul_b32(const std::uint32_t* a, const std::uint32_t* b, std::uint32_t* out, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) out[i] = b32_mul_tables(a[i], b[i]);
}

}  // namespace

const PackedKernel kPackedTable = {.mul_b8 = &mul_b8, .mul_b32 = &mul_b32};

}  // namespace merkleforge::binius::detail
