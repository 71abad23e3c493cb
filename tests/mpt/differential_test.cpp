// Differential test against @ethereumjs/mpt (tests/peers/ethereumjs_mpt.mjs, one Node run):
// random put/erase sequences give equal roots (also applied through one put_batch), their proofs
// verify with us, ours with them, and their range-proof verifier accepts our range proofs with the
// same "more" answer.
#include <gtest/gtest.h>

#include <iostream>
#include <map>
#include <random>

#include "merkleforge/core/hex.hpp"
#include "merkleforge/mpt/proof.hpp"
#include "support/node_peer.hpp"
#include "support/vectors.hpp"

namespace merkleforge {
namespace {

using nlohmann::json;

Bytes random_key(std::mt19937_64& random, int style) {
  if (style == 0) {  // 32-byte hashed-style keys
    Bytes key(32);
    for (auto& byte : key) byte = static_cast<std::uint8_t>(random());
    return key;
  }
  // Short keys over a tiny alphabet: shared prefixes, keys that are prefixes of others.
  Bytes key(1 + random() % 4);
  for (auto& byte : key) byte = static_cast<std::uint8_t>(0x10 * (random() % 3) + random() % 2);
  return key;
}

struct Sequence {
  json ops = json::array();
  std::vector<Bytes> probe_keys;
  Digest32 root{};
  Digest32 batch_root{};  // the same operations through one put_batch (an erase: empty value)
  std::map<Bytes, Bytes> contents;
  std::vector<std::vector<Bytes>> our_proofs;
  bool fixed_length_keys = false;
};

Sequence make_sequence(std::mt19937_64& random, std::size_t op_count) {
  Sequence sequence;
  mpt::MerklePatriciaTrie trie;
  const int style = static_cast<int>(random() % 2);
  sequence.fixed_length_keys = style == 0;
  std::vector<Bytes> used;
  std::vector<std::pair<Bytes, Bytes>> operations;
  for (std::size_t i = 0; i < op_count; ++i) {
    const bool reuse = !used.empty() && random() % 3 == 0;
    const Bytes key = reuse ? used[random() % used.size()] : random_key(random, style);
    if (!reuse) used.push_back(key);
    if (reuse && random() % 2 == 0) {
      sequence.ops.push_back({"del", to_hex(key)});
      EXPECT_TRUE(trie.erase(key).ok());
      sequence.contents.erase(key);
      operations.emplace_back(key, Bytes{});
    } else {
      Bytes value(1 + random() % (random() % 2 == 0 ? 8 : 70));
      for (auto& byte : value) byte = static_cast<std::uint8_t>(random());
      sequence.ops.push_back({"put", to_hex(key), to_hex(value)});
      EXPECT_TRUE(trie.put(key, value).ok());
      sequence.contents[key] = value;
      operations.emplace_back(key, value);
    }
  }
  for (int i = 0; i < 6; ++i) {
    sequence.probe_keys.push_back(i % 2 == 0 && !used.empty() ? used[random() % used.size()]
                                                              : random_key(random, style));
  }
  sequence.root = trie.root_hash();
  std::vector<mpt::MerklePatriciaTrie::KeyValue> batch;
  for (const auto& [key, value] : operations) batch.push_back({key, value});
  mpt::MerklePatriciaTrie batch_trie;
  EXPECT_TRUE(batch_trie.put_batch(batch).ok());
  sequence.batch_root = batch_trie.root_hash();
  for (const auto& key : sequence.probe_keys) sequence.our_proofs.push_back(*trie.prove(key));
  return sequence;
}

json hex_array(const std::vector<Bytes>& items) {
  json list = json::array();
  for (const auto& item : items) list.push_back(to_hex(item));
  return list;
}

struct RangeCase {
  json request;
  bool our_more = false;
};

RangeCase make_range(std::mt19937_64& random) {
  mpt::MerklePatriciaTrie trie;
  std::map<Bytes, Bytes> pairs;
  while (pairs.size() < 150) {
    Bytes value(1 + random() % 50, static_cast<std::uint8_t>(random()));
    pairs.emplace(random_key(random, 0), value);
  }
  for (const auto& [key, value] : pairs) EXPECT_TRUE(trie.put(key, value).ok());
  std::vector<Bytes> keys, values;
  for (const auto& [key, value] : pairs) keys.push_back(key), values.push_back(value);
  const std::size_t begin = random() % keys.size();
  const std::size_t end = begin + 1 + random() % (keys.size() - begin);
  keys = {keys.begin() + static_cast<std::ptrdiff_t>(begin),
          keys.begin() + static_cast<std::ptrdiff_t>(end)};
  values = {values.begin() + static_cast<std::ptrdiff_t>(begin),
            values.begin() + static_cast<std::ptrdiff_t>(end)};
  const auto proof = *mpt::prove_range(trie, keys.front(), keys.back());
  const Digest32 root = trie.root_hash();
  RangeCase range;
  range.our_more = *mpt::verify_range_proof(root, keys.front(), keys, values, proof);
  range.request = {{"root", to_hex(root)},        {"first", to_hex(keys.front())},
                   {"last", to_hex(keys.back())}, {"keys", hex_array(keys)},
                   {"values", hex_array(values)}, {"proof", hex_array(proof)}};
  return range;
}

TEST(Differential, EthereumJsAgreesOnRootsAndProofs) {
  std::mt19937_64 random(20261130);
  std::vector<Sequence> sequences;
  json request = {{"sequences", json::array()}, {"ranges", json::array()}};
  std::size_t total_ops = 0;
  for (int i = 0; i < 40; ++i) {
    sequences.push_back(make_sequence(random, 50 + random() % 250));
    const Sequence& sequence = sequences.back();
    total_ops += sequence.ops.size();
    json verify = json::array();
    for (std::size_t k = 0; k < sequence.probe_keys.size(); ++k) {
      verify.push_back({{"root", to_hex(sequence.root)},
                        {"key", to_hex(sequence.probe_keys[k])},
                        {"proof", hex_array(sequence.our_proofs[k])}});
    }
    request["sequences"].push_back(
        {{"ops", sequence.ops}, {"prove", hex_array(sequence.probe_keys)}, {"verify", verify}});
  }
  std::vector<RangeCase> ranges;
  for (int i = 0; i < 10; ++i) {
    ranges.push_back(make_range(random));
    request["ranges"].push_back(ranges.back().request);
  }
  ASSERT_GE(total_ops, 4000u);

  const json reply = test::run_node_peer("ethereumjs_mpt.mjs", request);
  ASSERT_EQ(reply["sequences"].size(), sequences.size());
  std::size_t peer_delete_divergences = 0;
  for (std::size_t i = 0; i < sequences.size(); ++i) {
    const Sequence& ours = sequences[i];
    const json& theirs = reply["sequences"][i];
    EXPECT_EQ(theirs["fresh_root"].get<std::string>(), to_hex(ours.root)) << "sequence " << i;
    EXPECT_EQ(theirs["fresh_root"].get<std::string>(), to_hex(ours.batch_root))
        << "sequence " << i << " (put_batch)";
    if (ours.fixed_length_keys) {
      EXPECT_EQ(theirs["root"].get<std::string>(), to_hex(ours.root)) << "sequence " << i;
    } else if (theirs["root"].get<std::string>() != to_hex(ours.root)) {
      ++peer_delete_divergences;  // ethereumjs' delete path disagrees with its own fresh build
    }
    for (std::size_t k = 0; k < ours.probe_keys.size(); ++k) {
      const auto found = ours.contents.find(ours.probe_keys[k]);
      const json expected =
          found == ours.contents.end() ? json(nullptr) : json(to_hex(found->second));
      EXPECT_EQ(theirs["verified"][k], expected)
          << "ethereumjs on our proof, sequence " << i << " key " << k;
      std::vector<Bytes> their_proof;
      for (const auto& node : theirs["proofs"][k])
        their_proof.push_back(test::hex_bytes(node.get<std::string>()));
      auto value = mpt::verify_proof(ours.root, ours.probe_keys[k], their_proof);
      ASSERT_TRUE(value.ok()) << "our verifier on their proof, sequence " << i << ": "
                              << value.error().message;
      EXPECT_EQ(value->has_value(), found != ours.contents.end());
      if (value->has_value() && found != ours.contents.end()) {
        EXPECT_EQ(**value, found->second);
      }
    }
  }
  // Known peer bug (minimal case: keys 2100, 21000100, 21001011; delete 21000100): reported, not
  // asserted, since the fresh-build comparison above already pins our root.
  if (peer_delete_divergences != 0) {
    std::cout << "[ note ] ethereumjs delete path diverged from its own fresh build in "
              << peer_delete_divergences << " variable-length-key sequences\n";
  }
  for (std::size_t i = 0; i < ranges.size(); ++i) {
    const json& theirs = reply["ranges"][i];
    ASSERT_TRUE(theirs.is_boolean()) << "range " << i << ": " << theirs.dump();
    EXPECT_EQ(theirs.get<bool>(), ranges[i].our_more) << "range " << i;
  }
}

}  // namespace
}  // namespace merkleforge
