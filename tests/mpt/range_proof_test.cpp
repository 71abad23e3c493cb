// Snap-style range proofs, after geth's trie/proof_test.go cases: every correct range verifies
// (with the right "more" flag); gaps, extra or altered entries, wrong edges and bad ordering fail.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "merkleforge/mpt/proof.hpp"

namespace merkleforge {
namespace {

class RangeProof : public ::testing::Test {
 protected:
  void SetUp() override {
    std::mt19937_64 random(2024);
    while (keys_.size() < 400) {
      Bytes key(32);
      for (auto& byte : key) byte = static_cast<std::uint8_t>(random());
      keys_.push_back(key);
    }
    std::sort(keys_.begin(), keys_.end());
    for (std::size_t i = 0; i < keys_.size(); ++i) {
      values_.push_back(Bytes(20 + i % 30, static_cast<std::uint8_t>(i)));
      ASSERT_TRUE(trie_.put(keys_[i], values_[i]).ok());
    }
    root_ = trie_.root_hash();
  }

  std::vector<Bytes> slice(const std::vector<Bytes>& all, std::size_t begin,
                           std::size_t end) const {
    return {all.begin() + static_cast<std::ptrdiff_t>(begin),
            all.begin() + static_cast<std::ptrdiff_t>(end)};
  }

  Result<bool> verify(ByteSpan first, const std::vector<Bytes>& keys,
                      const std::vector<Bytes>& values, const std::vector<Bytes>& proof) {
    return mpt::verify_range_proof(root_, first, keys, values, proof);
  }

  std::vector<Bytes> proof_for(ByteSpan first, ByteSpan last) {
    return *mpt::prove_range(trie_, first, last);
  }

  static Bytes decrement(Bytes key) {
    for (std::size_t i = key.size(); i-- > 0;) {
      if (key[i]-- != 0) break;
    }
    return key;
  }

