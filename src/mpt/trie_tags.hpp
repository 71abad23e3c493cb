// Node ids of MerklePatriciaTrie: the top two bits name the pool, the rest index into it.
#pragma once

#include <cstdint>

namespace merkleforge::mpt::detail {

enum class Pool : std::uint32_t { none = 0, short_node = 1, branch = 2, stub = 3 };

constexpr std::uint32_t kPoolShift = 30;
constexpr std::uint32_t kIndexMask = (1u << kPoolShift) - 1;

constexpr Pool pool_of(std::uint32_t id) noexcept {
  return static_cast<Pool>(id >> kPoolShift);
}
constexpr std::uint32_t index_of(std::uint32_t id) noexcept {
  return id & kIndexMask;
}
constexpr std::uint32_t make_id(Pool pool, std::uint32_t index) noexcept {
  return static_cast<std::uint32_t>(pool) << kPoolShift | index;
}

}  // namespace merkleforge::mpt::detail
