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

// Messages of up to this many padded blocks go through a kernel's two-message path.
constexpr std::size_t kMaxPairBlocks = 8;

// Padded length in blocks: the message, the 0x80 byte and the 8-byte block count.
std::size_t padded_blocks(std::size_t length) noexcept {
  return (length + 1 + 8 + Groestl256::kBlockSize - 1) / Groestl256::kBlockSize;
}

// Pads the `length` message bytes at `padded` (the message's end) in place to `blocks` blocks:
// 0x80, zeros, then the whole message's block count as a 64-bit big-endian integer.
void write_padding(std::uint8_t* padded, std::size_t length, std::size_t blocks,
                   std::uint64_t total_blocks) noexcept {
  const std::size_t end = blocks * Groestl256::kBlockSize;
  std::memset(padded + length, 0, end - length);
  padded[length] = 0x80;
  std::uint64_t count = total_blocks;
  for (std::size_t k = 1; k <= 8; ++k) {
    padded[end - k] = static_cast<std::uint8_t>(count);
    count >>= 8;
  }
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
  // The buffered bytes padded: one block, or two when the block count does not fit after the
  // 0x80 byte. The count is that of the whole message, the blocks compressed before included.
  std::array<std::uint8_t, 2 * kBlockSize> tail{};
  std::memcpy(tail.data(), buffer_.data(), buffered_);
  const std::size_t tail_blocks = padded_blocks(buffered_);
  write_padding(tail.data(), buffered_, tail_blocks, blocks_ + tail_blocks);
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
  std::size_t i = 0;
  const groestl::DigestPairFn digest_pair = groestl::active_kernel().digest_pair;
  const std::size_t length = prefix.size() + message_size;
  const std::size_t blocks = padded_blocks(length);
  if (digest_pair != nullptr && blocks <= kMaxPairBlocks && count >= 2) {
    // Messages of one length share their padding: written once per lane, then only the message
    // bytes change.
    std::array<std::uint8_t, 2 * kMaxPairBlocks * kBlockSize> padded{};
    std::uint8_t* const lanes[2] = {padded.data(), padded.data() + blocks * kBlockSize};
    for (std::uint8_t* lane : lanes) {
      if (!prefix.empty()) std::memcpy(lane, prefix.data(), prefix.size());
      write_padding(lane, length, blocks, blocks);
    }
    const std::uint8_t* const inputs[2] = {lanes[0], lanes[1]};
    for (; i + 2 <= count; i += 2) {
      for (std::size_t lane = 0; lane < 2; ++lane) {
        if (message_size != 0) {
          std::memcpy(lanes[lane] + prefix.size(), messages + (i + lane) * message_size,
                      message_size);
        }
      }
      std::uint8_t* const digests[2] = {out[i].data(), out[i + 1].data()};
      digest_pair(inputs, blocks, digests);
    }
  }
  for (; i < count; ++i) {
    Groestl256 hasher;
    hasher.update(prefix);
    hasher.update({messages + i * message_size, message_size});
    out[i] = hasher.finalize();
  }
}

}  // namespace merkleforge
