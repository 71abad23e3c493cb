// A view of a multilinear's hypercube values as the prover receives them: 2^n_vars elements of
// B1 (bits, LSB first), B8, B32 or B128 (canonical tower values). Index i holds the value at the
// point v with i = Σ_j 2^j·v_j (variable 0 is the lowest index bit, binius/multilinear.hpp).
// The viewed memory must outlive every use of the view.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "merkleforge/binius/tower.hpp"
#include "merkleforge/core/result.hpp"

namespace merkleforge::zk {

using binius::B128;

enum class ColumnField : std::uint8_t { b1, b8, b32, b128 };

/// Most variables a column may have (its values must fit in memory anyway).
inline constexpr unsigned kMaxColumnVars = 40;

struct Column {
  ColumnField field = ColumnField::b128;
  unsigned n_vars = 0;
  const void* data = nullptr;
  std::size_t bytes = 0;  ///< size of the viewed memory

  /// 2^n_vars bits, bit i of byte i/8 (LSB first) being element i; (2^n + 7)/8 bytes.
  static Column b1(std::span<const std::uint8_t> bits, unsigned n_vars) noexcept;
  /// 2^n_vars elements, n_vars = log2(values.size()) (checked by check_column).
  static Column b8(std::span<const std::uint8_t> values) noexcept;
  static Column b32(std::span<const std::uint32_t> values) noexcept;
  static Column b128(std::span<const B128> values) noexcept;

  /// Number of elements, 2^n_vars.
  std::size_t size() const noexcept { return std::size_t{1} << n_vars; }
};

/// Ok if `column` views exactly its 2^n_vars elements. Errors: wrong_size otherwise (for b8, b32,
/// b128 also when the span length is not a power of two), invalid_argument for n_vars > 40.
Status check_column(const Column& column);

/// Element `index` as a canonical B128 (zero extension). Precondition: check_column(column) and
/// index < column.size() (unchecked).
B128 column_value(const Column& column, std::size_t index) noexcept;

}  // namespace merkleforge::zk
