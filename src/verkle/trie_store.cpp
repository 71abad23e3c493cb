// VerkleTrie::commit / open. Records (docs/storage.md, namespace 'v'):
//   "vs" ‖ len(name) ‖ name ‖ stem (31 B) → the stem's values: (suffix, 32-byte value) pairs in
//                                            increasing suffix order, 33 bytes each
//   "vr" ‖ len(name) ‖ name               → the root commitment, compressed (32 B)
// Only values are stored; commitments are recomputed on open and must give the stored root.
#include <string>

#include "merkleforge/core/hex.hpp"
#include "merkleforge/store/node_store.hpp"
#include "trie_nodes.hpp"

namespace merkleforge::verkle {

namespace {

using detail::InternalNode;
using detail::LeafNode;
using detail::Node;

constexpr std::size_t kEntrySize = 33;

Result<Bytes> key_prefix(char kind, std::string_view name) {
  if (name.size() > 255) {
    return make_error(Errc::invalid_argument, "Verkle tree name longer than 255 bytes");
  }
  Bytes key = {'v', static_cast<std::uint8_t>(kind), static_cast<std::uint8_t>(name.size())};
  key.insert(key.end(), name.begin(), name.end());
  return key;
}

Bytes stem_key(const Bytes& prefix, const Stem& stem) {
  Bytes key = prefix;
  key.insert(key.end(), stem.begin(), stem.end());
  return key;
}

Bytes encode_values(const LeafNode& leaf) {
  Bytes out;
  out.reserve(leaf.values.size() * kEntrySize);
  for (const auto& [suffix, value] : leaf.values) {
    out.push_back(suffix);
    out.insert(out.end(), value.begin(), value.end());
  }
  return out;
}

/// Adds a put of every unsaved leaf below `node` to `batch` and marks it saved in `saved`.
void collect_unsaved(InternalNode& node, const Bytes& prefix, WriteBatch& batch,
                     std::vector<LeafNode*>& saved) {
  for (const auto& child : node.children) {
    if (!child) continue;
    if (!child->is_leaf) {
      collect_unsaved(static_cast<InternalNode&>(*child), prefix, batch, saved);
      continue;
    }
    auto& leaf = static_cast<LeafNode&>(*child);
    if (!leaf.unsaved) continue;
    batch.put(stem_key(prefix, leaf.stem), encode_values(leaf));
    saved.push_back(&leaf);
  }
}

void mark_all_saved(InternalNode& node) {
  for (const auto& child : node.children) {
    if (!child) continue;
    if (child->is_leaf) {
      static_cast<LeafNode&>(*child).unsaved = false;
    } else {
      mark_all_saved(static_cast<InternalNode&>(*child));
    }
  }
}

Error corrupt(const std::string& what) {
  return make_error(Errc::corrupt_data, "Verkle tree record: " + what);
}

}  // namespace

Status VerkleTrie::commit(NodeStore& store, std::string_view name) {
  apply_deferred();
  const Result<Bytes> stems_prefix = key_prefix('s', name);
  if (!stems_prefix) return stems_prefix.error();
  WriteBatch batch;
  std::vector<LeafNode*> saved;
  collect_unsaved(*root_, *stems_prefix, batch, saved);
  for (const Stem& stem : erased_stems_) {
    if (find_leaf(stem) == nullptr) batch.erase(stem_key(*stems_prefix, stem));
  }
  const auto root_bytes = root();
  batch.put(*key_prefix('r', name), ByteSpan(root_bytes));
  if (Status written = store.write_batch(batch); !written) return written;
  for (LeafNode* leaf : saved) leaf->unsaved = false;
  erased_stems_.clear();
  return Ok{};
}

Result<VerkleTrie> VerkleTrie::open(const NodeStore& store, std::string_view name) {
  const Result<Bytes> stems_prefix = key_prefix('s', name);
  if (!stems_prefix) return stems_prefix.error();
  const Result<std::optional<Bytes>> stored_root = store.get(*key_prefix('r', name));
  if (!stored_root) return stored_root.error();
  if (!*stored_root) {
    return make_error(Errc::not_found, "no Verkle tree named '" + std::string(name) + "'");
  }
  if ((*stored_root)->size() != 32)
    return corrupt("root of " + std::to_string((*stored_root)->size()) + " bytes");
  VerkleTrie trie;
  std::optional<Error> bad_record;
  const Status scanned = store.scan_prefix(*stems_prefix, [&](ByteSpan key, ByteSpan value) {
    if (key.size() != stems_prefix->size() + 31 || value.empty() ||
        value.size() % kEntrySize != 0) {
      bad_record = corrupt("stem record of " + std::to_string(value.size()) + " bytes");
      return false;
    }
    TreeKey tree_key;
    std::copy(key.end() - 31, key.end(), tree_key.begin());
    for (std::size_t at = 0; at < value.size(); at += kEntrySize) {
      if (at > 0 && value[at] <= value[at - kEntrySize]) {
        bad_record = corrupt("suffixes out of order");
        return false;
      }
      tree_key[31] = value[at];
      Digest32 entry;
      std::copy_n(value.begin() + static_cast<std::ptrdiff_t>(at + 1), 32, entry.begin());
      trie.insert(tree_key, entry);
    }
    return true;
  });
  if (!scanned) return scanned.error();
  if (bad_record) return *bad_record;
  const auto root_bytes = trie.root();
  if (!std::equal(root_bytes.begin(), root_bytes.end(), (*stored_root)->begin())) {
    return corrupt("the stems give root " + to_hex(root_bytes) + ", the stored root is " +
                   to_hex(**stored_root));
  }
  mark_all_saved(*trie.root_);
  return trie;
}

}  // namespace merkleforge::verkle
