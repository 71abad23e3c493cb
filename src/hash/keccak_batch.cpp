// Hashing several messages at once (hash_many, keccak256_each) on multi-state kernels, and on
// the one-state permutation for the last message left in the lanes or when the kernel has none.
// Each lane absorbs its own stream prefix ‖ message ‖ padding; the kernel reads each lane's next
// block through a pointer. A block that lies wholly inside a lane's message is read where it is;
// only the blocks that touch the prefix or the padding are assembled, once, in a per-lane scratch
// block.
#include "keccak_batch.hpp"

#include <algorithm>
#include <cstring>

#include "keccak_bytes.hpp"
#include "merkleforge/hash/keccak.hpp"

namespace merkleforge::detail::keccak {
namespace {

constexpr std::size_t kMaxLanes = 8;
constexpr std::size_t kRate = 8 * kRateWords;

/// Blocks absorbed for a stream of `length` bytes (the padding adds at least one byte).
std::size_t blocks_of(std::size_t length) noexcept {
  return length / kRate + 1;
}

/// Block `index` of the stream prefix ‖ message ‖ padding (domain byte `pad`): a pointer into
/// `message` when the block lies inside it, else the block assembled in `scratch`.
const std::uint8_t* stream_block(ByteSpan prefix, ByteSpan message, std::uint8_t pad,
                                 std::size_t index, std::uint8_t* scratch) noexcept {
  const std::size_t begin = index * kRate;
  const std::size_t length = prefix.size() + message.size();
  if (begin >= prefix.size() && begin + kRate <= length) {
    return message.data() + (begin - prefix.size());
  }
  if (begin < prefix.size()) {
    const std::size_t take = std::min(kRate, prefix.size() - begin);
    std::memcpy(scratch, prefix.data() + begin, take);
  }
  const std::size_t from = std::max(begin, prefix.size());
  const std::size_t to = std::min(begin + kRate, length);
  if (from < to)
    std::memcpy(scratch + (from - begin), message.data() + (from - prefix.size()), to - from);
  // The bytes copied fill the block's start; only the rest is zeroed (written once, not twice).
  // Block `index` exists, so begin <= length; it is the last one when the stream ends in it.
  const std::size_t filled = std::min(kRate, length - begin);
  std::memset(scratch + filled, 0, kRate - filled);
  if (filled < kRate) {
    scratch[filled] ^= pad;  // may share the last byte with the final bit
    scratch[kRate - 1] ^= 0x80;
  }
  return scratch;
}

/// Absorbs blocks `first`, `first` + 1, ... of one stream into `state` (which holds the earlier
/// blocks) on the one-state permutation and writes the digest. A multi-state permutation costs
/// more than one single-state permutation (about 1.2x with AVX2), so a stream left alone in the
/// lanes is finished this way.
void finish_one(const Kernel& kernel, std::uint8_t pad, ByteSpan prefix, ByteSpan message,
                std::size_t first, std::uint64_t* state, Digest32& out) noexcept {
  alignas(8) std::uint8_t scratch[kRate];
  const std::size_t blocks = blocks_of(prefix.size() + message.size());
  for (std::size_t index = first; index < blocks; ++index) {
    const std::uint8_t* bytes = stream_block(prefix, message, pad, index, scratch);
    for (std::size_t w = 0; w < kRateWords; ++w) state[w] ^= load_le64(bytes + 8 * w);
    kernel.permute(state);
  }
  for (std::size_t w = 0; w < 4; ++w) store_le64(out.data() + 8 * w, state[w]);
}

/// What one lane of the multi-state permutation is absorbing.
struct Lane {
  static constexpr std::size_t kIdle = ~std::size_t{0};
  std::size_t message = kIdle;
  std::size_t block = 0;   // next block to absorb
  std::size_t blocks = 0;  // blocks of the stream
};

/// out[i] = digest of stream i < count (message_at(i) gives its message). Each lane takes the
/// next stream as soon as its current one is absorbed, so no lane idles while streams are left
/// (a long message does not hold three empty lanes); the last stream in the lanes is finished
/// on the one-state permutation.
template <class MessageAt>
void hash_streams(const Kernel& kernel, std::uint8_t pad, ByteSpan prefix, std::size_t count,
                  MessageAt message_at, Digest32* out) noexcept {
  const std::size_t lanes = kernel.lanes;
  // A lane's words are read only once it has absorbed a block: until then it is in `fresh`.
  alignas(64) std::uint64_t states[kStateWords * kMaxLanes];
  alignas(64) std::uint8_t scratch[kMaxLanes][kRate];
  static constexpr std::uint8_t kZeroBlock[kRate] = {};
  Lane lane[kMaxLanes];
  unsigned fresh = 0;  // lanes to start from a zero state in the next absorb (new streams)
  std::size_t next = 0;
  std::size_t active = 0;
  const auto start_next = [&](std::size_t i) {
    fresh |= 1u << i;
    if (next == count) {
      lane[i].message = Lane::kIdle;
      return;
    }
    lane[i] = {next, 0, blocks_of(prefix.size() + message_at(next).size())};
    ++next;
    ++active;
  };
  for (std::size_t i = 0; i < lanes; ++i) start_next(i);

  while (active > 1) {
    const std::uint8_t* lane_block[kMaxLanes];
    for (std::size_t i = 0; i < lanes; ++i) {
      lane_block[i] =
          lane[i].message == Lane::kIdle
              ? kZeroBlock
              : stream_block(prefix, message_at(lane[i].message), pad, lane[i].block, scratch[i]);
    }
    kernel.absorb_lanes(states, lane_block, fresh);
    fresh = 0;
    for (std::size_t i = 0; i < lanes; ++i) {
      if (lane[i].message == Lane::kIdle || ++lane[i].block != lane[i].blocks) continue;
      Digest32& digest = out[lane[i].message];
      for (std::size_t w = 0; w < 4; ++w) store_le64(digest.data() + 8 * w, states[w * lanes + i]);
      --active;
      start_next(i);
    }
  }
  for (std::size_t i = 0; i < lanes && active == 1; ++i) {
    if (lane[i].message == Lane::kIdle) continue;
    std::uint64_t state[kStateWords] = {};
    if (((fresh >> i) & 1u) == 0) {
      for (std::size_t w = 0; w < kStateWords; ++w) state[w] = states[w * lanes + i];
    }
    finish_one(kernel, pad, prefix, message_at(lane[i].message), lane[i].block, state,
               out[lane[i].message]);
    active = 0;
  }
}

}  // namespace

void hash_lanes(const Kernel& kernel, std::uint8_t pad, ByteSpan prefix,
                std::span<const ByteSpan> messages, Digest32* out) noexcept {
  hash_streams(
      kernel, pad, prefix, messages.size(), [messages](std::size_t i) { return messages[i]; }, out);
}

void hash_many_lanes(const Kernel& kernel, std::uint8_t pad, ByteSpan prefix,
                     const std::uint8_t* messages, std::size_t message_size, std::size_t count,
                     Digest32* out) noexcept {
  hash_streams(
      kernel, pad, prefix, count,
      [=](std::size_t i) {
        return ByteSpan{messages + i * message_size, message_size};
      },
      out);
}

}  // namespace merkleforge::detail::keccak

namespace merkleforge {

void keccak256_each(std::span<const ByteSpan> messages, Digest32* out) noexcept {
  using namespace detail::keccak;
  constexpr std::uint8_t kKeccakPad = 0x01;
  const Kernel& kernel = active_kernel();
  if (kernel.absorb_lanes != nullptr) {
    hash_lanes(kernel, kKeccakPad, {}, messages, out);
    return;
  }
  for (std::size_t i = 0; i < messages.size(); ++i) {
    std::uint64_t state[kStateWords] = {};
    finish_one(kernel, kKeccakPad, {}, messages[i], 0, state, out[i]);
  }
}

}  // namespace merkleforge
