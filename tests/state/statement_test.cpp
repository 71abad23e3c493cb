// The statement's bytes (state/statement.hpp): a statement written by hand from the documented
// layout decodes to what it says, encodings round-trip, and every malformed form is refused;
// verify_state_proof dispatches to the kind's verifier under the statement's profile.
#include "merkleforge/state/statement.hpp"

#include <gtest/gtest.h>

#include "merkleforge/binary/tree.hpp"
#include "merkleforge/core/hex.hpp"
#include "merkleforge/state/prover.hpp"

namespace merkleforge::state {
namespace {

Bytes hex(std::string_view text) {
  return *from_hex(text);
}

TEST(StateStatement, AHandWrittenLogStatementDecodes) {
  const Bytes bytes =
      hex("4d465354"  // "MFST"
          "02"        // version
          "01"        // rfc6962
          "01"        // slim
          "0500000000000000" +
          std::string(64, 'a') +  // size 5, root aa…
          "01000000"              // one leaf
          "0300000000000000" +
          std::string(64, 'b'));  // index 3, hash bb…
  auto s = decode_statement(bytes);
  ASSERT_TRUE(s) << s.error().message;
  EXPECT_EQ(s->kind, TreeKind::rfc6962);
  EXPECT_EQ(s->commitment, pcs::Profile::slim);
  EXPECT_EQ(s->log.size, 5u);
  EXPECT_EQ(s->log.root[31], 0xaa);
  EXPECT_EQ(s->log.indices, std::vector<std::uint64_t>{3});
  EXPECT_EQ(s->log.leaf_hashes.at(0)[0], 0xbb);
  EXPECT_EQ(encode_statement(*s), bytes);
}

TEST(StateStatement, AHandWrittenBintrieStatementDecodes) {
  const Bytes bytes =
      hex("4d465354"
          "02"
          "02"
          "00"
          "01" +  // BLAKE3
          std::string(64, 'c') +
          "02000000" + std::string(64, '1') + "00" + std::string(64, '2') + "01" +
          std::string(64, '0'));
  auto s = decode_statement(bytes);
  ASSERT_TRUE(s) << s.error().message;
  EXPECT_EQ(s->kind, TreeKind::bintrie);
  EXPECT_EQ(s->commitment, pcs::Profile::fast);
  EXPECT_EQ(s->bintrie.hash, BintrieHash::blake3);
  ASSERT_EQ(s->bintrie.keys.size(), 2u);
  EXPECT_EQ(s->bintrie.values[0], std::nullopt);
  EXPECT_EQ(s->bintrie.values[1], Digest32{});  // present, zero
  EXPECT_EQ(encode_statement(*s), bytes);
}

TEST(StateStatement, AHandWrittenWriteStatementDecodes) {
  const Bytes bytes =
      hex("4d465354"
          "02"
          "03"  // bintrie_writes
          "00"
          "00" +  // SHA-256
          std::string(64, 'c') +
          std::string(64, 'd') + "02000000" +                          // roots, two keys
          std::string(64, '1') + "00" + "01" + std::string(64, '5') +  // absent, written 55…
          std::string(64, '2') + "01" + std::string(64, '3') + "00");  // 33…, only read
  auto s = decode_statement(bytes);
  ASSERT_TRUE(s) << s.error().message;
  EXPECT_EQ(s->kind, TreeKind::bintrie_writes);
  EXPECT_EQ(s->bintrie.root[0], 0xcc);
  EXPECT_EQ(s->writes.post_root[31], 0xdd);
  ASSERT_EQ(s->bintrie.keys.size(), 2u);
  EXPECT_EQ(s->bintrie.values[0], std::nullopt);
  EXPECT_EQ(s->bintrie.values[1]->at(4), 0x33);
  ASSERT_EQ(s->writes.values.size(), 2u);
  EXPECT_EQ(s->writes.values[0]->at(0), 0x55);
  EXPECT_EQ(s->writes.values[1], std::nullopt);
  EXPECT_EQ(encode_statement(*s), bytes);
  Bytes bad = bytes;
  bad[8 + 64 + 4 + 32 + 1] = 2;
  auto refused = decode_statement(bad);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, Errc::malformed_input);  // a written byte of 2
  bad = bytes;
  bad.pop_back();
  EXPECT_FALSE(decode_statement(bad));  // the last written byte missing
}

TEST(StateStatement, MalformedBytesAreRefused) {
  StateStatement s;
  s.kind = TreeKind::bintrie;
  s.bintrie.keys = {bintrie::TreeKey{}, bintrie::TreeKey{1}};
  s.bintrie.values = {Digest32{7}, std::nullopt};
  const Bytes good = encode_statement(s);
  ASSERT_TRUE(decode_statement(good));
  const auto refused = [](Bytes bytes, std::string_view why) {
    auto decoded = decode_statement(bytes);
    ASSERT_FALSE(decoded) << why;
    EXPECT_EQ(decoded.error().code, Errc::malformed_input) << why;
  };
  for (std::size_t n = 0; n < good.size(); ++n) {
    refused(Bytes(good.begin(), good.begin() + static_cast<std::ptrdiff_t>(n)), "truncated");
  }
  Bytes bad = good;
  bad.push_back(0);
  refused(bad, "a byte after it");
  bad = good;
  bad[4] = 1;
  refused(bad, "another version");
  bad = good;
  bad[5] = 4;
  refused(bad, "an unknown kind");
  bad[5] = 0;
  refused(bad, "kind 0");
  bad = good;
  bad[6] = 2;
  refused(bad, "an unknown profile");
  bad = good;
  bad[8 + 32 + 4 + 32] = 2;
  refused(bad, "a presence byte of 2");
  bad = good;
  bad[7] = 2;
  refused(bad, "an unknown hash");
  bad = good;
  bad[8 + 32] = 0xff, bad[8 + 32 + 1] = 0xff, bad[8 + 32 + 2] = 0xff;  // a count past the bytes
  refused(bad, "a count past the end");
  EXPECT_EQ(verify_state_proof(Bytes{1, 2, 3}, Bytes{}).error().code, Errc::malformed_input);
}

TEST(StateStatement, VerifyStateProofUsesTheStatementsProfile) {
  std::vector<Digest32> leaves(6);
  for (std::size_t i = 0; i < leaves.size(); ++i) leaves[i][0] = static_cast<std::uint8_t>(i + 1);
  const auto tree = BinaryMerkleTree<Sha256>::from_leaf_hashes(leaves);
  StateStatement s;
  s.commitment = pcs::Profile::slim;
  s.log = {6, tree.root(), {1, 4}, {leaves[1], leaves[4]}};
  const auto multiproof = tree.multiproof(s.log.indices);
  auto proof = prove_log_inclusions(s.log, multiproof->siblings, nullptr, pcs::Profile::slim);
  ASSERT_TRUE(proof) << proof.error().message;
  EXPECT_TRUE(verify_state_proof(encode_statement(s), *proof).ok());
  s.commitment = pcs::Profile::fast;
  EXPECT_FALSE(verify_state_proof(encode_statement(s), *proof).ok());
}

}  // namespace
}  // namespace merkleforge::state
