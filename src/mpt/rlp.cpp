#include "merkleforge/mpt/rlp.hpp"

#include <cstring>
#include <string>

#include "rlp_reader.hpp"

namespace merkleforge::rlp {
namespace {

using detail::header_size;

// Grows `out` by `size` bytes and returns where they start.
std::uint8_t* grow(Bytes& out, std::size_t size) {
  const std::size_t at = out.size();
  out.resize(at + size);
  return out.data() + at;
}

Error malformed(const std::string& what) {
  return make_error(Errc::malformed_input, "rlp: " + what);
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
  Item item;
  if (const char* why = detail::next_item(input, item)) return malformed(why);
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
