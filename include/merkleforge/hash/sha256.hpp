// SHA-256 (FIPS 180-4). Kernels: portable, SHA-NI (single stream, and interleaved streams for
// batches), AVX2/AVX-512 multi-lane for batches where they beat SHA-NI.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "merkleforge/hash/hasher.hpp"

namespace merkleforge {

class Sha256 {
 public:
  static constexpr std::string_view kName = "sha256";
  static constexpr std::size_t kBlockSize = 64;

  Sha256() noexcept;
  Sha256& update(ByteSpan data) noexcept;
  Digest32 finalize() noexcept;

  static Digest32 digest(ByteSpan data) noexcept;
  static void hash_many(ByteSpan prefix, const std::uint8_t* messages, std::size_t message_size,
                        std::size_t count, Digest32* out) noexcept;

  static std::vector<Isa> available_kernels();
  static Isa active_kernel() noexcept;
  static Status set_kernel(Isa isa);

 private:
  std::array<std::uint32_t, 8> state_;
  std::array<std::uint8_t, kBlockSize> buffer_;
  std::uint64_t length_ = 0;  // bytes absorbed so far
};

static_assert(Hasher<Sha256>);

}  // namespace merkleforge
