// Single-key proof verification: walks the key's path through the proof's nodes, then checks each
// node the walk took by hash against the hash its parent (or the root) names. Checking after the
// walk lets every such node be hashed in one keccak256_each batch, four side by side with AVX2:
// a 10K-entry proof (two or three 4-block branches, two 1-block nodes) costs four 4-lane
// permutations instead of 13 one-state ones. A proof is accepted exactly when every check of the
// walk and every hash check passes, whatever their order.
#include "merkleforge/mpt/proof.hpp"

#include <algorithm>
#include <string>

#include "merkleforge/hash/keccak.hpp"
#include "node_decoder.hpp"

namespace merkleforge::mpt {
namespace {

Error rejected(const std::string& why) {
  return make_error(Errc::malformed_input, "proof rejected: " + why);
}

constexpr std::uint8_t kEmptyString = 0x80;

// Where the walk goes after a node: on to a child item, or it ends with the value (none: the
// key is absent).
struct Step {
  bool done = false;
  std::optional<ByteSpan> value;
  ByteSpan next_item;
};

// True if `path` equals the key's nibbles from `pos` on (precondition: it fits in the key). When
// the path ends on a key byte boundary (always so for a leaf that ends the key), the bytes of its
// hex-prefix encoding after the flag byte line up with key bytes and are compared whole.
bool path_matches(const CompactPath& path, ByteSpan key, std::size_t pos) {
  const std::size_t size = path.size();
  if ((pos + size) % 2 != 0) {
    for (std::size_t i = 0; i < size; ++i) {
      if (path[i] != key_nibble(key, pos + i)) return false;
    }
    return true;
  }
  // An odd path (then pos is odd) has its first nibble in the flag byte's low half.
  if (size % 2 == 1 && (path.bytes[0] & 0x0f) != (key[pos / 2] & 0x0f)) return false;
  return std::equal(path.bytes.begin() + 1, path.bytes.end(), key.begin() + (pos + 1) / 2);
}

Step step_through(const DecodedNode& node, ByteSpan key, std::size_t& pos) {
  const std::size_t total = key.size() * 2;
  if (node.kind == NodeKind::branch) {
    if (pos == total) {
      if (node.value.empty()) return {true, std::nullopt, {}};
      return {true, node.value, {}};
    }
    const ByteSpan child = node.children[key_nibble(key, pos++)];
    if (child.size() == 1 && child[0] == kEmptyString) return {true, std::nullopt, {}};
    return {false, std::nullopt, child};
  }
  const std::size_t size = node.path.size();
  if (size > total - pos || !path_matches(node.path, key, pos)) return {true, std::nullopt, {}};
  pos += size;
  if (node.kind == NodeKind::extension) return {false, std::nullopt, node.child};
  if (pos != total) return {true, std::nullopt, {}};
  return {true, node.value, {}};
}

// Per-thread storage reused by every verification (no allocation once warm).
struct Scratch {
  std::vector<ByteSpan> nodes;       // the proof's nodes as views
  std::vector<std::size_t> checked;  // proof indices of the nodes taken by hash, in path order
  std::vector<Digest32> expected;    // the hash named for each of them
  std::vector<std::size_t> order;    // positions in `checked`, longest node first
  std::vector<ByteSpan> batch;       // the nodes in that order
  std::vector<Digest32> digests;     // their hashes
};

Scratch& scratch() {
  thread_local Scratch instance;
  return instance;
}

// Walks `key`'s path through `s.nodes` from the node named by `root`, recording in s.checked and
// s.expected which nodes must hash to what. Returns the value found (none: absent).
Result<std::optional<ByteSpan>> walk(const Digest32& root, ByteSpan key, Scratch& s) {
  const std::span<const ByteSpan> proof = s.nodes;
  s.checked.clear();
  s.expected.clear();
  NodeRef expected = NodeRef::of_hash(root);
  ByteSpan encoding;
  DecodedNode node;
  std::size_t used = 0;
  std::size_t pos = 0;
  for (;;) {
    if (expected.is_hash()) {
      if (used == proof.size()) return rejected("node " + std::to_string(used) + " is missing");
      encoding = proof[used];
      s.checked.push_back(used++);
      s.expected.push_back(expected.bytes);
    }
    if (const char* fault = detail::decode_node_into(encoding, node))
      return rejected(std::string("trie node: ") + fault);
    const Step step = step_through(node, key, pos);
    if (step.done) {
      if (used != proof.size())
        return rejected(std::to_string(proof.size() - used) + " extra nodes");
      return step.value;
    }
    expected = ref_of_child_item(step.next_item);
    encoding = step.next_item;  // an inline child is its own encoding
    // Some provers (ethereumjs) also list inline nodes; a copy in its place is not extra.
    const bool listed_again =
        !expected.is_hash() && used < proof.size() &&
        std::equal(proof[used].begin(), proof[used].end(), encoding.begin(), encoding.end());
    if (listed_again) ++used;
  }
}

// Hashes the nodes the walk took by hash, longest first (so the 4-block branches share the
// lanes), and compares each with the hash its parent names.
Status check_hashes(Scratch& s) {
  const std::size_t count = s.checked.size();
  s.order.resize(count);
  for (std::size_t k = 0; k < count; ++k) {  // insertion sort: proofs are mostly longest first
    std::size_t j = k;
    for (; j > 0 && s.nodes[s.checked[s.order[j - 1]]].size() < s.nodes[s.checked[k]].size(); --j)
      s.order[j] = s.order[j - 1];
    s.order[j] = k;
  }
  s.batch.resize(count);
  for (std::size_t j = 0; j < count; ++j) s.batch[j] = s.nodes[s.checked[s.order[j]]];
  s.digests.resize(count);
  keccak256_each(s.batch, s.digests.data());
  std::size_t first_bad = count;
  for (std::size_t j = 0; j < count; ++j) {
    if (s.digests[j] != s.expected[s.order[j]]) first_bad = std::min(first_bad, s.order[j]);
  }
  if (first_bad == count) return Ok{};
  return rejected("node " + std::to_string(s.checked[first_bad]) +
                  " does not match the hash its parent names");
}

// verify_proof on the views in s.nodes; the value views the proof.
Result<std::optional<ByteSpan>> verify_nodes(const Digest32& root, ByteSpan key, Scratch& s) {
  if (s.nodes.empty()) {
    if (root == kEmptyTrieRoot) return std::optional<ByteSpan>{};
    return rejected("no nodes for a non-empty trie");
  }
  auto value = walk(root, key, s);
  if (!value) return value;
  if (auto status = check_hashes(s); !status) return status.error();
  return value;
}

}  // namespace

Result<std::optional<ByteSpan>> verify_proof(const Digest32& root, ByteSpan key,
                                             const ProofNodes& proof) {
  Scratch& s = scratch();
  s.nodes.resize(proof.size());
  for (std::size_t i = 0; i < proof.size(); ++i) s.nodes[i] = proof[i];
  return verify_nodes(root, key, s);
}

Result<std::optional<Bytes>> verify_proof(const Digest32& root, ByteSpan key,
                                          std::span<const Bytes> proof) {
  Scratch& s = scratch();
  s.nodes.assign(proof.begin(), proof.end());
  auto value = verify_nodes(root, key, s);
  if (!value) return value.error();
  if (!value->has_value()) return std::optional<Bytes>{};
  return std::optional<Bytes>(Bytes((*value)->begin(), (*value)->end()));
}

}  // namespace merkleforge::mpt
