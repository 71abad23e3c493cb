// Blake3::hash_many: many independent short messages (Merkle nodes and leaves) through the SIMD
// lanes of the kernel's hash_many, each message one chunk that is also the root.
#include <algorithm>
#include <cstring>

#include "blake3_kernel.hpp"
#include "merkleforge/hash/blake3.hpp"

namespace merkleforge {
namespace {

using blake3::kBlockLen;
using blake3::kChunkLen;
using blake3::kOutLen;

static_assert(sizeof(Digest32) == kOutLen, "digests are written as one contiguous byte array");

/// Bytes of padded messages staged per kernel call.
constexpr std::size_t kStageBytes = 16 * kChunkLen;

/// out[i] = hash of prefix ‖ message i in the mode whose fresh hasher is `fresh`, key words `key`
/// and mode flags `flags`.
void hash_batch(const Blake3& fresh, const std::uint32_t key[8], std::uint8_t flags,
                ByteSpan prefix, const std::uint8_t* messages, std::size_t message_size,
                std::size_t count, Digest32* out) noexcept {
  const std::size_t total = prefix.size() + message_size;
  if (total > kChunkLen) {
    // A tree per message: the lanes would each hold a different shape of tree.
    for (std::size_t i = 0; i < count; ++i) {
      Blake3 hasher = fresh;
      out[i] = hasher.update(prefix)
                   .update(ByteSpan(messages + i * message_size, message_size))
                   .finalize();
    }
    return;
  }
  const std::size_t blocks = std::max<std::size_t>(1, (total + kBlockLen - 1) / kBlockLen);
  const std::size_t stride = blocks * kBlockLen;
  const blake3::ManyParams params{key,
                                  0,
                                  false,
                                  flags,
                                  blake3::kChunkStart,
                                  static_cast<std::uint8_t>(blake3::kChunkEnd | blake3::kRoot),
                                  static_cast<std::uint8_t>(total - (blocks - 1) * kBlockLen)};
  const blake3::Kernel& k = blake3::kernel();
  auto* out_bytes = reinterpret_cast<std::uint8_t*>(out);
  const std::uint8_t* inputs[kStageBytes / kBlockLen];
  const std::size_t group = kStageBytes / stride;

  // Messages of whole blocks and no prefix are read in place; others are padded into a buffer.
  const bool in_place = prefix.empty() && message_size == stride;
  alignas(64) std::uint8_t staged[kStageBytes];
  for (std::size_t done = 0; done < count; done += group) {
    const std::size_t n = std::min(group, count - done);
    for (std::size_t j = 0; j < n; ++j) {
      const std::uint8_t* message = messages + (done + j) * message_size;
      if (in_place) {
        inputs[j] = message;
        continue;
      }
      std::uint8_t* slot = staged + j * stride;
      if (!prefix.empty()) std::memcpy(slot, prefix.data(), prefix.size());
      if (message_size > 0) std::memcpy(slot + prefix.size(), message, message_size);
      std::memset(slot + total, 0, stride - total);
      inputs[j] = slot;
    }
    k.hash_many(inputs, n, blocks, params, out_bytes + done * kOutLen);
  }
}

}  // namespace

void Blake3::hash_many(ByteSpan prefix, const std::uint8_t* messages, std::size_t message_size,
                       std::size_t count, Digest32* out) noexcept {
  hash_batch(Blake3(), blake3::kIv.data(), 0, prefix, messages, message_size, count, out);
}

void Blake3::keyed_hash_many(const Key& key, ByteSpan prefix, const std::uint8_t* messages,
                             std::size_t message_size, std::size_t count, Digest32* out) noexcept {
  std::uint32_t key_words[8];
  blake3::load_cv(key_words, key.data());
  hash_batch(keyed(key), key_words, blake3::kKeyedHash, prefix, messages, message_size, count, out);
}

}  // namespace merkleforge
