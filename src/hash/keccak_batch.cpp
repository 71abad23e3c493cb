// hash_many on multi-state kernels. All messages of a batch have the same length, so every lane
// is at the same block at the same time and the padding lands at the same place in each; what
// differs per lane is only where the message bytes come from.
#include "keccak_batch.hpp"

#include <algorithm>

#include "keccak_bytes.hpp"

namespace merkleforge::detail::keccak {
namespace {

constexpr std::size_t kMaxLanes = 8;
constexpr std::size_t kRate = 8 * kRateWords;

/// The byte stream one lane absorbs: prefix ‖ message (then padding, added per block).
class Stream {
 public:
  Stream(ByteSpan prefix, std::size_t message_size) noexcept
      : prefix_(prefix), length_(prefix.size() + message_size) {}

  std::size_t length() const noexcept { return length_; }
  std::size_t blocks() const noexcept { return length_ / kRate + 1; }  // padding adds >= 1 byte

  /// The 8 bytes at `offset` of this stream for a lane whose message is `message` (zeros past
  /// the end). Fast when the word lies within the prefix, within the message or past the end.
  std::uint64_t word(const std::uint8_t* message, std::size_t offset) const noexcept {
    const std::size_t prefix_size = prefix_.size();
    if (offset + 8 <= prefix_size) return load_le64(prefix_.data() + offset);
    if (offset >= prefix_size && offset + 8 <= length_)
      return load_le64(message + (offset - prefix_size));
    if (offset >= length_) return 0;
    std::uint64_t word = 0;
    for (std::size_t k = 0; k < 8 && offset + k < length_; ++k) {
      const std::size_t at = offset + k;
      const std::uint8_t byte = at < prefix_size ? prefix_[at] : message[at - prefix_size];
      word |= std::uint64_t{byte} << (8 * k);
    }
    return word;
  }

 private:
  ByteSpan prefix_;
  std::size_t length_;
};

/// Block `index` of every lane, transposed: word w of lane i at block[w * lanes + i].
void fill_block(const Stream& stream, std::uint8_t pad, const std::uint8_t* const* lane_messages,
                std::size_t lanes, std::size_t index, std::uint64_t* block) noexcept {
  for (std::size_t w = 0; w < kRateWords; ++w) {
    const std::size_t offset = index * kRate + 8 * w;
    for (std::size_t i = 0; i < lanes; ++i)
      block[w * lanes + i] = stream.word(lane_messages[i], offset);
  }
  if (index + 1 == stream.blocks()) {
    const std::size_t end = stream.length() - index * kRate;
    const std::uint64_t pad_bits = std::uint64_t{pad} << (8 * (end % 8));
    const std::uint64_t final_bit = std::uint64_t{0x80} << 56;
    for (std::size_t i = 0; i < lanes; ++i) {
      block[(end / 8) * lanes + i] ^= pad_bits;
      block[(kRateWords - 1) * lanes + i] ^= final_bit;
    }
  }
}

}  // namespace

void hash_many_lanes(const Kernel& kernel, std::uint8_t pad, ByteSpan prefix,
                     const std::uint8_t* messages, std::size_t message_size, std::size_t count,
                     Digest32* out) noexcept {
  const std::size_t lanes = kernel.lanes;
  const Stream stream(prefix, message_size);
  alignas(64) std::uint64_t states[kStateWords * kMaxLanes];
  alignas(64) std::uint64_t block[kRateWords * kMaxLanes];
  for (std::size_t first = 0; first < count; first += lanes) {
    // A short last group repeats its last message in the spare lanes and ignores their digests.
    const std::size_t used = std::min(lanes, count - first);
    const std::uint8_t* lane_messages[kMaxLanes];
    for (std::size_t i = 0; i < lanes; ++i) {
      lane_messages[i] = messages + (first + std::min(i, used - 1)) * message_size;
    }
    std::fill_n(states, kStateWords * lanes, std::uint64_t{0});
    for (std::size_t index = 0; index < stream.blocks(); ++index) {
      fill_block(stream, pad, lane_messages, lanes, index, block);
      kernel.absorb_lanes(states, block);
    }
    for (std::size_t i = 0; i < used; ++i) {
      for (std::size_t w = 0; w < 4; ++w)
        store_le64(out[first + i].data() + 8 * w, states[w * lanes + i]);
    }
  }
}

}  // namespace merkleforge::detail::keccak
