// The container of a state proof (docs/state-proofs.md, "Format"): magic, version, the tree
// kind, then the kind's own fields and the Boolean engine's proof.
#pragma once

#include <cstdint>

namespace merkleforge::state {

/// First bytes of every state proof: "MFSP" and the format version.
inline constexpr std::uint8_t kProofMagic[4] = {'M', 'F', 'S', 'P'};
inline constexpr std::uint8_t kProofVersion = 1;

/// The tree a state proof is about: the byte after the version.
enum class TreeKind : std::uint8_t {
  rfc6962 = 1,  ///< RFC 6962 log, SHA-256 (state/log.hpp)
  bintrie = 2,  ///< EIP-7864 binary tree as go-ethereum builds it, SHA-256 (state/bintrie.hpp)
  bintrie_writes = 3,  ///< the same tree, reads and writes (state/bintrie.hpp, BintrieWrites)
};

}  // namespace merkleforge::state
