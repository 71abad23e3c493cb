// VerkleTrie: roots of the published trie vectors (verkle-trie-ref, rust-verkle, go-verkle), and
// the properties that make the root a function of the entries alone.
#include "merkleforge/verkle/trie.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <vector>

#include "merkleforge/core/hex.hpp"
#include "merkleforge/hash/keccak.hpp"
#include "merkleforge/verkle/crs.hpp"
#include "merkleforge/verkle/pedersen.hpp"
#include "support/node_peer.hpp"
#include "support/vectors.hpp"

namespace merkleforge::verkle {
namespace {

using nlohmann::json;

template <std::size_t N>
std::array<std::uint8_t, N> fixed(const std::string& hex) {
  const Bytes bytes = test::hex_bytes(hex);
  EXPECT_EQ(bytes.size(), N) << hex;
  std::array<std::uint8_t, N> out{};
  std::copy_n(bytes.begin(), std::min(N, bytes.size()), out.begin());
  return out;
}

TEST(VerkleTrie, RootsOfThePublishedVectors) {
  const json vectors = test::load_vectors("verkle/trie_roots.json");
  ASSERT_EQ(vectors["cases"].size(), 5u);  // the file's five published trees
  for (const json& vector : vectors["cases"]) {
    VerkleTrie trie;
    for (const json& entry : vector["entries"]) {
      trie.insert(fixed<32>(entry[0]), fixed<32>(entry[1]));
    }
    EXPECT_EQ(to_hex(trie.root()), vector["root_commitment"].get<std::string>())
        << vector["name"].get<std::string>();
    EXPECT_EQ(to_hex(trie.root_hash_le()), vector["root_hash_le"].get<std::string>())
        << vector["name"].get<std::string>();
  }
}

// go-verkle's cached C1 of a leaf holding one value. C1 is internal to the trie, so the test
// checks it twice: C1 derived here from the spec's value split (lo = value[0:16] + 2^128 marker,
// hi = value[16:32] at CRS[2j], CRS[2j+1]), and the trie's root holding that single key equal to
// the root derived here from the published C1 (leaf C = CRS[0] + stem·CRS[1] + hash(C1)·CRS[2] +
// hash(C2)·CRS[3], C2 empty; root = hash(leaf C)·CRS[stem[0]]).
TEST(VerkleTrie, PublishedLeafCommitment) {
  const json cases = test::load_vectors("verkle/trie_roots.json")["leaf_commitment_cases"];
  ASSERT_EQ(cases.size(), 1u);
  for (const json& leaf : cases) {
    const std::string name = leaf["name"].get<std::string>();
    const Stem stem = fixed<31>(leaf["stem"].get<std::string>());
    const auto published_c1 = Element::from_bytes(test::hex_bytes(leaf["c1_commitment"]));
    ASSERT_TRUE(published_c1.ok()) << name;

    std::vector<Fr> c1_values(256);
    VerkleTrie trie;
    for (const auto& [suffix_text, value_hex] : leaf["values"].items()) {
      const std::size_t suffix = std::stoul(suffix_text);
      ASSERT_LT(suffix, 128u) << name << ": a C1 suffix";
      const Digest32 value = fixed<32>(value_hex.get<std::string>());
      std::array<std::uint8_t, 17> low{};  // value[0:16] with the 2^128 marker above it
      std::copy_n(value.begin(), 16, low.begin());
      low[16] = 1;
      c1_values[2 * suffix] = Fr::from_bytes_le_reduced(low);
      c1_values[2 * suffix + 1] = Fr::from_bytes_le_reduced(ByteSpan(value).subspan(16));
      TreeKey key{};
      std::copy(stem.begin(), stem.end(), key.begin());
      key[31] = static_cast<std::uint8_t>(suffix);
      trie.insert(key, value);
    }
    EXPECT_EQ(to_hex(commit(c1_values).to_bytes()), leaf["c1_commitment"].get<std::string>())
        << name;

    const std::span<const Element> crs = crs_points();
    const Element leaf_commitment = crs[0] + crs[1] * Fr::from_bytes_le_reduced(stem) +
                                    crs[2] * published_c1->map_to_scalar_field();
    const Element root = crs[stem[0]] * leaf_commitment.map_to_scalar_field();
    EXPECT_EQ(to_hex(trie.root()), to_hex(root.to_bytes())) << name;
  }
}

TEST(VerkleTrie, GetInsertOverwriteAndErase) {
  VerkleTrie trie;
  const TreeKey key = fixed<32>(std::string(64, '1'));
  TreeKey sibling = key;
  sibling[31] = 0x12;  // same stem, other suffix
  EXPECT_FALSE(trie.get(key).has_value());
  trie.insert(key, Digest32{});  // a written zero is present
  ASSERT_TRUE(trie.get(key).has_value());
  EXPECT_EQ(*trie.get(key), Digest32{});
  Digest32 value{};
  value[0] = 7;
  trie.insert(key, value);
  trie.insert(sibling, value);
  EXPECT_EQ(trie.size(), 2u);
  EXPECT_EQ(*trie.get(key), value);
  EXPECT_TRUE(trie.erase(key));
  EXPECT_FALSE(trie.erase(key));
  EXPECT_FALSE(trie.get(key).has_value());
  EXPECT_EQ(*trie.get(sibling), value);
  EXPECT_TRUE(trie.erase(sibling));
  EXPECT_EQ(trie.size(), 0u);
  EXPECT_EQ(trie.root(), (std::array<std::uint8_t, 32>{}));  // empty again: the zero root
}

// Random entries over few stems with long shared prefixes, so that splits, deep chains and
// collapses all occur.
std::map<TreeKey, Digest32> random_entries(std::mt19937_64& rng, std::size_t count) {
  std::map<TreeKey, Digest32> entries;
  while (entries.size() < count) {
    TreeKey key{};
    const std::size_t shared = rng() % 31;  // bytes of a common prefix (all 0xaa)
    for (std::size_t i = 0; i < 32; ++i) {
      key[i] = i < shared ? 0xaa : static_cast<std::uint8_t>(rng() % 3);
    }
    Digest32 value;
    for (auto& byte : value) byte = static_cast<std::uint8_t>(rng());
    entries[key] = value;
  }
  return entries;
}

std::array<std::uint8_t, 32> root_of(const std::vector<std::pair<TreeKey, Digest32>>& entries) {
  VerkleTrie trie;
  for (const auto& [key, value] : entries) trie.insert(key, value);
  return trie.root();
}

TEST(VerkleTrie, RootDependsOnlyOnTheEntries) {
  std::mt19937_64 rng(11);
  for (int round = 0; round < 6; ++round) {
    const auto entries = random_entries(rng, 40);
    std::vector<std::pair<TreeKey, Digest32>> ordered(entries.begin(), entries.end());
    const auto expected = root_of(ordered);
    std::shuffle(ordered.begin(), ordered.end(), rng);
    EXPECT_EQ(root_of(ordered), expected) << "round " << round;

    // Commitments brought up to date after every write (delta updates) reach the same root,
    // through overwrites and erasures of entries that are then written again.
    VerkleTrie incremental;
    for (const auto& [key, value] : ordered) {
      Digest32 other = value;
      other[5] ^= 0xff;
      incremental.insert(key, other);
      incremental.root();
      incremental.insert(key, value);
      if (rng() % 4 == 0) {
        incremental.root();
        ASSERT_TRUE(incremental.erase(key));
        incremental.root();
        incremental.insert(key, value);
      }
    }
    EXPECT_EQ(incremental.root(), expected) << "round " << round;
  }
}

TEST(VerkleTrie, LargeCommitsAfterACommitEqualARebuild) {
  // Hundreds of stems changed between two commits: the root (and its children) take the branch
  // that adds all their deltas as one commitment, after a first commit set their slots.
  std::mt19937_64 rng(21);
  const auto random_digest = [&] {
    Digest32 out;
    for (auto& byte : out) byte = static_cast<std::uint8_t>(rng());
    return out;
  };
  std::map<TreeKey, Digest32> entries;
  VerkleTrie trie;
  while (entries.size() < 600) {
    const TreeKey key = random_digest();
    entries[key] = random_digest();
    trie.insert(key, entries[key]);
  }
  trie.root();
  std::size_t n = 0;
  for (auto it = entries.begin(); it != entries.end(); ++n) {
    if (n % 12 == 0) {  // erased
      ASSERT_TRUE(trie.erase(it->first));
      it = entries.erase(it);
      continue;
    }
    if (n % 2 == 0) {  // rewritten
      it->second = random_digest();
      trie.insert(it->first, it->second);
    }
    ++it;
  }
  for (int added = 0; added < 200; ++added) {
    TreeKey key = random_digest();
    if (added % 4 == 0) key = std::next(entries.begin(), added)->first;  // a new suffix of a stem
    key[31] = static_cast<std::uint8_t>(key[31] ^ 0x80);
    entries[key] = random_digest();
    trie.insert(key, entries[key]);
  }
  EXPECT_EQ(trie.size(), entries.size());
  EXPECT_EQ(trie.root(), root_of({entries.begin(), entries.end()}));
}

TEST(VerkleTrie, EmptyCodeHashTermEqualsItsScalarMultiples) {
  // A leaf's first commit adds a cached point for keccak256("") at suffix 1; the same value
  // written after a commit goes through the scalar deltas.
  const Digest32 empty_code_hash = Keccak256::digest(ByteSpan{});
  TreeKey code_hash_key = fixed<32>(std::string(64, '3'));
  code_hash_key[31] = kCodeHashLeafKey;
  TreeKey basic_data_key = code_hash_key;
  basic_data_key[31] = kBasicDataLeafKey;
  const Digest32 basic_data = fixed<32>(std::string(64, '7'));

  VerkleTrie cached;
  cached.insert(basic_data_key, basic_data);
  cached.insert(code_hash_key, empty_code_hash);
  VerkleTrie by_delta;
  by_delta.insert(basic_data_key, basic_data);
  by_delta.root();
  by_delta.insert(code_hash_key, empty_code_hash);
  EXPECT_EQ(to_hex(cached.root()), to_hex(by_delta.root()));

  // A leaf committed with the cached point takes later deltas like any other.
  const Digest32 other_code_hash = fixed<32>(std::string(64, '9'));
  cached.insert(code_hash_key, other_code_hash);
  VerkleTrie rebuilt;
  rebuilt.insert(basic_data_key, basic_data);
  rebuilt.insert(code_hash_key, other_code_hash);
  EXPECT_EQ(to_hex(cached.root()), to_hex(rebuilt.root()));
}

/// The root of a tree holding one stem, derived from the definition with commit() alone (the 8-bit
/// tables, checked against the published commitments in pedersen_test): C1/C2 over the value
/// halves with the 2^128 marker, C = commit(1, stem, hash(C1), hash(C2)), root =
/// hash(C)·CRS[stem[0]].
std::array<std::uint8_t, 32> one_stem_root(const Stem& stem,
                                           const std::map<std::uint8_t, Digest32>& values) {
  std::array<Fr, 256> c1{}, c2{};
  for (const auto& [suffix, value] : values) {
    std::array<std::uint8_t, 17> low{};
    std::copy_n(value.begin(), 16, low.begin());
    low[16] = 1;
    auto& half = suffix < 128 ? c1 : c2;
    half[2 * (suffix % 128)] = Fr::from_bytes_le_reduced(low);
    half[2 * (suffix % 128) + 1] = Fr::from_bytes_le_reduced(ByteSpan(value.data() + 16, 16));
  }
  const std::array<Fr, 4> leaf = {Fr::one(), Fr::from_bytes_le_reduced(stem),
                                  commit(c1).map_to_scalar_field(),
                                  commit(c2).map_to_scalar_field()};
  std::array<Fr, 256> root{};
  root[stem[0]] = commit(leaf).map_to_scalar_field();
  return commit(root).to_bytes();
}

TEST(VerkleTrie, LeafCommitmentsEqualTheirDefinition) {
  // Leaves take 16-bit-window tables at CRS[1..4] (full-width scalars at CRS[1] and CRS[2], below
  // 2^129 at CRS[3] and CRS[4]) and the 8-bit tables elsewhere. Values and stems at the edges of
  // the signed recoding (all ones: a carry past the top window; 0x80.., 0x7f..), written fresh and
  // then changed (deltas are full-width scalars: negative ones wrap modulo r).
  std::vector<Digest32> patterns;
  for (const std::uint8_t fill : std::array<std::uint8_t, 5>{0x00, 0xff, 0x80, 0x7f, 0x01}) {
    Digest32 value;
    value.fill(fill);
    patterns.push_back(value);
    value[15] ^= 0x80;
    patterns.push_back(value);
  }
  const std::vector<std::uint8_t> suffixes = {0, 1, 2, 3, 64, 127, 128, 129, 255};
  for (std::size_t round = 0; round < patterns.size(); ++round) {
    Stem stem;
    stem.fill(patterns[round][0]);
    stem[0] = static_cast<std::uint8_t>(round);
    std::map<std::uint8_t, Digest32> values;
    VerkleTrie trie;
    for (std::size_t i = 0; i < suffixes.size(); ++i) {
      values[suffixes[i]] = patterns[(round + i) % patterns.size()];
    }
    const auto write_all = [&] {
      for (const auto& [suffix, value] : values) {
        TreeKey key;
        std::copy(stem.begin(), stem.end(), key.begin());
        key[31] = suffix;
        trie.insert(key, value);
      }
    };
    write_all();
    EXPECT_EQ(to_hex(trie.root()), to_hex(one_stem_root(stem, values))) << "fresh, round " << round;
    for (std::size_t i = 0; i < suffixes.size(); ++i) {
      values[suffixes[i]] = patterns[(round + 3 * i + 1) % patterns.size()];
    }
    write_all();
    EXPECT_EQ(to_hex(trie.root()), to_hex(one_stem_root(stem, values)))
        << "deltas, round " << round;
  }
}

TEST(VerkleTrie, ErasingReturnsToTheTreeWithoutTheErasedEntries) {
  std::mt19937_64 rng(12);
  for (int round = 0; round < 6; ++round) {
    const auto entries = random_entries(rng, 40);
    std::vector<std::pair<TreeKey, Digest32>> kept, erased;
    for (const auto& entry : entries) (rng() % 2 ? kept : erased).push_back(entry);
    VerkleTrie trie;
    for (const auto& [key, value] : entries) trie.insert(key, value);
    trie.root();
    for (const auto& [key, value] : erased) ASSERT_TRUE(trie.erase(key));
    EXPECT_EQ(trie.size(), kept.size());
    EXPECT_EQ(trie.root(), root_of(kept)) << "round " << round;
    for (const auto& [key, value] : kept) EXPECT_EQ(trie.get(key), value);
  }
}

TEST(VerkleTrie, ErasingOneHalfOfALeafKeepsTheOther) {
  // All values below suffix 128 of a stem removed: C1 returns to the identity, C2 stays.
  TreeKey low{}, high{};
  low[31] = 5;
  high[31] = 200;
  Digest32 value{};
  value[31] = 1;
  VerkleTrie both;
  both.insert(low, value);
  both.insert(high, value);
  both.root();
  ASSERT_TRUE(both.erase(low));
  EXPECT_EQ(both.root(), root_of({{high, value}}));
}

// Stems grouped under 8 first bytes, each with its own second byte: internal nodes at depths 1
// and 2 with many children, and no insert that needs two new internal nodes at once — there
// @ethereumjs/verkle 10.0.0 leaves out the single-child node and its root depends on the insert
// order, or it throws (the longest-path vector in trie_roots.json; ours matches rust-verkle and
// the Python reference there). docs/verkle.md has the minimal reproduction.
std::vector<std::pair<TreeKey, Digest32>> chainless_entries(std::mt19937_64& rng,
                                                            std::size_t count) {
  std::vector<std::pair<TreeKey, Digest32>> entries(count);
  for (std::size_t i = 0; i < count; ++i) {
    auto& [key, value] = entries[i];
    for (auto& byte : key) byte = static_cast<std::uint8_t>(rng());
    key[0] = static_cast<std::uint8_t>(i % 8);
    key[1] = static_cast<std::uint8_t>(i / 8);
    for (auto& byte : value) byte = static_cast<std::uint8_t>(rng());
  }
  std::shuffle(entries.begin(), entries.end(), rng);
  return entries;
}

TEST(VerkleTrie, RootsEqualEthereumjsVerkle) {
  // Random insert sequences with overwrites through @ethereumjs/verkle 10.0.0.
  std::mt19937_64 rng(13);
  json request = {{"cases", json::array()}};
  std::vector<std::array<std::uint8_t, 32>> ours;
  for (int round = 0; round < 6; ++round) {
    auto sequence = chainless_entries(rng, 5 + 40 * static_cast<std::size_t>(round));
    if (round % 2 == 1) {  // the code hash of empty code at suffix 1, as in account stems
      for (std::size_t i = 0; i < sequence.size(); i += 3) {
        sequence[i].first[31] = kCodeHashLeafKey;
        sequence[i].second = Keccak256::digest(ByteSpan{});
      }
    }
    for (std::size_t i = 0; i < sequence.size(); i += 7) {  // some keys written twice
      Digest32 first = sequence[i].second;
      first[0] ^= 0x5a;
      sequence.insert(sequence.begin() + static_cast<long>(i), {sequence[i].first, first});
      ++i;
    }
    json list = json::array();
    VerkleTrie trie;
    for (const auto& [key, value] : sequence) {
      list.push_back({to_hex(key), to_hex(value)});
      trie.insert(key, value);
    }
    request["cases"].push_back({{"entries", list}});
    ours.push_back(trie.root());
  }
  const json reply = test::run_node_peer("ethereumjs_verkle.mjs", request);
  ASSERT_TRUE(reply.contains("roots") && reply["roots"].is_array()) << reply.dump();
  ASSERT_EQ(reply["roots"].size(), ours.size());
  for (std::size_t i = 0; i < ours.size(); ++i) {
    EXPECT_EQ(to_hex(ours[i]), reply["roots"][i].get<std::string>()) << "case " << i;
  }
}

}  // namespace
}  // namespace merkleforge::verkle
