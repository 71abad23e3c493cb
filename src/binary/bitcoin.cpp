#include "merkleforge/binary/bitcoin.hpp"

#include <algorithm>
#include <vector>

#include "merkleforge/core/hex.hpp"
#include "merkleforge/hash/sha256.hpp"

namespace merkleforge::bitcoin {

MerkleRoot merkle_root(std::span<const Digest32> txids) {
  MerkleRoot result;
  if (txids.empty()) return result;
  std::vector<Digest32> level(txids.begin(), txids.end());
  std::vector<Digest32> once;
  while (level.size() > 1) {
    for (std::size_t i = 0; i + 1 < level.size(); i += 2) {
      if (level[i] == level[i + 1]) result.mutated = true;
    }
    if (level.size() & 1) level.push_back(level.back());
    const std::size_t parents = level.size() / 2;
    // Double SHA-256 of every pair: two batch-kernel calls per level.
    once.resize(parents);
    Sha256::hash_many({}, reinterpret_cast<const std::uint8_t*>(level.data()), 64, parents,
                      once.data());
    Sha256::hash_many({}, reinterpret_cast<const std::uint8_t*>(once.data()), 32, parents,
                      level.data());
    level.resize(parents);
  }
  result.root = level[0];
  return result;
}

Digest32 reversed(const Digest32& digest) {
  Digest32 out;
  std::reverse_copy(digest.begin(), digest.end(), out.begin());
  return out;
}

Result<Digest32> from_display_hex(std::string_view hex) {
  Result<Digest32> digest = digest_from_hex(hex);
  if (!digest) return digest;
  return reversed(*digest);
}

}  // namespace merkleforge::bitcoin
