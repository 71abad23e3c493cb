// Hashing several messages at once (hash_many, keccak256_each) on multi-state kernels, and on
// the one-state permutation when a group holds a single message or the kernel has no lanes.
// Each lane absorbs its own stream prefix ‖ message ‖ padding; the kernel wants block `index` of
// every lane transposed (word w of lane i at [w * lanes + i]). A block that lies wholly inside a
// lane's message is read where it is; only the blocks that touch the prefix or the padding are
// assembled, once, in a per-lane scratch block. The transpose is then a plain strided copy with
// no per-word branching.
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
  std::memset(scratch, 0, kRate);
  if (begin < prefix.size()) {
    const std::size_t take = std::min(kRate, prefix.size() - begin);
    std::memcpy(scratch, prefix.data() + begin, take);
  }
  const std::size_t from = std::max(begin, prefix.size());
  const std::size_t to = std::min(begin + kRate, length);
  if (from < to)
    std::memcpy(scratch + (from - begin), message.data() + (from - prefix.size()), to - from);
  if (index + 1 == blocks_of(length)) {
    scratch[length - begin] ^= pad;  // may share the last byte with the final bit
    scratch[kRate - 1] ^= 0x80;
  }
  return scratch;
}

/// One stream on the one-state permutation: a multi-state permutation costs more than one
/// single-state permutation (about 1.2x with AVX2), so a lone message is hashed this way.
void hash_one(const Kernel& kernel, std::uint8_t pad, ByteSpan prefix, ByteSpan message,
              Digest32& out) noexcept {
  std::uint64_t state[kStateWords] = {};
  alignas(8) std::uint8_t scratch[kRate];
  const std::size_t blocks = blocks_of(prefix.size() + message.size());
  for (std::size_t index = 0; index < blocks; ++index) {
    const std::uint8_t* bytes = stream_block(prefix, message, pad, index, scratch);
    for (std::size_t w = 0; w < kRateWords; ++w) state[w] ^= load_le64(bytes + 8 * w);
    kernel.permute(state);
  }
  for (std::size_t w = 0; w < 4; ++w) store_le64(out.data() + 8 * w, state[w]);
}

/// Permutes up to kernel.lanes streams side by side; a lane's digest is taken right after its
/// last block (a lane that ends early keeps absorbing zero blocks, which no one reads).
void hash_group(const Kernel& kernel, std::uint8_t pad, ByteSpan prefix, const ByteSpan* messages,
                std::size_t used, Digest32* out) noexcept {
  if (used == 1) {
    hash_one(kernel, pad, prefix, messages[0], out[0]);
    return;
  }
  const std::size_t lanes = kernel.lanes;
  alignas(64) std::uint64_t states[kStateWords * kMaxLanes] = {};
  alignas(64) std::uint64_t block[kRateWords * kMaxLanes];
  alignas(64) std::uint8_t scratch[kMaxLanes][kRate];
  static constexpr std::uint8_t kZeroBlock[kRate] = {};
  std::size_t blocks[kMaxLanes] = {};
  std::size_t most = 0;
  for (std::size_t i = 0; i < used; ++i) {
    blocks[i] = blocks_of(prefix.size() + messages[i].size());
    most = std::max(most, blocks[i]);
  }
  for (std::size_t index = 0; index < most; ++index) {
    const std::uint8_t* lane_block[kMaxLanes];
    for (std::size_t i = 0; i < lanes; ++i) {
      lane_block[i] = i < used && index < blocks[i]
                          ? stream_block(prefix, messages[i], pad, index, scratch[i])
                          : kZeroBlock;
    }
    for (std::size_t w = 0; w < kRateWords; ++w) {
      for (std::size_t i = 0; i < lanes; ++i)
        block[w * lanes + i] = load_le64(lane_block[i] + 8 * w);
    }
    kernel.absorb_lanes(states, block);
    for (std::size_t i = 0; i < used; ++i) {
      if (index + 1 != blocks[i]) continue;
      for (std::size_t w = 0; w < 4; ++w) store_le64(out[i].data() + 8 * w, states[w * lanes + i]);
    }
  }
}

}  // namespace

void hash_lanes(const Kernel& kernel, std::uint8_t pad, ByteSpan prefix,
                std::span<const ByteSpan> messages, Digest32* out) noexcept {
  for (std::size_t first = 0; first < messages.size(); first += kernel.lanes) {
    const std::size_t used = std::min(kernel.lanes, messages.size() - first);
    hash_group(kernel, pad, prefix, messages.data() + first, used, out + first);
  }
}

void hash_many_lanes(const Kernel& kernel, std::uint8_t pad, ByteSpan prefix,
                     const std::uint8_t* messages, std::size_t message_size, std::size_t count,
                     Digest32* out) noexcept {
  for (std::size_t first = 0; first < count; first += kernel.lanes) {
    const std::size_t used = std::min(kernel.lanes, count - first);
    ByteSpan group[kMaxLanes];
    for (std::size_t i = 0; i < used; ++i)
      group[i] = {messages + (first + i) * message_size, message_size};
    hash_group(kernel, pad, prefix, group, used, out + first);
  }
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
  for (std::size_t i = 0; i < messages.size(); ++i)
    hash_one(kernel, kKeccakPad, {}, messages[i], out[i]);
}

}  // namespace merkleforge
