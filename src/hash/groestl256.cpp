// Grøstl-256: the byte-level entry points and the Merkle–Damgård front end over the active kernel.
#include "merkleforge/hash/groestl256.hpp"

#include <algorithm>
#include <cstring>

#include "groestl256_kernel.hpp"
#include "keccak_bytes.hpp"

namespace merkleforge {
namespace {

namespace groestl = detail::groestl;
using Columns = std::array<std::uint64_t, groestl::kColumns>;

Columns load_state(const GroestlState& bytes) noexcept {
  Columns columns;
  for (std::size_t j = 0; j < columns.size(); ++j) {
    columns[j] = detail::keccak::load_le64(bytes.data() + 8 * j);
  }
  return columns;
}

void store_state(const Columns& columns, GroestlState& bytes) noexcept {
  for (std::size_t j = 0; j < columns.size(); ++j) {
    detail::keccak::store_le64(bytes.data() + 8 * j, columns[j]);
  }
}

// The last 32 bytes (columns 4..7) of P(h) ⊕ h.
Digest32 output_transform(const Columns& h) noexcept {
  Columns permuted = h;
  groestl::active_kernel().p(permuted.data());
  Digest32 digest;
  for (std::size_t j = 4; j < groestl::kColumns; ++j) {
    detail::keccak::store_le64(digest.data() + 8 * (j - 4), permuted[j] ^ h[j]);
  }
  return digest;
}

// IV of the 256-bit variant: the output size as a 64-bit big-endian integer ending the state,
// i.e. byte 62 = 0x01 (row 6 of column 7).
constexpr Columns kIv = {0, 0, 0, 0, 0, 0, 0, std::uint64_t{0x01} << 48};

}  // namespace

void groestl256_p(GroestlState& state) noexcept {
  Columns columns = load_state(state);
  groestl::active_kernel().p(columns.data());
  store_state(columns, state);
}

void groestl256_q(GroestlState& state) noexcept {
  Columns columns = load_state(state);
  groestl::active_kernel().q(columns.data());
  store_state(columns, state);
}

void groestl256_compress(GroestlState& chaining, const GroestlState& block) noexcept {
  Columns columns = load_state(chaining);
  groestl::active_kernel().compress(columns.data(), block.data(), 1);
  store_state(columns, chaining);
}

Digest32 groestl256_output_transform(const GroestlState& x) noexcept {
  return output_transform(load_state(x));
}

Groestl256::Groestl256() noexcept : chaining_(kIv) {}

Groestl256& Groestl256::update(ByteSpan data) noexcept {
  if (data.empty()) return *this;  // data() may be null
  const groestl::CompressFn compress = groestl::active_kernel().compress;
  const std::uint8_t* bytes = data.data();
  std::size_t size = data.size();
  if (buffered_ != 0) {
    const std::size_t take = std::min(size, kBlockSize - buffered_);
    std::memcpy(buffer_.data() + buffered_, bytes, take);
    buffered_ += take;
    bytes += take;
    size -= take;
    if (buffered_ < kBlockSize) return *this;
    compress(chaining_.data(), buffer_.data(), 1);
    ++blocks_;
    buffered_ = 0;
  }
  const std::size_t whole = size / kBlockSize;
  if (whole != 0) {
    compress(chaining_.data(), bytes, whole);
    blocks_ += whole;
    bytes += whole * kBlockSize;
    size -= whole * kBlockSize;
  }
  if (size != 0) std::memcpy(buffer_.data(), bytes, size);
  buffered_ = size;
  return *this;
}

Digest32 Groestl256::finalize() noexcept {
  // Padding: bit 1, zeros, then the total number of blocks (padding included) as a 64-bit
  // big-endian integer; one more block when the count does not fit after the 0x80 byte.
  constexpr std::size_t kCountBytes = 8;
  std::array<std::uint8_t, 2 * kBlockSize> tail{};
  std::memcpy(tail.data(), buffer_.data(), buffered_);
  tail[buffered_] = 0x80;
  const std::size_t tail_blocks = buffered_ + 1 + kCountBytes <= kBlockSize ? 1 : 2;
  std::uint64_t total = blocks_ + tail_blocks;
  for (std::size_t k = 0; k < kCountBytes; ++k) {
    tail[tail_blocks * kBlockSize - 1 - k] = static_cast<std::uint8_t>(total);
    total >>= 8;
  }
  groestl::active_kernel().compress(chaining_.data(), tail.data(), tail_blocks);
  return output_transform(chaining_);
}

Digest32 Groestl256::digest(ByteSpan data) noexcept {
  Groestl256 hasher;
  hasher.update(data);
  return hasher.finalize();
}

void Groestl256::hash_many(ByteSpan prefix, const std::uint8_t* messages, std::size_t message_size,
                           std::size_t count, Digest32* out) noexcept {
  for (std::size_t i = 0; i < count; ++i) {
    Groestl256 hasher;
    hasher.update(prefix);
    hasher.update({messages + i * message_size, message_size});
    out[i] = hasher.finalize();
  }
}

}  // namespace merkleforge
