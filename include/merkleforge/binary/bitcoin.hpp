// The `bitcoin` profile: the merkle root of a Bitcoin block header over its transaction ids.
//
// Node = SHA-256(SHA-256(left ‖ right)); a level of odd width pairs its last hash with itself.
// That duplication lets two different transaction lists share a root (CVE-2012-2459: [a,b,c] and
// [a,b,c,c]); Bitcoin Core detects it by flagging any level in which a pair holds two equal
// hashes, and rejects such blocks as mutated. This profile reports the same flag.
#pragma once

#include <span>
#include <string_view>

#include "merkleforge/core/bytes.hpp"
#include "merkleforge/core/result.hpp"

namespace merkleforge::bitcoin {

struct MerkleRoot {
  Digest32 root{};       ///< internal byte order (reverse of the usual display hex)
  bool mutated = false;  ///< some level paired two equal hashes (CVE-2012-2459 shape)
};

/// Merkle root over txids in internal byte order. Zero txids give an all-zero root, as Bitcoin
/// Core's ComputeMerkleRoot.
MerkleRoot merkle_root(std::span<const Digest32> txids);

/// A txid or block hash in display order (as block explorers print it) to internal order; the
/// same function converts back. Errors: as digest_from_hex.
Result<Digest32> from_display_hex(std::string_view hex);
/// The 32 bytes in reverse order (display order <-> internal order). Never fails.
Digest32 reversed(const Digest32& digest);

}  // namespace merkleforge::bitcoin
