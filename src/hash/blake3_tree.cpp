#include "blake3_tree.hpp"

#include <algorithm>
#include <bit>
#include <cstring>

namespace merkleforge::blake3 {
namespace {

/// Bytes under the left child of a node covering `len` > kChunkLen bytes: the largest power of
/// two number of whole chunks that leaves at least one byte to the right child.
std::size_t left_subtree_len(std::size_t len) noexcept {
  return std::bit_floor((len - 1) / kChunkLen) * kChunkLen;
}

/// One chaining value per chunk of `len` <= degree * kChunkLen bytes (the last chunk may be
/// partial but not empty), all chunks in one hash_many call. Returns the number of values.
std::size_t compress_chunks(const Kernel& k, const std::uint8_t* input, std::size_t len,
                            const std::uint32_t key[8], std::uint64_t chunk_counter,
                            std::uint8_t flags, std::uint8_t* out) noexcept {
  const std::size_t whole = len / kChunkLen;
  const std::uint8_t* chunks[kMaxDegree];
  for (std::size_t i = 0; i < whole; ++i) chunks[i] = input + i * kChunkLen;
  const ManyParams whole_chunks{key, chunk_counter, true, flags, kChunkStart, kChunkEnd, kBlockLen};
  k.hash_many(chunks, whole, kBlocksPerChunk, whole_chunks, out);

  const std::size_t rest = len - whole * kChunkLen;
  if (rest == 0) return whole;
  alignas(64) std::uint8_t padded[kChunkLen] = {};
  std::memcpy(padded, input + whole * kChunkLen, rest);
  const std::uint8_t* last = padded;
  const std::size_t blocks = (rest + kBlockLen - 1) / kBlockLen;
  const ManyParams partial{key,
                           chunk_counter + whole,
                           false,
                           flags,
                           kChunkStart,
                           kChunkEnd,
                           static_cast<std::uint8_t>(rest - (blocks - 1) * kBlockLen)};
  k.hash_many(&last, 1, blocks, partial, out + whole * kOutLen);
  return whole + 1;
}

/// Parents of consecutive pairs among `n` chaining values (at most 2 * kMaxDegree) in one
/// hash_many call; an odd last value is passed up unchanged. Returns the number of outputs.
std::size_t compress_parents(const Kernel& k, const std::uint8_t* cvs, std::size_t n,
                             const std::uint32_t key[8], std::uint8_t flags,
                             std::uint8_t* out) noexcept {
  const std::size_t pairs = n / 2;
  const std::uint8_t* blocks[kMaxDegree];
  for (std::size_t i = 0; i < pairs; ++i) blocks[i] = cvs + i * 2 * kOutLen;
  const ManyParams parents{key, 0, false,    static_cast<std::uint8_t>(flags | kParent),
                           0,   0, kBlockLen};
  k.hash_many(blocks, pairs, 1, parents, out);
  if (n % 2 != 0) std::memcpy(out + pairs * kOutLen, cvs + pairs * 2 * kOutLen, kOutLen);
  return pairs + n % 2;
}

/// Chaining values of the nodes `len` bytes reduce to when every level is merged as long as more
/// than max(degree, 2) values remain: the widest layer the kernel can finish in one call. Returns
/// their number, at most max(degree, 2).
std::size_t compress_subtree_wide(const Kernel& k, const std::uint8_t* input, std::size_t len,
                                  const std::uint32_t key[8], std::uint64_t chunk_counter,
                                  std::uint8_t flags, std::uint8_t* out) noexcept {
  if (len <= k.degree * kChunkLen) {
    return compress_chunks(k, input, len, key, chunk_counter, flags, out);
  }
  const std::size_t left_len = left_subtree_len(len);
  std::uint8_t cvs[2 * kMaxDegree * kOutLen];
  const std::size_t left_n =
      compress_subtree_wide(k, input, left_len, key, chunk_counter, flags, cvs);
  const std::size_t right_n =
      compress_subtree_wide(k, input + left_len, len - left_len, key,
                            chunk_counter + left_len / kChunkLen, flags, cvs + left_n * kOutLen);
  // With one lane the left child is a single chunk: its value and the right one are the answer.
  if (left_n == 1) {
    std::memcpy(out, cvs, 2 * kOutLen);
    return 2;
  }
  return compress_parents(k, cvs, left_n + right_n, key, flags, out);
}

}  // namespace

std::array<std::uint32_t, 8> Output::chaining_value() const noexcept {
  std::array<std::uint32_t, 8> cv = input_cv;
  kernel().compress_in_place(cv.data(), block.data(), block_len, counter, flags);
  return cv;
}

void Output::root_bytes(std::uint64_t seek, std::uint8_t* out, std::size_t len) const noexcept {
  const Kernel& k = kernel();
  // The root's counter word numbers the 64-byte output blocks.
  std::uint64_t output_block = seek / (2 * kOutLen);
  std::size_t offset = seek % (2 * kOutLen);
  while (len > 0) {
    std::uint8_t stream[2 * kOutLen];
    k.compress_xof(input_cv.data(), block.data(), block_len, output_block,
                   static_cast<std::uint8_t>(flags | kRoot), stream);
    const std::size_t take = std::min(len, sizeof stream - offset);
    std::memcpy(out, stream + offset, take);
    out += take;
    len -= take;
    offset = 0;
    ++output_block;
  }
}

Output parent_output(const std::uint32_t left[8], const std::uint32_t right[8],
                     const std::uint32_t key[8], std::uint8_t flags) noexcept {
  Output node{};
  std::copy_n(key, 8, node.input_cv.begin());
  store_cv(node.block.data(), left);
  store_cv(node.block.data() + kOutLen, right);
  node.block_len = kBlockLen;
  node.counter = 0;
  node.flags = static_cast<std::uint8_t>(flags | kParent);
  return node;
}

void compress_subtree_to_parent_node(const std::uint8_t* input, std::size_t len,
                                     const std::uint32_t key[8], std::uint64_t chunk_counter,
                                     std::uint8_t flags, std::uint8_t out[2 * kOutLen]) noexcept {
  const Kernel& k = kernel();
  std::uint8_t cvs[2 * kMaxDegree * kOutLen];
  std::size_t n = compress_subtree_wide(k, input, len, key, chunk_counter, flags, cvs);
  while (n > 2) {
    std::uint8_t merged[kMaxDegree * kOutLen];
    n = compress_parents(k, cvs, n, key, flags, merged);
    std::memcpy(cvs, merged, n * kOutLen);
  }
  std::memcpy(out, cvs, 2 * kOutLen);
}

}  // namespace merkleforge::blake3
