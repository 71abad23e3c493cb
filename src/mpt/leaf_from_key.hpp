// A leaf's RLP written straight from its key's bytes.
//
// A leaf's path is the tail of its key, from nibble `depth` on, and its hex-prefix (compact) form
// is one flag byte followed by the key's remaining whole bytes: when `depth` is odd, the flag byte
// carries the nibble that starts the path (the low nibble of key[depth / 2]). So a builder that
// still holds the key encodes the leaf with two copies, instead of re-packing the path from the
// one-nibble-per-byte form the trie stores (encode_leaf's loop, a nibble pair per step).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "merkleforge/core/bytes.hpp"
#include "merkleforge/mpt/rlp.hpp"

namespace merkleforge::mpt::detail {

/// The leaf of `key` below nibble `depth`, holding `value`: its compact path and its RLP size.
/// Precondition: depth <= 2 * key.size().
class LeafFromKey {
 public:
  LeafFromKey(ByteSpan key, std::size_t depth, ByteSpan value) noexcept
      : tail_(key.subspan((depth + 1) / 2)), value_(value) {
    constexpr std::uint8_t kLeafFlag = 0x20, kOddFlag = 0x10;
    flag_ = depth % 2 == 0
                ? kLeafFlag
                : static_cast<std::uint8_t>(kLeafFlag | kOddFlag | (key[depth / 2] & 0x0f));
    // A one-byte compact path (flag < 0x80) is its own RLP; longer ones take a string header.
    const std::size_t compact = 1 + tail_.size();
    path_rlp_size_ = compact == 1 ? 1 : rlp::string_size(compact, 0xff);
    payload_size_ = path_rlp_size_ + rlp::string_size(value_);
  }

  /// Bytes of the leaf's RLP.
  std::size_t size() const noexcept { return rlp::list_size(payload_size_); }

  /// Writes the leaf's RLP (size() bytes) at `out`; returns the position after it.
  std::uint8_t* write(std::uint8_t* out) const noexcept {
    out = rlp::write_list_header(out, payload_size_);
    if (path_rlp_size_ > 1) out = rlp::write_string_header(out, 1 + tail_.size());
    *out++ = flag_;
    std::memcpy(out, tail_.data(), tail_.size());
    return rlp::write_string(out + tail_.size(), value_);
  }

 private:
  ByteSpan tail_;  // the key's bytes after the flag byte
  ByteSpan value_;
  std::uint8_t flag_;
  std::size_t path_rlp_size_;
  std::size_t payload_size_;
};

}  // namespace merkleforge::mpt::detail
