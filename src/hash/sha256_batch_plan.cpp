#include "sha256_batch_plan.hpp"

namespace merkleforge::sha256_detail {

BatchPlan::BatchPlan(ByteSpan prefix, std::size_t message_size, CompressFn compress) noexcept
    : start_state_(kInitialState) {
  const std::size_t whole_blocks = prefix.size() / kBlock;
  if (whole_blocks > 0) compress(start_state_, prefix.data(), whole_blocks);
  head_ = prefix.data() + whole_blocks * kBlock;
  head_size_ = prefix.size() - whole_blocks * kBlock;
  stream_end_ = head_size_ + message_size;
  block_count_ = (stream_end_ + 8) / kBlock + 1;  // room for the 0x80 byte and the 64-bit length
  bit_length_ = (static_cast<std::uint64_t>(prefix.size()) + message_size) * 8;
  const std::size_t last = block_count_ - 1;
  if (is_constant_block(last)) {
    std::uint8_t padding[kBlock];
    assemble(last, nullptr, padding);
    constant_schedule_ = expand_schedule(padding);
  }
}

}  // namespace merkleforge::sha256_detail
