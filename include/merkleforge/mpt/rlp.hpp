// RLP (Ethereum's Recursive Length Prefix serialisation): an encoder and a strict decoder.
//
// Strict means only the canonical encoding of a value is accepted: a single byte below 0x80 must
// stand for itself (not 0x81 0x05), lengths use the short form below 56 bytes, long-form lengths
// have no leading zero bytes, and every length fits inside the input. Anything else is
// Errc::malformed_input. The decoder never allocates for strings: items are views into the input.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

#include "merkleforge/core/bytes.hpp"
#include "merkleforge/core/result.hpp"

namespace merkleforge::rlp {

namespace detail {

inline constexpr std::uint8_t kStringShort = 0x80;  // + length (0..55)
inline constexpr std::uint8_t kStringLong = 0xb7;   // + number of length bytes (1..8)
inline constexpr std::uint8_t kListShort = 0xc0;
inline constexpr std::uint8_t kListLong = 0xf7;
inline constexpr std::size_t kShortLimit = 56;  // payloads this long need the long form

// Bytes of the big-endian form of `size` without leading zeros.
inline std::size_t length_bytes(std::size_t size) noexcept {
  return (static_cast<std::size_t>(std::bit_width(size)) + 7) / 8;
}

inline std::size_t header_size(std::size_t payload_size) noexcept {
  return payload_size < kShortLimit ? 1 : 1 + length_bytes(payload_size);
}

inline std::uint8_t* write_header(std::uint8_t* out, std::uint8_t short_base,
                                  std::uint8_t long_base, std::size_t size) noexcept {
  if (size < kShortLimit) {
    *out = static_cast<std::uint8_t>(short_base + size);
    return out + 1;
  }
  const std::size_t count = length_bytes(size);
  *out++ = static_cast<std::uint8_t>(long_base + count);
  for (std::size_t i = count; i-- > 0;) *out++ = static_cast<std::uint8_t>(size >> (8 * i));
  return out;
}

}  // namespace detail

// ---- Encoding ---------------------------------------------------------------------------------
// The size and write functions are inline: the tries' encoders call them several times per node.

/// Number of bytes of the encoding of a string of `size` bytes whose first byte is `first`
/// (`first` matters only when size == 1).
inline std::size_t string_size(std::size_t size, std::uint8_t first) noexcept {
  if (size == 1 && first < detail::kStringShort) return 1;
  return detail::header_size(size) + size;
}
inline std::size_t string_size(ByteSpan data) noexcept {
  return string_size(data.size(), data.empty() ? 0 : data[0]);
}
/// Number of bytes of the encoding of a list whose items' encodings total `payload_size` bytes.
inline std::size_t list_size(std::size_t payload_size) noexcept {
  return detail::header_size(payload_size) + payload_size;
}

/// Appends the encoding of the byte string `data`.
void append_string(Bytes& out, ByteSpan data);
/// Appends the header of a string of `size` bytes; the caller appends the bytes. Not for a single
/// byte below 0x80, which is its own encoding (append_string handles that case).
void append_string_header(Bytes& out, std::size_t size);
/// Appends the header of a list whose items' encodings total `payload_size` bytes; the caller
/// appends the item encodings after it.
void append_list_header(Bytes& out, std::size_t payload_size);
/// The same three encodings written through a pointer into storage the caller has sized (with
/// string_size / list_size): each writes at `out` and returns the position after what it wrote.
/// For encoders that know a node's size up front and fill it without growing a vector per byte.
inline std::uint8_t* write_string_header(std::uint8_t* out, std::size_t size) noexcept {
  return detail::write_header(out, detail::kStringShort, detail::kStringLong, size);
}
inline std::uint8_t* write_list_header(std::uint8_t* out, std::size_t payload_size) noexcept {
  return detail::write_header(out, detail::kListShort, detail::kListLong, payload_size);
}
inline std::uint8_t* write_string(std::uint8_t* out, ByteSpan data) noexcept {
  if (data.size() == 1 && data[0] < detail::kStringShort) {
    *out = data[0];
    return out + 1;
  }
  out = write_string_header(out, data.size());
  if (!data.empty()) std::memcpy(out, data.data(), data.size());
  return out + data.size();
}
/// Appends an unsigned integer: minimal big-endian bytes, zero as the empty string.
void append_uint(Bytes& out, std::uint64_t value);
/// Appends a big-endian unsigned integer of any width, without its leading zero bytes.
void append_big_uint(Bytes& out, ByteSpan big_endian);

/// The encoding of the byte string `data` (append_string into a fresh buffer).
Bytes encode_string(ByteSpan data);
/// The encoding of `value` (append_uint into a fresh buffer).
Bytes encode_uint(std::uint64_t value);
/// The list of the already-encoded items.
Bytes encode_list(std::span<const Bytes> encoded_items);

/// `big_endian` without its leading zero bytes (the minimal form of an integer).
ByteSpan trim_leading_zeros(ByteSpan big_endian) noexcept;

// ---- Decoding ---------------------------------------------------------------------------------

/// One decoded item: a string or a list, viewing the decoded input.
struct Item {
  bool is_list = false;
  ByteSpan payload;   ///< the string's bytes, or the concatenated encodings of the list's items
  ByteSpan encoding;  ///< header and payload
};

/// Reads the item at the front of `input` and advances `input` past it. The header is checked
/// strictly; the contents of a list are not examined (read them with read_item on its payload).
Result<Item> read_item(ByteSpan& input);

/// Decodes `input` as exactly one item (no trailing bytes) and checks every nested item strictly.
Result<Item> decode(ByteSpan input);

/// The items of a list, each checked strictly (recursively). Errors: malformed_input if `list`
/// is a string or any item is not canonical.
Result<std::vector<Item>> list_items(const Item& list);

/// A string item as an unsigned integer of at most 8 bytes with no leading zero.
Result<std::uint64_t> to_uint64(const Item& item);

/// A string item as a big-endian unsigned integer of at most `max_bytes` bytes, no leading zero.
Result<ByteSpan> to_big_uint(const Item& item, std::size_t max_bytes);

}  // namespace merkleforge::rlp
