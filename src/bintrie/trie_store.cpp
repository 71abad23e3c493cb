// BinaryTrie::commit / open. Records (docs/storage.md, namespace 'b'):
//   "bs" ‖ len(name) ‖ name ‖ stem (31 B) → the stem's slots: (suffix, 32-byte value) pairs,
//                                           33 bytes each, suffixes increasing
//   "br" ‖ len(name) ‖ name               → the root hash (32 B)
// Values only (no node records): open rebuilds the tree with one batch insert and rehashes it,
// which must give the stored root. Stems never disappear (delete writes zeros), so a commit
// only puts.
#include <algorithm>

#include "merkleforge/bintrie/trie.hpp"
#include "merkleforge/core/hex.hpp"
#include "merkleforge/hash/blake3.hpp"
#include "merkleforge/store/node_store.hpp"

namespace merkleforge::bintrie {

namespace {

constexpr std::size_t kSlotRecordSize = 33;

Result<Bytes> key_prefix(char kind, std::string_view name) {
  if (name.size() > 255) {
    return make_error(Errc::invalid_argument, "binary tree name longer than 255 bytes");
  }
  Bytes key = {'b', static_cast<std::uint8_t>(kind), static_cast<std::uint8_t>(name.size())};
  key.insert(key.end(), name.begin(), name.end());
  return key;
}

Error corrupt(const std::string& what) {
  return make_error(Errc::corrupt_data, "binary tree record: " + what);
}

}  // namespace

template <class H>
Status BinaryTrie<H>::commit(NodeStore& store, std::string_view name) {
  const Result<Bytes> stems_prefix = key_prefix('s', name);
  if (!stems_prefix) return stems_prefix.error();
  WriteBatch batch;
  for (const std::uint32_t index : unsaved_stems_) {
    const StemNode& node = stems_[index];
    Bytes key = *stems_prefix;
    key.insert(key.end(), node.stem.begin(), node.stem.end());
    Bytes value;
    value.reserve(node.slot_count * kSlotRecordSize);
    for (const Slot& slot : slots(node)) {
      value.push_back(slot.suffix);
      value.insert(value.end(), slot.value.begin(), slot.value.end());
    }
    batch.put(std::move(key), std::move(value));
  }
  const Digest32 root_hash = root();
  batch.put(*key_prefix('r', name), ByteSpan(root_hash));
  if (Status written = store.write_batch(batch); !written) return written;
  for (const std::uint32_t index : unsaved_stems_) stems_[index].unsaved = false;
  unsaved_stems_.clear();
  return Ok{};
}

template <class H>
Result<BinaryTrie<H>> BinaryTrie<H>::open(const NodeStore& store, std::string_view name) {
  const Result<Bytes> stems_prefix = key_prefix('s', name);
  if (!stems_prefix) return stems_prefix.error();
  const Result<std::optional<Bytes>> stored_root = store.get(*key_prefix('r', name));
  if (!stored_root) return stored_root.error();
  if (!*stored_root) {
    return make_error(Errc::not_found, "no binary tree named '" + std::string(name) + "'");
  }
  if ((*stored_root)->size() != 32) {
    return corrupt("root of " + std::to_string((*stored_root)->size()) + " bytes");
  }
  std::vector<Entry> entries;
  std::optional<Error> bad_record;
  const Status scanned = store.scan_prefix(*stems_prefix, [&](ByteSpan key, ByteSpan value) {
    if (key.size() != stems_prefix->size() + sizeof(Stem) || value.empty() ||
        value.size() % kSlotRecordSize != 0) {
      bad_record = corrupt("stem record of " + std::to_string(value.size()) + " bytes");
      return false;
    }
    Entry entry{};
    std::copy(key.end() - static_cast<std::ptrdiff_t>(sizeof(Stem)), key.end(), entry.key.begin());
    for (std::size_t at = 0; at < value.size(); at += kSlotRecordSize) {
      if (at > 0 && value[at] <= value[at - kSlotRecordSize]) {
        bad_record = corrupt("suffixes out of order");
        return false;
      }
      entry.key[31] = value[at];
      std::copy_n(value.begin() + static_cast<std::ptrdiff_t>(at + 1), 32, entry.value.begin());
      entries.push_back(entry);
    }
    return true;
  });
  if (!scanned) return scanned.error();
  if (bad_record) return *bad_record;
  BinaryTrie trie;
  trie.insert_batch(entries);
  const Digest32 root_hash = trie.root();
  if (!std::equal(root_hash.begin(), root_hash.end(), (*stored_root)->begin())) {
    return corrupt("the stems give root " + to_hex(root_hash) + ", the stored root is " +
                   to_hex(**stored_root));
  }
  for (StemNode& node : trie.stems_) node.unsaved = false;
  trie.unsaved_stems_.clear();
  return trie;
}

template Status BinaryTrie<Sha256>::commit(NodeStore&, std::string_view);
template Status BinaryTrie<Blake3>::commit(NodeStore&, std::string_view);
template Result<BinaryTrie<Sha256>> BinaryTrie<Sha256>::open(const NodeStore&, std::string_view);
template Result<BinaryTrie<Blake3>> BinaryTrie<Blake3>::open(const NodeStore&, std::string_view);

}  // namespace merkleforge::bintrie
