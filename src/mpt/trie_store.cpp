// MerklePatriciaTrie: loading from a NodeStore or a proof, and committing to a NodeStore.
#include <functional>
#include <map>
#include <string>

#include "merkleforge/core/hex.hpp"
#include "merkleforge/hash/keccak.hpp"
#include "merkleforge/mpt/trie.hpp"
#include "trie_tags.hpp"

namespace merkleforge::mpt {

using detail::index_of;
using detail::Pool;
using detail::pool_of;

// Rebuilds nodes from their RLP, following hash references through `lookup`. A hash that
// `lookup` does not know becomes a hash-only stub (proofs) or an error (stores).
class MerklePatriciaTrie::Loader {
 public:
  using Lookup = std::function<Result<std::optional<Bytes>>(const Digest32&)>;

  Loader(MerklePatriciaTrie& trie, Lookup lookup, bool missing_is_stub, Errc bad_data)
      : trie_(trie),
        lookup_(std::move(lookup)),
        missing_is_stub_(missing_is_stub),
        bad_data_(bad_data) {}

  Result<NodeId> load_hash(const Digest32& hash, std::size_t depth) {
    auto found = lookup_(hash);
    if (!found) return found.error();
    if (!found->has_value()) {
      if (missing_is_stub_) return trie_.new_stub(NodeRef::of_hash(hash));
      return fail("node " + to_hex(hash) + " is missing");
    }
    const Bytes encoding = std::move(**found);  // alive while its children load
    if (Keccak256::digest(encoding) != hash)
      return fail("node " + to_hex(hash) + " does not match its hash");
    return load_encoding(encoding, NodeRef::of_hash(hash), depth);
  }

 private:
  static constexpr std::size_t kMaxDepth = 512;

  Error fail(const std::string& what) const { return make_error(bad_data_, "trie: " + what); }

  Result<NodeId> load_child(ByteSpan item, std::size_t depth) {
    const NodeRef ref = ref_of_child_item(item);
    if (ref.empty()) return kEmpty;
    if (ref.is_hash()) return load_hash(ref.bytes, depth);
    return load_encoding(item, ref, depth);
  }

  Slice append(Arena& arena, ByteSpan data) {
    const Slice slice{static_cast<std::uint32_t>(arena.size()),
                      static_cast<std::uint32_t>(data.size())};
    arena.insert(arena.end(), data.begin(), data.end());
    return slice;
  }

  Result<NodeId> load_encoding(ByteSpan encoding, const NodeRef& ref, std::size_t depth) {
    if (depth > kMaxDepth) return fail("nodes nested deeper than " + std::to_string(kMaxDepth));
    auto node = decode_node(encoding);
    if (!node) return fail(node.error().message);
    NodeId id = kEmpty;
    if (node->kind == NodeKind::branch) {
      id = trie_.new_branch();
      for (std::size_t slot = 0; slot < 16; ++slot) {
        auto child = load_child(node->children[slot], depth + 1);
        if (!child) return child.error();
        trie_.branches_[index_of(id)].children[slot] = *child;
      }
      const Slice value = append(trie_.values_, node->value);
      trie_.branches_[index_of(id)].value_begin = value.begin;
      trie_.branches_[index_of(id)].value_size = value.size;
    } else {
      const Slice path{static_cast<std::uint32_t>(trie_.nibbles_.size()),
                       static_cast<std::uint32_t>(node->path.size())};
      for (std::size_t i = 0; i < path.size; ++i) trie_.nibbles_.push_back(node->path[i]);
      NodeId child = kEmpty;
      Slice value;
      if (node->kind == NodeKind::extension) {
        auto loaded = load_child(node->child, depth + 1);
        if (!loaded) return loaded.error();
        child = *loaded;
      } else {
        value = append(trie_.values_, node->value);
      }
      id = trie_.new_short(path, value, child);
    }
    trie_.mutable_ref(id) = ref;
    trie_.mark_stored(id);
    return id;
  }

