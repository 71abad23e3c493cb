// Range proofs (snap sync): the proof is both edge proofs; verification rebuilds the edges from the
// proof, clears everything between them, inserts the claimed entries and compares the root.
#include <algorithm>
#include <string>

#include "merkleforge/mpt/proof.hpp"

namespace merkleforge::mpt {
namespace {

Error rejected(const std::string& why) {
  return make_error(Errc::malformed_input, "range proof rejected: " + why);
}

Status check_entries(ByteSpan first_key, std::span<const Bytes> keys,
                     std::span<const Bytes> values) {
  if (keys.size() != values.size()) return rejected("different numbers of keys and values");
  for (std::size_t i = 0; i < keys.size(); ++i) {
    if (keys[i].size() != first_key.size()) return rejected("keys differ in length");
    if (values[i].empty()) return rejected("empty value (a deletion) in the range");
    const ByteSpan previous = i == 0 ? first_key : ByteSpan(keys[i - 1]);
    const bool ordered = i == 0 ? !std::lexicographical_compare(keys[i].begin(), keys[i].end(),
                                                                previous.begin(), previous.end())
                                : std::lexicographical_compare(previous.begin(), previous.end(),
                                                               keys[i].begin(), keys[i].end());
    if (!ordered)
      return rejected(i == 0 ? "first key before the range start" : "keys not strictly increasing");
  }
  return Ok{};
}

Status insert_all(MerklePatriciaTrie& trie, std::span<const Bytes> keys,
                  std::span<const Bytes> values) {
  for (std::size_t i = 0; i < keys.size(); ++i) {
    if (!trie.put(keys[i], values[i]))
      return rejected("an entry falls outside what the proof opened");
  }
  return Ok{};
}

}  // namespace

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

Result<bool> verify_range_proof(const Digest32& root, ByteSpan first_key,
                                std::span<const Bytes> keys, std::span<const Bytes> values,
                                std::span<const Bytes> proof) {
  if (auto status = check_entries(first_key, keys, values); !status) return status.error();
  if (proof.empty()) {  // the entries claim to be the whole trie
    MerklePatriciaTrie whole;
    if (auto status = insert_all(whole, keys, values); !status) return status.error();
    if (whole.root_hash() != root) return rejected("the entries are not the whole trie");
    return false;
  }
  const Bytes no_keys_end(first_key.size(), 0xff);
  const ByteSpan last_key = keys.empty() ? ByteSpan(no_keys_end) : ByteSpan(keys.back());
  auto trie = MerklePatriciaTrie::from_proof(root, proof);
  if (!trie) return rejected(trie.error().message);
  if (auto status = trie->unset_range(first_key, last_key); !status)
    return rejected(status.error().message);
  if (auto status = insert_all(*trie, keys, values); !status) return status.error();
  if (trie->root_hash() != root)
    return rejected("the entries and proof do not give the root (gap, extra or altered entry)");
  return !keys.empty() && trie->has_content_after(last_key);
}

}  // namespace merkleforge::mpt
