#include "merkleforge/mpt/rlp.hpp"

#include <cstring>
#include <string>

namespace merkleforge::rlp {
namespace {

constexpr std::uint8_t kStringShort = 0x80;  // + length (0..55)
constexpr std::uint8_t kStringLong = 0xb7;   // + number of length bytes (1..8)
constexpr std::uint8_t kListShort = 0xc0;
constexpr std::uint8_t kListLong = 0xf7;
constexpr std::size_t kShortLimit = 56;  // payloads this long need the long form

std::size_t byte_count(std::uint64_t value) noexcept {
  std::size_t count = 0;
  for (; value != 0; value >>= 8) ++count;
  return count;
}

std::size_t header_size(std::size_t payload_size) noexcept {
  return payload_size < kShortLimit ? 1 : 1 + byte_count(payload_size);
}

std::uint8_t* write_header(std::uint8_t* out, std::uint8_t short_base, std::uint8_t long_base,
                           std::size_t size) noexcept {
  if (size < kShortLimit) {
    *out++ = static_cast<std::uint8_t>(short_base + size);
    return out;
  }
  const std::size_t length_bytes = byte_count(size);
  *out++ = static_cast<std::uint8_t>(long_base + length_bytes);
  for (std::size_t i = length_bytes; i-- > 0;) *out++ = static_cast<std::uint8_t>(size >> (8 * i));
  return out;
}

// Grows `out` by `size` bytes and returns where they start.
std::uint8_t* grow(Bytes& out, std::size_t size) {
  const std::size_t at = out.size();
  out.resize(at + size);
  return out.data() + at;
}

Error malformed(const std::string& what) {
  return make_error(Errc::malformed_input, "rlp: " + what);
}

// Parses the big-endian length that follows a long-form prefix; rejects non-canonical forms.
Result<std::size_t> read_long_length(ByteSpan input, std::size_t length_bytes) {
  if (input.size() < 1 + length_bytes) return malformed("input ends inside a length");
  if (input[1] == 0) return malformed("length has a leading zero byte");
  std::uint64_t length = 0;
  for (std::size_t i = 0; i < length_bytes; ++i) length = length << 8 | input[1 + i];
  if (length < kShortLimit) return malformed("long form used for a length below 56");
  if (length > input.size() - 1 - length_bytes)
    return malformed("length runs past the end of the input");
  return static_cast<std::size_t>(length);
}

Status check_nested(ByteSpan payload);

Status check_item(const Item& item) {
  return item.is_list ? check_nested(item.payload) : Status(Ok{});
}

Status check_nested(ByteSpan payload) {
  while (!payload.empty()) {
    auto item = read_item(payload);
    if (!item) return item.error();
    if (auto status = check_item(*item); !status) return status;
  }
  return Ok{};
}

}  // namespace

std::size_t string_size(std::size_t size, std::uint8_t first) noexcept {
  if (size == 1 && first < kStringShort) return 1;
  return header_size(size) + size;
}

std::size_t list_size(std::size_t payload_size) noexcept {
  return header_size(payload_size) + payload_size;
}

std::uint8_t* write_string(std::uint8_t* out, ByteSpan data) noexcept {
  if (data.size() == 1 && data[0] < kStringShort) {
    *out = data[0];
    return out + 1;
  }
  out = write_string_header(out, data.size());
  if (!data.empty()) std::memcpy(out, data.data(), data.size());
  return out + data.size();
}

std::uint8_t* write_string_header(std::uint8_t* out, std::size_t size) noexcept {
  return write_header(out, kStringShort, kStringLong, size);
}

std::uint8_t* write_list_header(std::uint8_t* out, std::size_t payload_size) noexcept {
  return write_header(out, kListShort, kListLong, payload_size);
}

void append_string(Bytes& out, ByteSpan data) {
  write_string(grow(out, string_size(data)), data);
}

void append_string_header(Bytes& out, std::size_t size) {
  write_string_header(grow(out, header_size(size)), size);
}

void append_list_header(Bytes& out, std::size_t payload_size) {
  write_list_header(grow(out, header_size(payload_size)), payload_size);
}

void append_uint(Bytes& out, std::uint64_t value) {
  std::uint8_t big_endian[8];
  for (int i = 0; i < 8; ++i) big_endian[i] = static_cast<std::uint8_t>(value >> (8 * (7 - i)));
  append_big_uint(out, big_endian);
}

void append_big_uint(Bytes& out, ByteSpan big_endian) {
  append_string(out, trim_leading_zeros(big_endian));
}

Bytes encode_string(ByteSpan data) {
  Bytes out;
  append_string(out, data);
  return out;
}

Bytes encode_uint(std::uint64_t value) {
  Bytes out;
  append_uint(out, value);
  return out;
}

Bytes encode_list(std::span<const Bytes> encoded_items) {
  std::size_t payload = 0;
  for (const auto& item : encoded_items) payload += item.size();
  Bytes out;
  out.reserve(list_size(payload));
  append_list_header(out, payload);
  for (const auto& item : encoded_items) out.insert(out.end(), item.begin(), item.end());
  return out;
}

ByteSpan trim_leading_zeros(ByteSpan big_endian) noexcept {
  std::size_t zeros = 0;
  while (zeros < big_endian.size() && big_endian[zeros] == 0) ++zeros;
  return big_endian.subspan(zeros);
}

Result<Item> read_item(ByteSpan& input) {
  if (input.empty()) return malformed("empty input where an item was expected");
  const std::uint8_t prefix = input[0];
  std::size_t header = 1;
  std::size_t size = 0;
  const bool is_list = prefix >= kListShort;
  if (prefix < kStringShort) {
    header = 0;
    size = 1;
  } else if (prefix <= kStringLong || (is_list && prefix <= kListLong)) {
    size = prefix - (is_list ? kListShort : kStringShort);
    if (size > input.size() - 1) return malformed("length runs past the end of the input");
    if (!is_list && size == 1 && input[1] < kStringShort) {
      return malformed("single byte below 0x80 wrapped in a string header");
    }
  } else {
    const std::size_t length_bytes = prefix - (is_list ? kListLong : kStringLong);
    auto length = read_long_length(input, length_bytes);
    if (!length) return length.error();
    header = 1 + length_bytes;
    size = *length;
  }
  Item item{is_list, input.subspan(header, size), input.first(header + size)};
  input = input.subspan(header + size);
  return item;
}

Result<Item> decode(ByteSpan input) {
  auto item = read_item(input);
  if (!item) return item;
  if (!input.empty())
    return malformed(std::to_string(input.size()) + " trailing bytes after the item");
  if (auto status = check_item(*item); !status) return status.error();
  return item;
}

Result<std::vector<Item>> list_items(const Item& list) {
  if (!list.is_list) return malformed("expected a list, found a string");
  std::vector<Item> items;
  ByteSpan rest = list.payload;
  while (!rest.empty()) {
    auto item = read_item(rest);
    if (!item) return item.error();
    if (auto status = check_item(*item); !status) return status.error();
    items.push_back(*item);
  }
  return items;
}

Result<std::uint64_t> to_uint64(const Item& item) {
  auto bytes = to_big_uint(item, 8);
  if (!bytes) return bytes.error();
  std::uint64_t value = 0;
  for (const std::uint8_t byte : *bytes) value = value << 8 | byte;
  return value;
}

Result<ByteSpan> to_big_uint(const Item& item, std::size_t max_bytes) {
  if (item.is_list) return malformed("expected an integer, found a list");
  if (item.payload.size() > max_bytes) {
    return malformed("integer of " + std::to_string(item.payload.size()) + " bytes exceeds " +
                     std::to_string(max_bytes));
  }
  if (!item.payload.empty() && item.payload[0] == 0)
    return malformed("integer has a leading zero byte");
  return item.payload;
}

}  // namespace merkleforge::rlp
