// The incremental BLAKE3 hasher. Input arriving in large pieces is hashed whole subtrees at a time
// (blake3_tree.cpp), so most chunks and parents go through the kernel's hash_many; only the chunk
// in progress and the merges of the stack of completed subtrees are compressed one at a time.
#include "merkleforge/hash/blake3.hpp"

#include <algorithm>
#include <bit>
#include <cstring>

#include "blake3_kernel.hpp"
#include "blake3_tree.hpp"

namespace merkleforge {

using blake3::kBlockLen;
using blake3::kChunkLen;
using blake3::kOutLen;
using blake3::Output;
using ChainingValue = std::array<std::uint32_t, 8>;

struct Blake3::Internals {
  static std::size_t chunk_len(const Blake3& h) noexcept {
    return h.blocks_compressed_ * kBlockLen + h.block_len_;
  }

  static std::uint8_t block_flags(const Blake3& h) noexcept {
    return static_cast<std::uint8_t>(h.flags_ |
                                     (h.blocks_compressed_ == 0 ? blake3::kChunkStart : 0));
  }

  static void start_chunk(Blake3& h, std::uint64_t chunk_counter) noexcept {
    h.chunk_cv_ = h.key_words_;
    h.chunk_counter_ = chunk_counter;
    h.block_len_ = 0;
    h.blocks_compressed_ = 0;
  }

  /// Appends `len` bytes, which must fit in the current chunk. A full block is compressed only
  /// once more input follows it, since the chunk's last block is compressed differently.
  static void absorb(Blake3& h, const std::uint8_t* data, std::size_t len) noexcept {
    const auto compress = blake3::kernel().compress_in_place;
    while (len > 0) {
      if (h.block_len_ == kBlockLen) {
        compress(h.chunk_cv_.data(), h.block_.data(), kBlockLen, h.chunk_counter_, block_flags(h));
        ++h.blocks_compressed_;
        h.block_len_ = 0;
      }
      if (h.block_len_ == 0 && len > kBlockLen) {
        compress(h.chunk_cv_.data(), data, kBlockLen, h.chunk_counter_, block_flags(h));
        ++h.blocks_compressed_;
        data += kBlockLen;
        len -= kBlockLen;
        continue;
      }
      const std::size_t take = std::min(kBlockLen - h.block_len_, len);
      std::memcpy(h.block_.data() + h.block_len_, data, take);
      h.block_len_ = static_cast<std::uint8_t>(h.block_len_ + take);
      data += take;
      len -= take;
    }
  }

  static Output chunk_output(const Blake3& h) noexcept {
    Output node{};
    node.input_cv = h.chunk_cv_;
    std::copy_n(h.block_.begin(), h.block_len_, node.block.begin());
    node.block_len = h.block_len_;
    node.counter = h.chunk_counter_;
    node.flags = static_cast<std::uint8_t>(block_flags(h) | blake3::kChunkEnd);
    return node;
  }

  /// Merges completed subtrees until the stack holds one per 1 bit of the chunks before
  /// `chunk_counter` (from the input's first chunk), the shape of the tree over that many chunks.
  /// Called only once more input is known to follow them.
  static void merge_stack(Blake3& h, std::uint64_t chunk_counter) noexcept {
    const auto keep = static_cast<std::size_t>(std::popcount(chunks_since_start(h, chunk_counter)));
    while (h.cv_stack_len_ > keep) {
      ChainingValue& left = h.cv_stack_[h.cv_stack_len_ - 2u];
      const ChainingValue& right = h.cv_stack_[h.cv_stack_len_ - 1u];
      left = blake3::parent_output(left.data(), right.data(), h.key_words_.data(), h.flags_)
                 .chaining_value();
      --h.cv_stack_len_;
    }
  }

  /// Pushes the chaining value of the subtree starting at chunk `chunk_counter`.
  static void push_cv(Blake3& h, const ChainingValue& cv, std::uint64_t chunk_counter) noexcept {
    merge_stack(h, chunk_counter);
    h.cv_stack_[h.cv_stack_len_++] = cv;
  }

  static void finish_chunk(Blake3& h) noexcept {
    push_cv(h, chunk_output(h).chaining_value(), h.chunk_counter_);
    start_chunk(h, h.chunk_counter_ + 1);
  }

  /// Hashes a whole subtree of `len` bytes (a power of two number of chunks) straight from the
  /// input and pushes its children's chaining values.
  static void add_subtree(Blake3& h, const std::uint8_t* input, std::size_t len) {
    const std::uint64_t chunks = len / kChunkLen;
    if (chunks == 1) {
      absorb(h, input, len);
      finish_chunk(h);
      return;
    }
    std::uint8_t children[2 * kOutLen];
    blake3::compress_subtree_to_parent_node(input, len, h.key_words_.data(), h.chunk_counter_,
                                            h.flags_, children);
    ChainingValue left;
    ChainingValue right;
    blake3::load_cv(left.data(), children);
    blake3::load_cv(right.data(), children + kOutLen);
    push_cv(h, left, h.chunk_counter_);
    push_cv(h, right, h.chunk_counter_ + chunks / 2);
    start_chunk(h, h.chunk_counter_ + chunks);
  }

