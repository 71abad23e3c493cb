// The Keccak sponge (capacity 512 bits, 32-byte output) shared by Keccak-256 and SHA3-256.
#include "merkleforge/hash/keccak.hpp"

#include <algorithm>

#include "keccak_batch.hpp"
#include "keccak_bytes.hpp"
#include "keccak_kernel.hpp"

namespace merkleforge::detail {

template <std::uint8_t Pad>
void KeccakSponge256<Pad>::absorb(ByteSpan data) noexcept {
  const keccak::PermuteFn permute = keccak::active_kernel().permute;
  const std::uint8_t* bytes = data.data();
  std::size_t size = data.size();
  if (position_ != 0) {
    const std::size_t take = std::min(size, kRate - position_);
    keccak::xor_bytes(state_.data(), position_, bytes, take);
    position_ += take;
    bytes += take;
    size -= take;
    if (position_ < kRate) return;
    permute(state_.data());
    position_ = 0;
  }
  for (; size >= kRate; bytes += kRate, size -= kRate) {
    keccak::xor_bytes(state_.data(), 0, bytes, kRate);
    permute(state_.data());
  }
  keccak::xor_bytes(state_.data(), 0, bytes, size);
  position_ = size;
}

template <std::uint8_t Pad>
Digest32 KeccakSponge256<Pad>::squeeze() noexcept {
  // Pad: the domain byte right after the message, then the final bit of the block (they may
  // share byte kRate - 1).
  state_[position_ / 8] ^= std::uint64_t{Pad} << (8 * (position_ % 8));
  state_[(kRate - 1) / 8] ^= std::uint64_t{0x80} << (8 * ((kRate - 1) % 8));
  keccak::active_kernel().permute(state_.data());
  Digest32 digest;
  for (std::size_t w = 0; w < 4; ++w) keccak::store_le64(digest.data() + 8 * w, state_[w]);
  return digest;
}

template <std::uint8_t Pad>
Digest32 KeccakSponge256<Pad>::digest(ByteSpan data) noexcept {
  KeccakSponge256 sponge;
  sponge.absorb(data);
  return sponge.squeeze();
}

template <std::uint8_t Pad>
void KeccakSponge256<Pad>::hash_many(ByteSpan prefix, const std::uint8_t* messages,
                                     std::size_t message_size, std::size_t count,
                                     Digest32* out) noexcept {
  const keccak::Kernel& kernel = keccak::active_kernel();
  if (kernel.absorb_lanes != nullptr) {
    keccak::hash_many_lanes(kernel, Pad, prefix, messages, message_size, count, out);
    return;
  }
  for (std::size_t i = 0; i < count; ++i) {
    KeccakSponge256 sponge;
    sponge.absorb(prefix);
    sponge.absorb({messages + i * message_size, message_size});
    out[i] = sponge.squeeze();
  }
}

template class KeccakSponge256<0x01>;
template class KeccakSponge256<0x06>;

}  // namespace merkleforge::detail
