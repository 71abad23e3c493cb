// libFuzzer target: the binary state tree's multiproof verifier (bintrie/proof.hpp) on arbitrary
// key sets and proof bytes, against the root of a fixed small tree. It must return an error or
// values without crashing or reading out of bounds, and any proof it accepts must give the
// tree's true values (a soundness oracle: a forged proof accepted aborts).
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "merkleforge/bintrie/proof.hpp"

namespace {

using namespace merkleforge;

bintrie::BinaryTrie<>& fixed_tree() {
  static bintrie::BinaryTrie<> trie = [] {
    bintrie::BinaryTrie<> t;
    for (unsigned i = 0; i < 64; ++i) {
      bintrie::TreeKey key{};
      key[0] = static_cast<std::uint8_t>(i * 37);
      key[1] = static_cast<std::uint8_t>(i & 3);
      key[31] = static_cast<std::uint8_t>(i);
      Digest32 value{};
      value[0] = static_cast<std::uint8_t>(i + 1);
      t.insert(key, value);
    }
    (void)t.root();
    return t;
  }();
  return trie;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto& trie = fixed_tree();
  if (size == 0) return 0;
  // Byte 0: how many keys (0..7) follow as 32-byte groups; the rest is the proof.
  const std::size_t count = data[0] % 8;
  if (size < 1 + 32 * count) return 0;
  std::vector<bintrie::TreeKey> keys(count);
  for (std::size_t i = 0; i < count; ++i) std::memcpy(keys[i].data(), data + 1 + 32 * i, 32);
  const ByteSpan proof(data + 1 + 32 * count, size - 1 - 32 * count);
  const auto values = bintrie::verify(trie.root(), keys, proof);
  if (values.ok()) {
    for (std::size_t i = 0; i < count; ++i) {
      if ((*values)[i] != trie.get(keys[i])) std::abort();
    }
  }
  return 0;
}