  static void update(Blake3& h, ByteSpan data) noexcept {
    const std::uint8_t* input = data.data();
    std::size_t len = data.size();
    if (chunk_len(h) > 0) {
      const std::size_t take = std::min(kChunkLen - chunk_len(h), len);
      absorb(h, input, take);
      input += take;
      len -= take;
      if (len == 0) return;
      finish_chunk(h);
    }
    // Whole subtrees while more than a chunk remains; the last chunk stays in the chunk state, as
    // it may turn out to be the root.
    while (len > kChunkLen) {
      std::size_t subtree_len = std::bit_floor(len);
      // A subtree of 2^k chunks must start at a multiple of 2^k chunks.
      while (((h.chunk_counter_ * kChunkLen) & (subtree_len - 1)) != 0) subtree_len /= 2;
      add_subtree(h, input, subtree_len);
      input += subtree_len;
      len -= subtree_len;
    }
    if (len > 0) {
      absorb(h, input, len);
      merge_stack(h, h.chunk_counter_);
    }
  }

  /// Chunks absorbed since the input's first chunk (the part's, for a part).
  static std::uint64_t chunks_since_start(const Blake3& h, std::uint64_t chunk_counter) noexcept {
    return chunk_counter - h.first_chunk_;
  }

  /// The root node, its compression pending: the chunk in progress (or, on a chunk boundary, the
  /// newest pair of subtrees) merged with every completed subtree on the stack.
  static Output root_output(const Blake3& h) noexcept {
    std::size_t remaining = h.cv_stack_len_;
    Output node;
    if (chunk_len(h) > 0 || remaining == 0) {
      node = chunk_output(h);
    } else {
      node =
          blake3::parent_output(h.cv_stack_[remaining - 2].data(),
                                h.cv_stack_[remaining - 1].data(), h.key_words_.data(), h.flags_);
      remaining -= 2;
    }
    while (remaining > 0) {
      --remaining;
      const ChainingValue right = node.chaining_value();
      node = blake3::parent_output(h.cv_stack_[remaining].data(), right.data(), h.key_words_.data(),
                                   h.flags_);
    }
    return node;
  }
};

Blake3::Blake3(const std::array<std::uint32_t, 8>& key_words, std::uint8_t flags) noexcept
    : key_words_(key_words), flags_(flags), chunk_cv_(key_words) {}

Blake3::Blake3() noexcept : Blake3(blake3::kIv, 0) {}

Blake3 Blake3::keyed(const Key& key) noexcept {
  ChainingValue key_words;
  blake3::load_cv(key_words.data(), key.data());
  return Blake3(key_words, blake3::kKeyedHash);
}

Blake3 Blake3::derive_key(std::string_view context) noexcept {
  Blake3 context_hasher(blake3::kIv, blake3::kDeriveKeyContext);
  context_hasher.update(as_bytes(context));
  const Digest32 context_key = context_hasher.finalize();
  ChainingValue key_words;
  blake3::load_cv(key_words.data(), context_key.data());
  return Blake3(key_words, blake3::kDeriveKeyMaterial);
}

Blake3& Blake3::update(ByteSpan data) noexcept {
  Internals::update(*this, data);
  return *this;
}

Blake3 Blake3::part(std::uint64_t first_chunk) const noexcept {
  Blake3 out(key_words_, flags_);
  Internals::start_chunk(out, first_chunk);
  out.first_chunk_ = first_chunk;
  return out;
}

Result<Blake3::ChainingValue> Blake3::subtree_chaining_value() const {
  // The whole chunks absorbed: the one in progress must be full (it is kept back by update()).
  const std::uint64_t chunks = Internals::chunks_since_start(*this, chunk_counter_) +
                               (Internals::chunk_len(*this) == kChunkLen ? 1 : 0);
  const bool whole = Internals::chunk_len(*this) % kChunkLen == 0;
  if (!whole || chunks == 0 || !std::has_single_bit(chunks) || first_chunk_ % chunks != 0) {
    return make_error(
        Errc::invalid_argument,
        "blake3: a part's chaining value needs 2^k whole chunks at a multiple of 2^k");
  }
  Blake3 done = *this;
  if (Internals::chunk_len(done) == kChunkLen) Internals::finish_chunk(done);
  // The stack holds the part's subtrees, largest first, sizes summing to 2^k: merging from the
  // top pairs equal sizes all the way down.
  while (done.cv_stack_len_ > 1) {
    ChainingValue& left = done.cv_stack_[done.cv_stack_len_ - 2u];
    left = blake3::parent_output(left.data(), done.cv_stack_[done.cv_stack_len_ - 1u].data(),
                                 done.key_words_.data(), done.flags_)
               .chaining_value();
    --done.cv_stack_len_;
  }
  return done.cv_stack_[0];
}

Status Blake3::append_subtree(const ChainingValue& value, std::uint64_t chunks) {
  if (chunks == 0 || !std::has_single_bit(chunks) || Internals::chunk_len(*this) != 0 ||
      chunk_counter_ % chunks != 0) {
    return make_error(
        Errc::invalid_argument,
        "blake3: a subtree of 2^k chunks goes at a chunk boundary, a multiple of 2^k");
  }
  Internals::push_cv(*this, value, chunk_counter_);
  Internals::start_chunk(*this, chunk_counter_ + chunks);
  return Ok{};
}

Digest32 Blake3::finalize() const noexcept {
  Output root = Internals::root_output(*this);
  root.flags = static_cast<std::uint8_t>(root.flags | blake3::kRoot);
  const ChainingValue cv = root.chaining_value();
  Digest32 digest;
  blake3::store_cv(digest.data(), cv.data());
  return digest;
}

void Blake3::finalize_xof(std::span<std::uint8_t> out, std::uint64_t seek) const noexcept {
  Internals::root_output(*this).root_bytes(seek, out.data(), out.size());
}

Digest32 Blake3::digest(ByteSpan data) noexcept {
  return Blake3().update(data).finalize();
}

Digest32 Blake3::keyed_digest(const Key& key, ByteSpan data) noexcept {
  return keyed(key).update(data).finalize();
}

}  // namespace merkleforge
