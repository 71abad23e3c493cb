// Reading one RLP item header with the strict checks of rlp::read_item, but without building a
// Result per item: a trie node has up to 17 items, and proof verification and trie loading decode
// many nodes, so the decoders report a static reason and build one Error per failed input.
#pragma once

#include <cstddef>
#include <cstdint>

#include "merkleforge/mpt/rlp.hpp"

namespace merkleforge::rlp::detail {

/// Reads the item at the front of `input` into `item` and advances `input` past it. Returns
/// nullptr on success, else why the header is not canonical or runs past the input (a static
/// string); `input` is unchanged then. A list's contents are not examined.
inline const char* next_item(ByteSpan& input, Item& item) noexcept {
  if (input.empty()) return "empty input where an item was expected";
  const std::uint8_t prefix = input[0];
  const bool is_list = prefix >= kListShort;
  std::size_t header = 1;
  std::size_t size = 0;
  if (prefix < kStringShort) {
    header = 0;
    size = 1;
  } else if (prefix <= kStringLong || (is_list && prefix <= kListLong)) {
    size = prefix - (is_list ? kListShort : kStringShort);
    if (size > input.size() - 1) return "length runs past the end of the input";
    if (!is_list && size == 1 && input[1] < kStringShort)
      return "single byte below 0x80 wrapped in a string header";
  } else {
    const std::size_t length_bytes = prefix - (is_list ? kListLong : kStringLong);
    if (input.size() < 1 + length_bytes) return "input ends inside a length";
    if (input[1] == 0) return "length has a leading zero byte";
    std::uint64_t length = 0;
    for (std::size_t i = 0; i < length_bytes; ++i) length = length << 8 | input[1 + i];
    if (length < kShortLimit) return "long form used for a length below 56";
    if (length > input.size() - 1 - length_bytes) return "length runs past the end of the input";
    header = 1 + length_bytes;
    size = static_cast<std::size_t>(length);
  }
  item = Item{is_list, input.subspan(header, size), input.first(header + size)};
  input = input.subspan(header + size);
  return nullptr;
}

}  // namespace merkleforge::rlp::detail
