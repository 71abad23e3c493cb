#include "bintrie/bintrie_support.hpp"

#include <openssl/sha.h>

#include <algorithm>
#include <stdexcept>

namespace merkleforge::bintrie::test {

const nlohmann::json& vectors() {
  static const nlohmann::json json =
      merkleforge::test::load_vectors("bintrie/bintrie_vectors.json");
  return json;
}

Digest32 digest_hex(const std::string& hex) {
  const Bytes bytes = merkleforge::test::hex_bytes(hex);
  if (bytes.size() != 32) throw std::runtime_error("not 32 bytes: " + hex);
  Digest32 out;
  std::copy(bytes.begin(), bytes.end(), out.begin());
  return out;
}

Address address_hex(const std::string& hex) {
  const Bytes bytes = merkleforge::test::hex_bytes(hex);
  if (bytes.size() != 20) throw std::runtime_error("not an address: " + hex);
  Address out;
  std::copy(bytes.begin(), bytes.end(), out.begin());
  return out;
}

std::vector<Entry> entries_of(const nlohmann::json& pairs) {
  std::vector<Entry> out;
  for (const auto& pair : pairs) {
    out.push_back({digest_hex(pair.at(0)), digest_hex(pair.at(1))});
  }
  return out;
}

Digest32 openssl_sha256(ByteSpan data) {
  Digest32 out;
  SHA256(data.data(), data.size(), out.data());
  return out;
}

namespace {

using StemValues = std::map<std::uint8_t, Digest32>;

Digest32 hash_pair(const Digest32& left, const Digest32& right) {
  std::uint8_t message[64];
  std::copy(left.begin(), left.end(), message);
  std::copy(right.begin(), right.end(), message + 32);
  return openssl_sha256(message);
}

Digest32 stem_hash(const Stem& stem, const StemValues& values) {
  std::vector<Digest32> level(256, Digest32{});
  for (const auto& [suffix, value] : values) level[suffix] = openssl_sha256(value);
  while (level.size() > 1) {
    std::vector<Digest32> up(level.size() / 2);
    for (std::size_t i = 0; i < up.size(); ++i) {
      const bool both_zero = level[2 * i] == Digest32{} && level[2 * i + 1] == Digest32{};
      up[i] = both_zero ? Digest32{} : hash_pair(level[2 * i], level[2 * i + 1]);
    }
    level = up;
  }
  std::uint8_t message[64] = {};
  std::copy(stem.begin(), stem.end(), message);
  std::copy(level[0].begin(), level[0].end(), message + 32);
  return openssl_sha256(message);
}

bool bit(const Stem& stem, unsigned depth) {
  return (stem[depth / 8] >> (7 - depth % 8)) & 1;
}

Digest32 subtree(const std::vector<std::pair<Stem, StemValues>>& stems, std::size_t begin,
                 std::size_t end, unsigned depth) {
  if (begin == end) return Digest32{};
  if (end - begin == 1) return stem_hash(stems[begin].first, stems[begin].second);
  std::size_t split = begin;
  while (split < end && !bit(stems[split].first, depth)) ++split;
  return hash_pair(subtree(stems, begin, split, depth + 1), subtree(stems, split, end, depth + 1));
}

}  // namespace

Digest32 model_root(const std::vector<Entry>& entries) {
  std::map<Stem, StemValues> by_stem;
  for (const Entry& entry : entries) {
    Stem stem;
    std::copy(entry.key.begin(), entry.key.begin() + 31, stem.begin());
    by_stem[stem][entry.key[31]] = entry.value;
  }
  const std::vector<std::pair<Stem, StemValues>> stems(by_stem.begin(), by_stem.end());
  return subtree(stems, 0, stems.size(), 0);
}

}  // namespace merkleforge::bintrie::test
