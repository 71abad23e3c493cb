// Shared by the binary-tree tests: the vectors file, hex helpers, and an independent model of the
// tree's root (OpenSSL SHA-256, written from the rules in trie.hpp, not from the library).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "merkleforge/bintrie/trie.hpp"
#include "support/vectors.hpp"

namespace merkleforge::bintrie::test {

const nlohmann::json& vectors();

Digest32 digest_hex(const std::string& hex);
Address address_hex(const std::string& hex);

/// The entries of a vector case ([key, value] pairs).
std::vector<Entry> entries_of(const nlohmann::json& pairs);

/// The root of the tree holding `entries` (last write of a key wins), computed from scratch.
Digest32 model_root(const std::vector<Entry>& entries);

/// OpenSSL SHA-256.
Digest32 openssl_sha256(ByteSpan data);

}  // namespace merkleforge::bintrie::test