  MerklePatriciaTrie& trie_;
  Lookup lookup_;
  bool missing_is_stub_;
  Errc bad_data_;
};

Result<MerklePatriciaTrie> MerklePatriciaTrie::open_root(const NodeStore& store,
                                                         const Digest32& root) {
  MerklePatriciaTrie trie;
  if (root == kEmptyTrieRoot) return trie;
  Loader loader(
      trie, [&](const Digest32& hash) { return store.get(node_store_key(hash)); }, false,
      Errc::corrupt_data);
  auto root_id = loader.load_hash(root, 0);
  if (!root_id) return root_id.error();
  trie.root_ = *root_id;
  return trie;
}

Result<MerklePatriciaTrie> MerklePatriciaTrie::open(const NodeStore& store, std::string_view name) {
  auto record = store.get(root_record_key(name));
  if (!record) return record.error();
  if (!record->has_value())
    return make_error(Errc::not_found, "no trie root named '" + std::string(name) + "'");
  if ((*record)->size() != 32)
    return make_error(Errc::corrupt_data, "trie root record is not 32 bytes");
  Digest32 root;
  std::copy((*record)->begin(), (*record)->end(), root.begin());
  return open_root(store, root);
}

Result<MerklePatriciaTrie> MerklePatriciaTrie::from_proof(const Digest32& root,
                                                          std::span<const Bytes> nodes) {
  MerklePatriciaTrie trie;
  if (root == kEmptyTrieRoot) return trie;
  std::map<Digest32, ByteSpan> by_hash;
  for (const Bytes& node : nodes) by_hash.emplace(Keccak256::digest(node), node);
  if (by_hash.find(root) == by_hash.end())
    return make_error(Errc::malformed_input, "proof lacks the root node");
  Loader loader(
      trie,
      [&](const Digest32& hash) -> Result<std::optional<Bytes>> {
        const auto found = by_hash.find(hash);
        if (found == by_hash.end()) return std::optional<Bytes>{};
        return std::optional<Bytes>{Bytes(found->second.begin(), found->second.end())};
      },
      true, Errc::malformed_input);
  auto root_id = loader.load_hash(root, 0);
  if (!root_id) return root_id.error();
  trie.root_ = *root_id;
  return trie;
}

// Puts every node changed since the last commit (children before parents; order is irrelevant
// inside one atomic batch). Stored nodes have stored subtries, so the walk stops at them.
void MerklePatriciaTrie::collect_unstored(NodeId id, Bytes& scratch, WriteBatch& batch) {
  const Pool pool = pool_of(id);
  if (pool == Pool::none || pool == Pool::stub) return;
  if (pool == Pool::short_node) {
    if (shorts_[index_of(id)].stored) return;
    collect_unstored(shorts_[index_of(id)].child, scratch, batch);
  } else {
    if (branches_[index_of(id)].stored) return;
    for (const NodeId child : branches_[index_of(id)].children)
      collect_unstored(child, scratch, batch);
  }
  const NodeRef& ref = *ref_of(id);
  if (!ref.is_hash()) return;  // embedded in its parent
  scratch.clear();
  encode(id, scratch);
  batch.put(node_store_key(ref.bytes), scratch);
}

void MerklePatriciaTrie::mark_stored(NodeId id) {
  const Pool pool = pool_of(id);
  if (pool == Pool::short_node) {
    ShortNode& node = shorts_[index_of(id)];
    if (node.stored) return;
    node.stored = true;
    mark_stored(node.child);
  } else if (pool == Pool::branch) {
    BranchNode& node = branches_[index_of(id)];
    if (node.stored) return;
    node.stored = true;
    for (const NodeId child : node.children) mark_stored(child);
  }
}

Status MerklePatriciaTrie::commit(NodeStore& store, std::string_view name) {
  const Digest32 root = root_hash();
  WriteBatch batch;
  Bytes scratch;
  collect_unstored(root_, scratch, batch);
  if (root_ != kEmpty && !ref_of(root_)->is_hash()) {  // a small root is still stored by hash
    scratch.clear();
    encode(root_, scratch);
    batch.put(node_store_key(root), scratch);
  }
  batch.put(root_record_key(name), root);
  if (auto status = store.write_batch(batch); !status) return status;
  mark_stored(root_);
  return Ok{};
}

}  // namespace merkleforge::mpt
