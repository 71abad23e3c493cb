#include "merkleforge/zk/column.hpp"

#include <bit>
#include <cstring>
#include <string>

namespace merkleforge::zk {
namespace {

template <class T>
Column dense(ColumnField field, std::span<const T> values) noexcept {
  const auto n = values.empty() ? 0u : static_cast<unsigned>(std::bit_width(values.size()) - 1);
  return Column{field, n, values.data(), values.size_bytes()};
}

std::size_t element_bytes(ColumnField field) noexcept {
  switch (field) {
    case ColumnField::b1:
      return 0;
    case ColumnField::b8:
      return 1;
    case ColumnField::b32:
      return 4;
    case ColumnField::b128:
      return 16;
  }
  return 0;
}

}  // namespace

Column Column::b1(std::span<const std::uint8_t> bits, unsigned n_vars) noexcept {
  return Column{ColumnField::b1, n_vars, bits.data(), bits.size()};
}
Column Column::b8(std::span<const std::uint8_t> values) noexcept {
  return dense(ColumnField::b8, values);
}
Column Column::b32(std::span<const std::uint32_t> values) noexcept {
  return dense(ColumnField::b32, values);
}
Column Column::b128(std::span<const B128> values) noexcept {
  return dense(ColumnField::b128, values);
}

Status check_column(const Column& column) {
  if (column.n_vars > kMaxColumnVars) {
    return make_error(Errc::invalid_argument,
                      "zk column: " + std::to_string(column.n_vars) + " variables (at most 40)");
  }
  const std::size_t n = column.size();
  const std::size_t expected =
      column.field == ColumnField::b1 ? (n + 7) / 8 : n * element_bytes(column.field);
  if (column.bytes != expected || (column.data == nullptr && expected != 0)) {
    return make_error(Errc::wrong_size, "zk column: " + std::to_string(column.bytes) +
                                            " bytes for 2^" + std::to_string(column.n_vars) +
                                            " elements (expected " + std::to_string(expected) +
                                            ")");
  }
  return Ok{};
}

B128 column_value(const Column& column, std::size_t index) noexcept {
  const auto* bytes = static_cast<const std::uint8_t*>(column.data);
  switch (column.field) {
    case ColumnField::b1:
      return B128((bytes[index / 8] >> (index % 8)) & 1u);
    case ColumnField::b8:
      return B128(bytes[index]);
    case ColumnField::b32: {
      std::uint32_t v;
      std::memcpy(&v, bytes + 4 * index, 4);
      return B128(v);
    }
    case ColumnField::b128:
      return static_cast<const B128*>(column.data)[index];
  }
  return B128::zero();
}

}  // namespace merkleforge::zk
