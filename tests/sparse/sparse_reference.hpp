// An independent model of the JMT sparse tree for tests: the root computed naively and
// recursively over the sorted key set, hashing with OpenSSL (not with the library's hash layer or
// sparse/jmt_hashing.hpp), from the rules of the penumbra-zone/jmt specification.
#pragma once

#include <openssl/sha.h>

#include <cstring>
#include <map>
#include <span>
#include <string>
#include <vector>

#include "merkleforge/core/bytes.hpp"

namespace merkleforge::test {

inline Digest32 openssl_sha256(const std::vector<std::uint8_t>& message) {
  Digest32 out;
  SHA256(message.data(), message.size(), out.data());
  return out;
}

inline Digest32 reference_domain_hash(const std::string& domain, const Digest32& a,
                                      const Digest32& b) {
  std::vector<std::uint8_t> message(domain.begin(), domain.end());
  message.insert(message.end(), a.begin(), a.end());
  message.insert(message.end(), b.begin(), b.end());
  return openssl_sha256(message);
}

/// The state as a map key hash -> value.
using ReferenceState = std::map<Digest32, Bytes>;

inline Digest32 reference_root(std::span<const std::pair<const Digest32, Bytes>* const> entries,
                               unsigned depth) {
  if (entries.empty()) {
    const char* placeholder = "SPARSE_MERKLE_PLACEHOLDER_HASH__";
    Digest32 out;
    std::memcpy(out.data(), placeholder, 32);
    return out;
  }
  if (entries.size() == 1) {
    return reference_domain_hash("JMT::LeafNode", entries[0]->first,
                                 openssl_sha256(entries[0]->second));
  }
  std::size_t split = 0;
  while (split < entries.size() && ((entries[split]->first[depth / 8] >> (7 - depth % 8)) & 1) == 0)
    ++split;
  return reference_domain_hash("JMT::IntrnalNode", reference_root(entries.first(split), depth + 1),
                               reference_root(entries.subspan(split), depth + 1));
}

/// Number of interior nodes of the tree holding `state`'s keys (single-child chains included).
inline std::size_t reference_interior_nodes(std::span<const Digest32> keys, unsigned depth) {
  if (keys.size() < 2) return 0;
  std::size_t split = 0;
  while (split < keys.size() && ((keys[split][depth / 8] >> (7 - depth % 8)) & 1) == 0) ++split;
  return 1 + reference_interior_nodes(keys.first(split), depth + 1) +
         reference_interior_nodes(keys.subspan(split), depth + 1);
}

inline std::size_t reference_interior_nodes(const ReferenceState& state) {
  std::vector<Digest32> keys;
  for (const auto& entry : state) keys.push_back(entry.first);
  return reference_interior_nodes(keys, 0);
}

inline Digest32 reference_root(const ReferenceState& state) {
  std::vector<const std::pair<const Digest32, Bytes>*> entries;
  for (const auto& entry : state) entries.push_back(&entry);
  return reference_root(entries, 0);
}

}  // namespace merkleforge::test
