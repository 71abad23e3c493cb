#include "merkleforge/core/hex.hpp"

#include <algorithm>

namespace merkleforge {
namespace {

constexpr char kDigits[] = "0123456789abcdef";

int nibble_value(char c) noexcept {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

std::string to_hex(ByteSpan data) {
  std::string text(data.size() * 2, '\0');
  for (std::size_t i = 0; i < data.size(); ++i) {
    text[2 * i] = kDigits[data[i] >> 4];
    text[2 * i + 1] = kDigits[data[i] & 0x0f];
  }
  return text;
}

Result<Bytes> from_hex(std::string_view text) {
  if (text.size() >= 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X'))
    text.remove_prefix(2);
  if (text.size() % 2 != 0)
    return make_error(Errc::malformed_input, "hex text has an odd number of digits");
  Bytes bytes(text.size() / 2);
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    const int high = nibble_value(text[2 * i]);
    const int low = nibble_value(text[2 * i + 1]);
    if (high < 0 || low < 0) {
      return make_error(Errc::malformed_input, "invalid hex digit at position " +
                                                   std::to_string(2 * i + (high < 0 ? 0 : 1)));
    }
    bytes[i] = static_cast<std::uint8_t>(high << 4 | low);
  }
  return bytes;
}

Result<Digest32> digest_from_hex(std::string_view text) {
  auto bytes = from_hex(text);
  if (!bytes) return bytes.error();
  if (bytes->size() != 32) {
    return make_error(Errc::wrong_size,
                      "expected 32 bytes of hex, got " + std::to_string(bytes->size()));
  }
  Digest32 digest;
  std::copy(bytes->begin(), bytes->end(), digest.begin());
  return digest;
}

}  // namespace merkleforge
