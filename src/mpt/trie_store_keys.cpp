#include <cstring>

#include "merkleforge/mpt/trie.hpp"

namespace merkleforge::mpt {
namespace {

Bytes prefixed(std::uint8_t kind, const void* data, std::size_t size) {
  Bytes key(2 + size);
  key[0] = 'm';
  key[1] = kind;
  if (size != 0) std::memcpy(key.data() + 2, data, size);
  return key;
}

}  // namespace

Bytes node_store_key(const Digest32& hash) {
  return prefixed('n', hash.data(), hash.size());
}

Bytes root_record_key(std::string_view name) {
  return prefixed('r', name.data(), name.size());
}

}  // namespace merkleforge::mpt
