// What all messages of one hash_many() call share, and how each of their blocks is found.
//
// Every message i is hashed as SHA-256(prefix ‖ message_i) with the same prefix and length, so:
//   - the prefix's whole 64-byte blocks are compressed once, giving a common start state;
//   - each message then becomes the same number of blocks of the stream
//     head ‖ message_i ‖ padding, where head is the prefix's remaining (< 64) bytes;
//   - a last block that holds only padding is the same for every message (e.g. for 64-byte
//     messages without prefix), so its schedule W[t] + K[t] is computed once.
#pragma once

#include <algorithm>
#include <cstring>

#include "sha256_kernels.hpp"

namespace merkleforge::sha256_detail {

inline void store_be32(std::uint8_t* out, std::uint32_t value) noexcept {
  out[0] = static_cast<std::uint8_t>(value >> 24);
  out[1] = static_cast<std::uint8_t>(value >> 16);
  out[2] = static_cast<std::uint8_t>(value >> 8);
  out[3] = static_cast<std::uint8_t>(value);
}

inline std::uint32_t load_be32(const std::uint8_t* in) noexcept {
  return static_cast<std::uint32_t>(in[0]) << 24 | static_cast<std::uint32_t>(in[1]) << 16 |
         static_cast<std::uint32_t>(in[2]) << 8 | static_cast<std::uint32_t>(in[3]);
}

inline void store_be64(std::uint8_t* out, std::uint64_t value) noexcept {
  store_be32(out, static_cast<std::uint32_t>(value >> 32));
  store_be32(out + 4, static_cast<std::uint32_t>(value));
}

class BatchPlan {
 public:
  /// `compress` absorbs the prefix's whole blocks; `prefix` must outlive the plan.
  BatchPlan(ByteSpan prefix, std::size_t message_size, CompressFn compress) noexcept;

  const State& start_state() const noexcept { return start_state_; }
  std::size_t block_count() const noexcept { return block_count_; }

  /// True when block j holds no message byte, so constant_schedule() describes it.
  bool is_constant_block(std::size_t j) const noexcept { return j * kBlock >= stream_end_; }
  const Schedule& constant_schedule() const noexcept { return constant_schedule_; }

  /// Block j of `message`'s stream: a pointer into the message when the block lies inside it,
  /// else the block assembled in `scratch` (64 bytes).
  const std::uint8_t* block(std::size_t j, const std::uint8_t* message,
                            std::uint8_t* scratch) const noexcept {
    const std::size_t begin = j * kBlock;
    if (begin >= head_size_ && begin + kBlock <= stream_end_) return message + (begin - head_size_);
    assemble(j, message, scratch);
    return scratch;
  }

 private:
  static constexpr std::size_t kBlock = 64;

  void assemble(std::size_t j, const std::uint8_t* message, std::uint8_t* scratch) const noexcept {
    const std::size_t begin = j * kBlock;
    const std::size_t end = begin + kBlock;
    std::memset(scratch, 0, kBlock);
    if (begin < head_size_) std::memcpy(scratch, head_ + begin, std::min(end, head_size_) - begin);
    const std::size_t from = std::max(begin, head_size_);
    const std::size_t to = std::min(end, stream_end_);
    if (from < to) std::memcpy(scratch + (from - begin), message + (from - head_size_), to - from);
    if (stream_end_ >= begin && stream_end_ < end) scratch[stream_end_ - begin] = 0x80;
    if (j + 1 == block_count_) store_be64(scratch + kBlock - 8, bit_length_);
  }

  State start_state_;
  const std::uint8_t* head_;
  std::size_t head_size_;
  std::size_t stream_end_;  ///< head_size_ + message size: where the padding starts
  std::size_t block_count_;
  std::uint64_t bit_length_;
  Schedule constant_schedule_{};
};

}  // namespace merkleforge::sha256_detail
