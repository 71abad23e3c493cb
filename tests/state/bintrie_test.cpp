// Succinct read proofs of the binary state tree (state/bintrie.hpp): proofs from the tree's own
// multiproofs, every kind of presence and absence, the statement's values checked against the
// multiproof's own verifier (bintrie::verify) and the tree; other statements; a cheating prover
// that runs the real pipeline on a false value; malformed shapes and statements.
#include <gtest/gtest.h>

#include <algorithm>

#include "bintrie_fixture.hpp"
#include "bintrie_wiring.hpp"
#include "container.hpp"
#include "merkleforge/bintrie/proof.hpp"
#include "merkleforge/hash/blake3.hpp"
#include "merkleforge/state/prover.hpp"
#include "pipeline.hpp"

namespace merkleforge::state {
namespace {

using bintrie::TreeKey;
using test::Fixture, test::random_key, test::random_trie, test::mixed_keys, test::expect_rejected;

/// The statement of `keys` with the tree's own values, and the tree's multiproof of them.
struct Read {
  BintrieStatement statement;
  Bytes multiproof;
};

Read read(Fixture<>& f, std::vector<TreeKey> keys) {
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  Read r;
  r.statement.root = f.trie.root();
  r.statement.keys = keys;
  for (const TreeKey& key : keys) r.statement.values.push_back(f.trie.get(key));
  r.multiproof = bintrie::prove(f.trie, keys);
  return r;
}

class BintrieRead : public ::testing::Test {
 protected:
  void SetUp() override {
    f_ = random_trie(7864);
    std::mt19937_64 rng(1);
    read_ = read(f_, mixed_keys(f_, rng));
    auto proof = prove_bintrie_reads(read_.statement, read_.multiproof);
    ASSERT_TRUE(proof) << proof.error().message;
    proof_ = *proof;
  }
  Fixture<> f_;
  Read read_;
  Bytes proof_;
};

TEST_F(BintrieRead, VerifiesWhatTheMultiproofShows) {
  auto values = bintrie::verify(read_.statement.root, read_.statement.keys, read_.multiproof);
  ASSERT_TRUE(values) << values.error().message;
  EXPECT_EQ(*values, read_.statement.values);
  const auto absent = std::count(values->begin(), values->end(), std::nullopt);
  EXPECT_GE(absent, 3);
  EXPECT_TRUE(verify_bintrie_reads(read_.statement, proof_).ok());
  EXPECT_FALSE(verify_bintrie_reads(read_.statement, proof_, pcs::Profile::slim).ok());
}

TEST_F(BintrieRead, OtherStatementsAreRejected) {
  const auto index_of = [&](const TreeKey& key) {
    return static_cast<std::size_t>(
        std::lower_bound(read_.statement.keys.begin(), read_.statement.keys.end(), key) -
        read_.statement.keys.begin());
  };
  BintrieStatement other = read_.statement;
  other.root[0] ^= 1;
  expect_rejected(verify_bintrie_reads(other, proof_), "another root");
  const std::size_t zero = index_of(f_.zero_valued);
  other = read_.statement;
  ASSERT_EQ(other.values[zero], Digest32{});
  other.values[zero] = std::nullopt;  // present zero is not absent
  expect_rejected(verify_bintrie_reads(other, proof_), "present zero claimed absent");
  std::size_t missing = 0;
  while (read_.statement.values[missing]) ++missing;
  other = read_.statement;
  other.values[missing] = Digest32{};  // absent is not present zero
  expect_rejected(verify_bintrie_reads(other, proof_), "absent claimed present zero");
  other = read_.statement;
  std::size_t present = 0;
  while (!read_.statement.values[present] || present == zero) ++present;
  (*other.values[present])[9] ^= 0x10;
  expect_rejected(verify_bintrie_reads(other, proof_), "another value");
}

TEST_F(BintrieRead, AlteredProofsAreRejected) {
  for (std::size_t at : {std::size_t{12}, std::size_t{200}, proof_.size() / 2, proof_.size() - 3}) {
    Bytes proof = proof_;
    proof[at] ^= 0x02;
    EXPECT_FALSE(verify_bintrie_reads(read_.statement, proof).ok()) << "byte " << at;
  }
  const auto malformed = [&](Bytes proof, std::string_view why) {
    const Status s = verify_bintrie_reads(read_.statement, proof);
    ASSERT_FALSE(s.ok()) << why;
    EXPECT_EQ(s.error().code, Errc::malformed_input) << why << ": " << s.error().message;
  };
  Bytes proof = proof_;
  proof[5] = static_cast<std::uint8_t>(TreeKind::rfc6962);
  malformed(proof, "a log's kind");
  proof = proof_;
  proof[6] += 1;  // the shape takes one byte of the engine's proof
  malformed(proof, "a longer shape");
  proof = proof_;
  proof[9] = 0xff;
  malformed(proof, "a shape past the proof");
  proof = proof_;
  proof[10] = 0x07;  // the root's tag
  malformed(proof, "an unknown tag");
}

// The prover claims another value for a present key: it hashes the false leaf up to a false root,
// honestly, and the real pipeline proves those instances under the claim's wiring (the shape's,
// fixing the statement's root).
TEST_F(BintrieRead, ACheatingProverWithAFalseValueIsRejected) {
  BintrieStatement claimed = read_.statement;
  std::size_t key = 0;
  while (!claimed.values[key]) ++key;
  (*claimed.values[key])[0] ^= 0x01;
  EXPECT_EQ(prove_bintrie_reads(claimed, read_.multiproof).error().code, Errc::invalid_argument);
  // The multiproof with the false value in place of the true one.
  Bytes altered = read_.multiproof;
  const Digest32& truth = *read_.statement.values[key];
  const auto at = std::search(altered.begin(), altered.end(), truth.begin(), truth.end());
  ASSERT_NE(at, altered.end());
  *at ^= 0x01;
  const auto instances = detail::bintrie_wiring_of_multiproof(claimed, nullptr, altered);
  ASSERT_TRUE(instances) << instances.error().message;
  ASSERT_NE(instances->root, claimed.root);
  const auto wiring = detail::bintrie_wiring_of_shape(claimed, nullptr, instances->shape);
  ASSERT_TRUE(wiring) << wiring.error().message;
  const boolean::Circuit& circuit = boolean::sha256_pair_circuit();
  auto proof = boolean::detail::prove_wired_bits(
      circuit, wiring->wiring,
      boolean::detail::instance_bits(circuit, instances->inputs, instances->wiring.count));
  ASSERT_TRUE(proof) << proof.error().message;
  expect_rejected(verify_bintrie_reads(claimed, detail::encode_container(
                                                    TreeKind::bintrie,
                                                    detail::join_shape(instances->shape, *proof))),
                  "a false value");
}

// The compact shape (docs/state-proofs.md, "Formats"): every way out of its canonical form is
// refused as malformed, and a stem no key has is sent whole.
TEST_F(BintrieRead, ShapesOutOfFormAreMalformed) {
  const auto honest =
      detail::bintrie_wiring_of_multiproof(read_.statement, nullptr, read_.multiproof);
  ASSERT_TRUE(honest) << honest.error().message;
  const Bytes& shape = honest->shape;
  ASSERT_TRUE(detail::bintrie_wiring_of_shape(read_.statement, nullptr, shape));
  std::uint32_t tag_bytes = 0;
  for (int i = 0; i < 4; ++i) tag_bytes |= std::uint32_t{shape[i]} << (8 * i);
  const std::size_t stems = 4 + tag_bytes;
  ASSERT_LT(stems, shape.size());
  const auto refused = [&](const Bytes& bad, std::string_view why) {
    const auto derived = detail::bintrie_wiring_of_shape(read_.statement, nullptr, bad);
    ASSERT_FALSE(derived) << why;
    EXPECT_EQ(derived.error().code, Errc::malformed_input)
        << why << ": " << derived.error().message;
    EXPECT_NE(derived.error().message.find(why), std::string::npos) << derived.error().message;
  };
  Bytes bad = shape;
  bad.push_back(0);
  refused(bad, "stem bytes after the shape");
  bad = shape;
  bad.insert(bad.begin() + static_cast<std::ptrdiff_t>(stems), 0);
  bad[0] = static_cast<std::uint8_t>(bad[0] + 1);  // one tag byte more
  refused(bad, "tag bytes after the shape");
  bad = shape;
  bad[4] |= 3;  // the root's two bits
  refused(bad, "tag 3 on an internal level");
  bad = shape;
  bad[stems] = 200;
  refused(bad, "not the first key of its stem");
  bad = shape;
  bad[0] = static_cast<std::uint8_t>(bad[0] - 1);  // the last tag byte counted as a stem
  EXPECT_FALSE(detail::bintrie_wiring_of_shape(read_.statement, nullptr, bad));
  bad = Bytes(shape.begin(), shape.begin() + 5);
  bad[0] = 1, bad[1] = bad[2] = bad[3] = 0;
  refused(bad, "truncated");
  refused(Bytes(shape.begin(), shape.begin() + 3), "truncated shape");
  bad = shape;
  bad[3] = 0x7f;  // more tag bytes than the shape has
  refused(bad, "the shape's tags run past it");
  refused(Bytes(shape.begin(), shape.begin() + static_cast<std::ptrdiff_t>(stems)),
          "truncated stem reference");
  // The last tag byte's unused bits: each in turn set (one of them is unused unless the tags
  // fill their last byte, which this shape's do not).
  bool stray = false;
  for (unsigned bit = 1; bit < 8; ++bit) {
    bad = shape;
    bad[stems - 1] = static_cast<std::uint8_t>(bad[stems - 1] | (0x80 >> (bit - 1)));
    if (bad == shape) continue;
    const auto derived = detail::bintrie_wiring_of_shape(read_.statement, nullptr, bad);
    stray |= !derived && derived.error().message.find("stray tag bits") != std::string::npos;
  }
  EXPECT_TRUE(stray);
  // The first stem sent whole although a key reaching it has it: one of the keys' stems is it.
  bool refused_as_known = false;
  for (const TreeKey& key : read_.statement.keys) {
    bad = shape;
    bad[stems] = 0xff;
    bad.insert(bad.begin() + static_cast<std::ptrdiff_t>(stems) + 1, key.begin(), key.begin() + 31);
    const auto derived = detail::bintrie_wiring_of_shape(read_.statement, nullptr, bad);
    ASSERT_FALSE(derived);
    refused_as_known |=
        derived.error().message.find("an explicit stem that a key has") != std::string::npos;
  }
  EXPECT_TRUE(refused_as_known);
}

TEST(BintrieReads, AStemNoKeyHasIsSentWhole) {
  Fixture<> f = random_trie(11);
  TreeKey beside = f.present[5];
  beside[30] ^= 1;  // same path, another stem: absent where stem 5 sits
  ASSERT_FALSE(f.trie.get(beside));
  Read r = read(f, {beside});
  const auto derived = detail::bintrie_wiring_of_multiproof(r.statement, nullptr, r.multiproof);
  ASSERT_TRUE(derived) << derived.error().message;
  std::uint32_t tag_bytes = 0;
  for (int i = 0; i < 4; ++i) tag_bytes |= std::uint32_t{derived->shape[i]} << (8 * i);
  ASSERT_EQ(derived->shape.size(), 4 + tag_bytes + 1 + 31);  // one explicit stem
  EXPECT_EQ(derived->shape[4 + tag_bytes], 0xff);
  const Bytes cut(derived->shape.begin(), derived->shape.end() - 1);
  const auto truncated = detail::bintrie_wiring_of_shape(r.statement, nullptr, cut);
  ASSERT_FALSE(truncated);
  EXPECT_NE(truncated.error().message.find("truncated stem"), std::string::npos);
  EXPECT_TRUE(std::equal(f.present[5].begin(), f.present[5].begin() + 31,
                         derived->shape.begin() + 4 + tag_bytes + 1));
  auto proof = prove_bintrie_reads(r.statement, r.multiproof);
  ASSERT_TRUE(proof) << proof.error().message;
  EXPECT_TRUE(verify_bintrie_reads(r.statement, *proof).ok());
  BintrieStatement other = r.statement;
  other.values[0] = Digest32{};  // absent is not present zero
  expect_rejected(verify_bintrie_reads(other, *proof), "absent claimed present");
}

TEST(BintrieReads, TheEmptyTreeAndSmallTrees) {
  std::mt19937_64 rng(3);
  bintrie::BinaryTrie<> empty;
  const TreeKey key = random_key(rng);
  BintrieStatement statement{empty.root(), {key}, {std::nullopt}};
  auto proof = prove_bintrie_reads(statement, bintrie::prove(empty, std::span(&key, 1)));
  ASSERT_TRUE(proof) << proof.error().message;
  EXPECT_TRUE(verify_bintrie_reads(statement, *proof).ok());
  Bytes longer = *proof;
  longer.push_back(0);
  EXPECT_EQ(verify_bintrie_reads(statement, longer).error().code, Errc::malformed_input);
  statement.root[0] = 1;
  expect_rejected(verify_bintrie_reads(statement, *proof), "a root for the empty tree");
  // One stem, one key: the root is its stem node.
  Fixture<> one;
  one.trie.insert(key, Digest32{1});
  Read r = read(one, {key});
  proof = prove_bintrie_reads(r.statement, r.multiproof);
  ASSERT_TRUE(proof) << proof.error().message;
  EXPECT_TRUE(verify_bintrie_reads(r.statement, *proof).ok());
}

// The EIP-7864 text's hash (BLAKE3, blake3-pair instances): the same statements and rules, the
// roots BinaryTrie<Blake3>'s; a proof for one hash shows nothing under the other.
TEST(BintrieReads, TheEipTextsBlake3Tree) {
  Fixture<Blake3> f = random_trie<Blake3>(7866);
  std::mt19937_64 rng(3);
  std::vector<TreeKey> keys = mixed_keys(f, rng);
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  auto proved = prove_bintrie_reads(f.trie, keys);
  ASSERT_TRUE(proved) << proved.error().message;
  const BintrieStatement& s = proved->statement;
  EXPECT_EQ(s.hash, BintrieHash::blake3);
  auto values = bintrie::verify<Blake3>(s.root, s.keys, proved->multiproof);
  ASSERT_TRUE(values) << values.error().message;
  EXPECT_EQ(*values, s.values);
  EXPECT_TRUE(verify_bintrie_reads(s, proved->proof).ok());
  BintrieStatement other = s;
  other.hash = BintrieHash::sha256;
  EXPECT_FALSE(verify_bintrie_reads(other, proved->proof).ok());
  other = s;
  std::size_t present = 0;
  while (!other.values[present]) ++present;
  (*other.values[present])[2] ^= 0x04;
  expect_rejected(verify_bintrie_reads(other, proved->proof), "another value");
  other = s;
  other.hash = static_cast<BintrieHash>(2);
  EXPECT_EQ(verify_bintrie_reads(other, proved->proof).error().code, Errc::invalid_argument);

  // Writes: the post-state's root is the tree's own.
  const std::vector<bintrie::Entry> writes = {{keys[0], Digest32{1}}, {keys.back(), Digest32{2}}};
  auto written = prove_bintrie_writes(f.trie, {}, writes);
  ASSERT_TRUE(written) << written.error().message;
  EXPECT_EQ(written->writes.post_root, f.trie.root());
  EXPECT_TRUE(verify_bintrie_writes(written->reads, written->writes, written->proof).ok());
  BintrieWrites other_writes = written->writes;
  other_writes.post_root[9] ^= 1;
  expect_rejected(verify_bintrie_writes(written->reads, other_writes, written->proof),
                  "another post-state root");
}

TEST(BintrieReads, WrongArgumentsAreErrors) {
  Fixture<> f = random_trie(5);
  Read r = read(f, {f.present[0], f.present[1], f.present[2]});
  const auto invalid = [&](const BintrieStatement& statement, std::string_view why) {
    const Status s = verify_bintrie_reads(statement, Bytes(64));
    ASSERT_FALSE(s.ok()) << why;
    EXPECT_EQ(s.error().code, Errc::invalid_argument) << why << ": " << s.error().message;
  };
  BintrieStatement s = r.statement;
  std::swap(s.keys[0], s.keys[1]);
  invalid(s, "unsorted");
  s = r.statement;
  s.keys[1] = s.keys[0];
  invalid(s, "repeated");
  s = r.statement;
  s.values.pop_back();
  invalid(s, "a value fewer");
  s.keys.clear(), s.values.clear();
  invalid(s, "no keys");
  EXPECT_EQ(prove_bintrie_reads(r.statement, Bytes{}).error().code, Errc::invalid_argument);
  Bytes truncated = r.multiproof;
  truncated.pop_back();
  EXPECT_EQ(prove_bintrie_reads(r.statement, truncated).error().code, Errc::invalid_argument);
  BintrieStatement wrong_root = r.statement;
  wrong_root.root[3] ^= 1;
  EXPECT_EQ(prove_bintrie_reads(wrong_root, r.multiproof).error().code, Errc::invalid_argument);
}

}  // namespace
}  // namespace merkleforge::state
