// A binary state tree from an entries file (mforge bintrie, mforge zk prove-state).
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli_io.hpp"
#include "merkleforge/bintrie/trie.hpp"

namespace mforge {

/// The entries of FILE = {"entries": [[key_hex, value_hex], ...]}, in the file's order.
inline merkleforge::Result<std::vector<merkleforge::bintrie::Entry>> entries_from_file(
    const std::string& path) {
  using namespace merkleforge;
  Result<std::string> text = read_text_file(path);
  if (!text) return text.error();
  const nlohmann::json document = nlohmann::json::parse(*text, nullptr, false);
  if (!document.is_object() || !document.contains("entries") || !document["entries"].is_array()) {
    return make_error(Errc::malformed_input,
                      path + ": expected {\"entries\": [[key_hex, value_hex], ...]}");
  }
  std::vector<bintrie::Entry> entries;
  for (const nlohmann::json& pair : document["entries"]) {
    if (!pair.is_array() || pair.size() != 2 || !pair[0].is_string() || !pair[1].is_string()) {
      return make_error(Errc::malformed_input, path + ": an entry is not [key_hex, value_hex]");
    }
    auto key = fixed_hex<32>(pair[0].get<std::string>(), "key");
    if (!key) return key.error();
    auto value = fixed_hex<32>(pair[1].get<std::string>(), "value");
    if (!value) return value.error();
    entries.push_back({*key, *value});
  }
  return entries;
}

/// The tree of FILE's entries (a listed pair is present also when its value is zero; of repeated
/// keys the last one wins).
template <class H = merkleforge::Sha256>
merkleforge::Result<merkleforge::bintrie::BinaryTrie<H>> trie_from_file(const std::string& path) {
  auto entries = entries_from_file(path);
  if (!entries) return entries.error();
  merkleforge::bintrie::BinaryTrie<H> trie;
  trie.insert_batch(*entries);
  return trie;
}

}  // namespace mforge
