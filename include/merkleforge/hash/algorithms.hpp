// Run-time choice of a hash (for the CLI and benchmarks): name <-> enum, and a visitor that calls a
// generic lambda with the matching Hasher type.
#pragma once

#include <optional>
#include <string_view>

#include "merkleforge/hash/blake3.hpp"
#include "merkleforge/hash/keccak.hpp"
#include "merkleforge/hash/sha256.hpp"

namespace merkleforge {

enum class HashAlgorithm { sha256, keccak256, sha3_256, blake3 };

inline constexpr HashAlgorithm kAllHashAlgorithms[] = {
    HashAlgorithm::sha256, HashAlgorithm::keccak256, HashAlgorithm::sha3_256,
    HashAlgorithm::blake3};

/// Tag carrying a hasher type through a generic lambda: `[](auto tag) { using H = typename
/// decltype(tag)::type; ... }`.
template <Hasher H>
struct HasherTag {
  using type = H;
};

/// Calls `f(HasherTag<H>{})` with the Hasher type of `algorithm` and returns its result.
template <class F>
decltype(auto) with_hasher(HashAlgorithm algorithm, F&& f) {
  switch (algorithm) {
    case HashAlgorithm::keccak256:
      return f(HasherTag<Keccak256>{});
    case HashAlgorithm::sha3_256:
      return f(HasherTag<Sha3_256>{});
    case HashAlgorithm::blake3:
      return f(HasherTag<Blake3>{});
    case HashAlgorithm::sha256:
      break;
  }
  return f(HasherTag<Sha256>{});
}

inline std::string_view hash_name(HashAlgorithm algorithm) {
  return with_hasher(algorithm,
                     [](auto tag) { return std::string_view(decltype(tag)::type::kName); });
}

inline std::optional<HashAlgorithm> hash_from_name(std::string_view name) {
  for (HashAlgorithm algorithm : kAllHashAlgorithms) {
    if (hash_name(algorithm) == name) return algorithm;
  }
  return std::nullopt;
}

}  // namespace merkleforge
