// Helpers shared by the BLAKE3 tests.
#pragma once

#include <gtest/gtest.h>

#include <random>

#include "merkleforge/hash/blake3.hpp"
#include "support/in_pieces.hpp"

namespace merkleforge::test {

/// Runs `body` once under each kernel this CPU supports, restoring the active kernel afterwards.
template <class Body>
void for_each_blake3_kernel(Body body) {
  const Isa saved = Blake3::active_kernel();
  for (Isa isa : Blake3::available_kernels()) {
    ASSERT_TRUE(Blake3::set_kernel(isa).ok());
    SCOPED_TRACE(std::string("kernel ") + std::string(isa_name(isa)));
    body();
  }
  ASSERT_TRUE(Blake3::set_kernel(saved).ok());
}

inline Bytes random_bytes(std::mt19937_64& rng, std::size_t len) {
  Bytes bytes(len);
  for (auto& b : bytes) b = static_cast<std::uint8_t>(rng());
  return bytes;
}

}  // namespace merkleforge::test
