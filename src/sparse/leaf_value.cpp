// LeafValue: small-value-inline storage of a sparse-tree leaf's value.
#include <cstring>
#include <limits>
#include <stdexcept>

#include "node_pool.hpp"

namespace merkleforge::sparse_detail {

void LeafValue::assign(ByteSpan value) {
  if (value.size() > std::numeric_limits<std::uint32_t>::max()) {
    throw std::length_error("sparse tree: value larger than 4 GiB");
  }
  reset();
  if (value.size() > kInline) set_heap(new std::uint8_t[value.size()]);
  size_ = static_cast<std::uint32_t>(value.size());
  if (!value.empty()) std::memcpy(size_ <= kInline ? bytes_ : heap(), value.data(), value.size());
}

void LeafValue::reset() noexcept {
  if (size_ > kInline) delete[] heap();
  size_ = 0;
}

}  // namespace merkleforge::sparse_detail
