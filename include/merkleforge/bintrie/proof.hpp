// Multiproofs of the binary tree: inclusion and absence of any set of keys in one proof, every
// node the keys share sent once, and a stateless verifier that takes the trusted root and the
// keys from the caller.
//
// Encoding (strict: one encoding per tree and key set, every other byte string rejected):
//   proof   = 0x01 (version) ‖ node(root, depth 0, all keys)
// The pruned tree in pre-order, steered by the keys (sorted, distinct) that reach each node:
//   where keys reach, in the tree:
//     0x00                    empty: every key here is absent
//     0x01 left right         internal node (depth < 248); left gets the keys whose stem bit
//                             `depth` is 0; not both children empty
//     0x02 stem(31) sub       stem node; its stem must extend the path; keys of other stems are
//                             absent; `sub` is its subtree (8 levels) steered by the suffixes of
//                             the keys of this stem
//   where keys reach, in a stem's subtree:
//     0x00                    zero subtree: every key here is absent
//     0x01 left right         inner node above the leaves; left gets the suffixes whose bit is 0;
//                             not both children zero
//     0x04 value(32)          a leaf (present value, also a zero value)
//   where no key reaches (both):
//     0x00 | 0x03 hash(32)    an empty / zero subtree, or one given by its (non-zero) hash
// No byte may follow the root's encoding.
#pragma once

#include <optional>
#include <span>
#include <vector>

#include "merkleforge/bintrie/trie.hpp"

namespace merkleforge::bintrie {

inline constexpr std::uint8_t kProofVersion = 1;

/// The multiproof of `keys` (any order, repeats allowed) in `trie`, after bringing its hashes up
/// to date.
template <class H = Sha256>
Bytes prove(BinaryTrie<H>& trie, std::span<const TreeKey> keys);

/// Checks `proof` for `keys` against the trusted `root`; on success the value of each key, in the
/// order of `keys` (std::nullopt: absent). Errors: malformed_input when the proof does not follow
/// the encoding or is not the canonical one for these keys; corrupt_data when it does not hash to
/// `root`.
template <class H = Sha256>
Result<std::vector<std::optional<Digest32>>> verify(const Digest32& root,
                                                    std::span<const TreeKey> keys, ByteSpan proof);

}  // namespace merkleforge::bintrie