  mpt::MerklePatriciaTrie trie_;
  std::vector<Bytes> keys_, values_;
  Digest32 root_{};
};

TEST_F(RangeProof, EveryRangeVerifies) {
  std::mt19937_64 random(5);
  for (int round = 0; round < 200; ++round) {
    std::size_t begin = random() % keys_.size();
    std::size_t end = begin + 1 + random() % (keys_.size() - begin);
    auto keys = slice(keys_, begin, end), values = slice(values_, begin, end);
    auto more = verify(keys.front(), keys, values, proof_for(keys.front(), keys.back()));
    ASSERT_TRUE(more.ok()) << begin << ".." << end << ": " << more.error().message;
    EXPECT_EQ(*more, end < keys_.size());
  }
}

TEST_F(RangeProof, AbsentFirstKey) {  // TestRangeProofWithNonExistentProof
  for (std::size_t begin : {1u, 50u, 200u}) {
    const Bytes first = decrement(keys_[begin]);
    auto keys = slice(keys_, begin, begin + 60), values = slice(values_, begin, begin + 60);
    auto more = verify(first, keys, values, proof_for(first, keys.back()));
    ASSERT_TRUE(more.ok()) << more.error().message;
    EXPECT_TRUE(*more);
  }
}

TEST_F(RangeProof, OneElement) {
  for (std::size_t index : {0u, 137u, 399u}) {
    auto keys = slice(keys_, index, index + 1), values = slice(values_, index, index + 1);
    auto more = verify(keys[0], keys, values, proof_for(keys[0], keys[0]));
    ASSERT_TRUE(more.ok()) << more.error().message;
    EXPECT_EQ(*more, index + 1 < keys_.size());
  }
}

TEST_F(RangeProof, AllElementsWithoutProof) {
  auto more = verify(keys_[0], keys_, values_, {});
  ASSERT_TRUE(more.ok());
  EXPECT_FALSE(*more);
  auto missing_one = keys_;
  missing_one.erase(missing_one.begin() + 10);
  auto missing_value = values_;
  missing_value.erase(missing_value.begin() + 10);
  EXPECT_FALSE(verify(keys_[0], missing_one, missing_value, {}).ok());
}

TEST_F(RangeProof, EmptyRange) {  // TestEmptyRangeProof
  const Bytes after_all(32, 0xff);
  auto more = verify(after_all, {}, {}, proof_for(after_all, after_all));
  ASSERT_TRUE(more.ok()) << more.error().message;
  EXPECT_FALSE(*more);
  // Claiming nothing after a key that has successors is a lie.
  const Bytes first = decrement(keys_[200]);
  EXPECT_FALSE(verify(first, {}, {}, proof_for(first, first)).ok());
}

TEST_F(RangeProof, GapsExtrasAndAlterationsFail) {  // TestBadRangeProof, TestGappedRangeProof
  const std::size_t begin = 100, end = 180;
  const auto keys = slice(keys_, begin, end), values = slice(values_, begin, end);
  const auto proof = proof_for(keys.front(), keys.back());
  ASSERT_TRUE(verify(keys.front(), keys, values, proof).ok());
  std::mt19937_64 random(11);
  for (int round = 0; round < 100; ++round) {
    auto bad_keys = keys, bad_values = values;
    const std::size_t at = 1 + random() % (keys.size() - 2);
    switch (round % 4) {
      case 0:  // gap
        bad_keys.erase(bad_keys.begin() + static_cast<std::ptrdiff_t>(at));
        bad_values.erase(bad_values.begin() + static_cast<std::ptrdiff_t>(at));
        break;
      case 1:  // altered value
        bad_values[at][0] ^= 1;
        break;
      case 2: {  // extra entry between two real ones
        Bytes extra = decrement(bad_keys[at]);
        if (extra == bad_keys[at - 1]) continue;
        bad_keys.insert(bad_keys.begin() + static_cast<std::ptrdiff_t>(at), extra);
        bad_values.insert(bad_values.begin() + static_cast<std::ptrdiff_t>(at), Bytes{1, 2, 3});
        break;
      }
      default:  // altered key
        bad_keys[at].back() ^= 1;
        if (!std::is_sorted(bad_keys.begin(), bad_keys.end())) continue;
        break;
    }
    EXPECT_FALSE(verify(keys.front(), bad_keys, bad_values, proof).ok()) << "round " << round;
  }
  // A gap at either edge.
  EXPECT_FALSE(
      verify(keys.front(), slice(keys, 1, keys.size()), slice(values, 1, values.size()), proof)
          .ok());
  auto without_last = slice(keys, 0, keys.size() - 1);
  auto without_last_values = slice(values, 0, values.size() - 1);
  without_last.push_back(keys_[end]);  // skips keys.back()
  without_last_values.push_back(values_[end]);
  EXPECT_FALSE(verify(keys.front(), without_last, without_last_values, proof).ok());
}

TEST_F(RangeProof, WrongEdgesFail) {
  const std::size_t begin = 100, end = 180;
  const auto keys = slice(keys_, begin, end), values = slice(values_, begin, end);
  // Edge proofs of other keys than the range's ends.
  EXPECT_FALSE(verify(keys.front(), keys, values, proof_for(keys_[begin + 20], keys.back())).ok());
  EXPECT_FALSE(verify(keys.front(), keys, values, proof_for(keys.front(), keys_[end - 20])).ok());
  // A range start after the first key.
  EXPECT_FALSE(verify(keys[1], keys, values, proof_for(keys[1], keys.back())).ok());
  // Missing edge proof nodes.
  auto proof = proof_for(keys.front(), keys.back());
  for (std::size_t drop = 0; drop < proof.size(); ++drop) {
    auto partial = proof;
    partial.erase(partial.begin() + static_cast<std::ptrdiff_t>(drop));
    EXPECT_FALSE(verify(keys.front(), keys, values, partial).ok()) << drop;
  }
}

TEST_F(RangeProof, BadInputsFail) {  // TestRangeProofErrors, TestEmptyValueRangeProof
  const auto keys = slice(keys_, 10, 20), values = slice(values_, 10, 20);
  const auto proof = proof_for(keys.front(), keys.back());
  auto unsorted = keys;
  std::swap(unsorted[2], unsorted[3]);
  EXPECT_FALSE(verify(keys.front(), unsorted, values, proof).ok());
  auto empty_value = values;
  empty_value[4].clear();
  EXPECT_FALSE(verify(keys.front(), keys, empty_value, proof).ok());
  auto short_key = keys;
  short_key[5].pop_back();
  EXPECT_FALSE(verify(keys.front(), short_key, values, proof).ok());
  EXPECT_FALSE(verify(keys.front(), keys, slice(values, 0, 9), proof).ok());
}

// Random damage to proofs and entries: always an answer, never a crash; accepted only if intact.
TEST_F(RangeProof, MutatedProofsNeverCrash) {
  std::mt19937_64 random(77);
  const auto keys = slice(keys_, 30, 90), values = slice(values_, 30, 90);
  const auto proof = proof_for(keys.front(), keys.back());
  for (int round = 0; round < 500; ++round) {
    auto damaged = proof;
    Bytes& node = damaged[random() % damaged.size()];
    if (round % 2 == 0) {
      node[random() % node.size()] ^= static_cast<std::uint8_t>(1 + random() % 255);
    } else {
      node.resize(random() % node.size());
    }
    EXPECT_FALSE(verify(keys.front(), keys, values, damaged).ok());
  }
}

}  // namespace
}  // namespace merkleforge
