// Single-key proof verification: walks the key's path through the given nodes.
#include "merkleforge/mpt/proof.hpp"

#include <algorithm>
#include <string>

#include "merkleforge/hash/keccak.hpp"

namespace merkleforge::mpt {
namespace {

Error rejected(const std::string& why) {
  return make_error(Errc::malformed_input, "proof rejected: " + why);
}

constexpr std::uint8_t kEmptyString = 0x80;

// Where the walk goes after a node: to a child item, or it ends with a value or
// an absence.
struct Step {
  bool done = false;
  std::optional<Bytes> value;
  ByteSpan next_item;
};

Step step_through(const DecodedNode& node, ByteSpan key, std::size_t& pos) {
  const std::size_t total = key.size() * 2;
  if (node.kind == NodeKind::branch) {
    if (pos == total) {
      if (node.value.empty()) return {true, std::nullopt, {}};
      return {true, Bytes(node.value.begin(), node.value.end()), {}};
    }
    const ByteSpan child = node.children[key_nibble(key, pos++)];
    if (child.size() == 1 && child[0] == kEmptyString) return {true, std::nullopt, {}};
    return {false, std::nullopt, child};
  }
  const std::size_t size = node.path.size();
  if (size > total - pos) return {true, std::nullopt, {}};
  for (std::size_t i = 0; i < size; ++i) {
    if (node.path[i] != key_nibble(key, pos + i)) return {true, std::nullopt, {}};
  }
  pos += size;
  if (node.kind == NodeKind::extension) return {false, std::nullopt, node.child};
  if (pos != total) return {true, std::nullopt, {}};
  return {true, Bytes(node.value.begin(), node.value.end()), {}};
}

// keccak256 of every proof node, four side by side (AVX2) in order of size, so the full
// branches near the root (532 bytes, 4 Keccak blocks each) share their permutations.
void hash_nodes(std::span<const Bytes> nodes, std::vector<Digest32>& hashes) {
  thread_local std::vector<std::size_t> order;
  thread_local std::vector<ByteSpan> sorted;
  thread_local std::vector<Digest32> digests;
  order.resize(nodes.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(),
            [&](std::size_t a, std::size_t b) { return nodes[a].size() > nodes[b].size(); });
  sorted.clear();
  for (const std::size_t i : order) sorted.emplace_back(nodes[i]);
  digests.resize(nodes.size());
  keccak256_each(sorted, digests.data());
  hashes.resize(nodes.size());
  for (std::size_t k = 0; k < order.size(); ++k) hashes[order[k]] = digests[k];
}

}  // namespace

Result<std::optional<Bytes>> verify_proof(const Digest32& root, ByteSpan key,
                                          std::span<const Bytes> proof) {
  if (proof.empty()) {
    if (root == kEmptyTrieRoot) return std::optional<Bytes>{};
    return rejected("no nodes for a non-empty trie");
  }
  thread_local std::vector<Digest32> hashes;
  hash_nodes(proof, hashes);
  NodeRef expected = NodeRef::of_hash(root);
  ByteSpan encoding;
  std::size_t used = 0;
  std::size_t pos = 0;
  for (;;) {
    if (expected.is_hash()) {
      if (used == proof.size()) return rejected("node " + std::to_string(used) + " is missing");
      encoding = proof[used];
      if (hashes[used] != expected.bytes) {
        return rejected("node " + std::to_string(used) +
                        " does not match the hash its parent names");
      }
      ++used;
    }
    auto node = decode_node(encoding);
    if (!node) return rejected(node.error().message);
    Step step = step_through(*node, key, pos);
    if (step.done) {
      if (used != proof.size())
        return rejected(std::to_string(proof.size() - used) + " extra nodes");
      return std::move(step.value);
    }
    expected = ref_of_child_item(step.next_item);
    encoding = step.next_item;  // an inline child is its own encoding
    // Some provers (ethereumjs) also list inline nodes; a copy in its place is
    // not extra.
    const bool listed_again =
        !expected.is_hash() && used < proof.size() &&
        std::equal(proof[used].begin(), proof[used].end(), encoding.begin(), encoding.end());
    if (listed_again) ++used;
  }
}

Result<std::vector<Bytes>> prove_range(MerklePatriciaTrie& trie, ByteSpan first_key,
                                       ByteSpan last_key) {
  auto first = trie.prove(first_key);
  if (!first) return first.error();
  auto last = trie.prove(last_key);
  if (!last) return last.error();
  std::vector<Bytes> nodes = std::move(*first);
  for (auto& node : *last) {
    if (std::find(nodes.begin(), nodes.end(), node) == nodes.end())
      nodes.push_back(std::move(node));
  }
  return nodes;
}

}  // namespace merkleforge::mpt
