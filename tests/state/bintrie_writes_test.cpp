// Succinct write proofs of the binary state tree (state/bintrie.hpp, BintrieWrites): every kind
// of insertion go-ethereum makes (a slot set again, a slot opening a zero subtree, a new stem at
// an empty child, a new stem splitting another, two new stems splitting each other), each
// post-state root from the tree's own insertion and hashing; other statements; cheating provers
// that run the real pipeline on a false written value and on a post-state that changes a sibling;
// the empty tree; wrong arguments.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "bintrie_fixture.hpp"
#include "bintrie_wiring.hpp"
#include "container.hpp"
#include "merkleforge/bintrie/proof.hpp"
#include "merkleforge/state/prover.hpp"
#include "pipeline.hpp"

namespace merkleforge::state {
namespace {

using bintrie::Entry;
using bintrie::TreeKey;
using test::expect_rejected, test::random_key, test::random_trie;

Digest32 value_of(std::uint8_t byte) {
  Digest32 value{};
  value[0] = byte, value[31] = 0x5a;
  return value;
}

/// Writes of every kind into the fixture's tree.
std::vector<Entry> every_kind_of_write(const test::Fixture<>& f, std::mt19937_64& rng) {
  std::vector<Entry> writes;
  writes.push_back({f.present[11], value_of(1)});  // a present slot set again
  writes.push_back({f.zero_valued, value_of(2)});  // the present-zero slot
  TreeKey slot = f.present[3];
  slot[31] ^= 0x80;
  writes.push_back({slot, value_of(3)});  // an absent slot of a present stem
  TreeKey beside = f.present[5];
  beside[30] ^= 1;
  writes.push_back({beside, value_of(4)});  // a new stem splitting another deep down
  TreeKey fresh = random_key(rng);
  writes.push_back({fresh, Digest32{}});  // a new stem, value zero (present)
  TreeKey twin = fresh;
  twin[20] ^= 0x04;
  writes.push_back({twin, value_of(6)});  // a new stem splitting the one written before it
  writes.push_back({random_key(rng), value_of(7)});
  return writes;
}

class BintrieWrite : public ::testing::Test {
 protected:
  void SetUp() override {
    f_ = random_trie(7865);
    std::mt19937_64 rng(2);
    writes_ = every_kind_of_write(f_, rng);
    read_only_ = {f_.present[40], f_.present[41], random_key(rng)};
    pre_ = f_.trie;  // the pre-state, kept
    auto proved = prove_bintrie_writes(f_.trie, read_only_, writes_);
    ASSERT_TRUE(proved) << proved.error().message;
    proved_ = std::move(*proved);
  }
  test::Fixture<> f_;
  bintrie::BinaryTrie<> pre_;
  std::vector<Entry> writes_;
  std::vector<TreeKey> read_only_;
  ProvedWrites proved_;
};

TEST_F(BintrieWrite, ThePostStateRootIsTheTreesOwn) {
  // The post-state's root, from a tree built afresh with every entry (not the incremental one).
  std::map<TreeKey, Digest32> entries;
  for (const TreeKey& key : f_.present) entries[key] = *pre_.get(key);
  for (const Entry& write : writes_) entries[write.key] = write.value;
  bintrie::BinaryTrie<> fresh;
  for (const auto& [key, value] : entries) fresh.insert(key, value);
  EXPECT_EQ(proved_.writes.post_root, fresh.root());
  EXPECT_EQ(proved_.reads.root, pre_.root());
  EXPECT_NE(proved_.writes.post_root, proved_.reads.root);
  // The reads are the multiproof's own verifier's.
  auto values = bintrie::verify(pre_.root(), proved_.reads.keys, proved_.multiproof);
  ASSERT_TRUE(values) << values.error().message;
  EXPECT_EQ(*values, proved_.reads.values);
  EXPECT_EQ(proved_.reads.keys.size(), writes_.size() + read_only_.size());
  EXPECT_TRUE(verify_bintrie_writes(proved_.reads, proved_.writes, proved_.proof).ok());
  EXPECT_FALSE(
      verify_bintrie_writes(proved_.reads, proved_.writes, proved_.proof, pcs::Profile::slim).ok());
}

TEST_F(BintrieWrite, OtherStatementsAreRejected) {
  const BintrieStatement& reads = proved_.reads;
  const BintrieWrites& writes = proved_.writes;
  std::size_t written = 0;
  while (!writes.values[written]) ++written;
  std::size_t read_only = 0;
  while (writes.values[read_only]) ++read_only;

  BintrieWrites other = writes;
  other.post_root[3] ^= 1;
  expect_rejected(verify_bintrie_writes(reads, other, proved_.proof), "another post-state root");
  other.post_root = reads.root;
  expect_rejected(verify_bintrie_writes(reads, other, proved_.proof), "the pre-state's root");
  other = writes;
  (*other.values[written])[5] ^= 0x08;
  expect_rejected(verify_bintrie_writes(reads, other, proved_.proof), "another written value");
  other = writes;
  other.values[written] = std::nullopt;
  expect_rejected(verify_bintrie_writes(reads, other, proved_.proof), "a write left out");
  other = writes;
  other.values[read_only] = value_of(9);
  expect_rejected(verify_bintrie_writes(reads, other, proved_.proof), "a write added");
  BintrieStatement pre = reads;
  pre.root[0] ^= 1;
  expect_rejected(verify_bintrie_writes(pre, writes, proved_.proof), "another pre-state root");
  pre = reads;
  std::size_t present = 0;
  while (!pre.values[present]) ++present;
  (*pre.values[present])[1] ^= 1;
  expect_rejected(verify_bintrie_writes(pre, writes, proved_.proof), "another read value");
  // A proof of writes is not a proof of reads, nor the reverse.
  EXPECT_EQ(verify_bintrie_reads(reads, proved_.proof).error().code, Errc::malformed_input);
  auto reads_proof = prove_bintrie_reads(reads, proved_.multiproof);
  ASSERT_TRUE(reads_proof) << reads_proof.error().message;
  EXPECT_EQ(verify_bintrie_writes(reads, writes, *reads_proof).error().code, Errc::malformed_input);
}

TEST_F(BintrieWrite, AlteredProofsAreRejected) {
  for (std::size_t at :
       {std::size_t{12}, std::size_t{300}, proved_.proof.size() / 2, proved_.proof.size() - 3}) {
    Bytes proof = proved_.proof;
    proof[at] ^= 0x10;
    EXPECT_FALSE(verify_bintrie_writes(proved_.reads, proved_.writes, proof).ok()) << at;
  }
}

/// The proof the real pipeline makes of `instances` under the wiring the claim and the shape
/// give (what a prover that does not follow the statement can send).
Bytes cheating_proof(const BintrieStatement& reads, const BintrieWrites& claimed,
                     const detail::BintrieWiring& instances) {
  const auto wiring = detail::bintrie_wiring_of_shape(reads, &claimed, instances.shape);
  EXPECT_TRUE(wiring) << wiring.error().message;
  const boolean::Circuit& circuit = boolean::sha256_pair_circuit();
  auto proof = boolean::detail::prove_wired_bits(
      circuit, wiring->wiring,
      boolean::detail::instance_bits(circuit, instances.inputs, instances.wiring.count));
  EXPECT_TRUE(proof) << proof.error().message;
  return detail::encode_container(TreeKind::bintrie_writes,
                                  detail::join_shape(instances.shape, *proof));
}

// The prover writes another value than the statement's and claims the root it gives.
TEST_F(BintrieWrite, ACheatingProverWithAFalseWrittenValueIsRejected) {
  BintrieWrites truth = proved_.writes;
  std::size_t written = 0;
  while (!truth.values[written]) ++written;
  (*truth.values[written])[0] ^= 0x01;  // what the prover really writes
  auto instances = detail::bintrie_wiring_of_multiproof(proved_.reads, &truth, proved_.multiproof);
  ASSERT_TRUE(instances) << instances.error().message;
  BintrieWrites claimed = proved_.writes;
  claimed.post_root = instances->post_root;
  EXPECT_EQ(prove_bintrie_writes(proved_.reads, claimed, proved_.multiproof).error().code,
            Errc::invalid_argument);
  expect_rejected(verify_bintrie_writes(proved_.reads, claimed,
                                        cheating_proof(proved_.reads, claimed, *instances)),
                  "a false written value");
}

// The post-state's tree hashes another sibling than the pre-state's (the input-to-input link the
// wiring makes for each sibling both trees share is what it breaks), and the root it gives is
// claimed.
TEST_F(BintrieWrite, ACheatingProverThatChangesASiblingIsRejected) {
  auto instances =
      detail::bintrie_wiring_of_multiproof(proved_.reads, &proved_.writes, proved_.multiproof);
  ASSERT_TRUE(instances) << instances.error().message;
  const boolean::Wiring& wiring = instances->wiring;
  const auto shared = std::find_if(wiring.links.begin(), wiring.links.end(), [](const auto& l) {
    return l.from.port != boolean::kOutputPort;
  });
  ASSERT_NE(shared, wiring.links.end());
  Bytes& inputs = instances->inputs;
  inputs[64 * shared->to.instance + 32 * shared->to.port] ^= 0x01;
  // Every instance above it hashes what changed, up to the post-state's root.
  std::vector<std::uint32_t> changed = {shared->to.instance};
  Digest32 output{};
  while (!changed.empty()) {
    const std::uint32_t i = changed.back();
    changed.pop_back();
    output = Sha256::digest(ByteSpan(inputs).subspan(64 * i, 64));
    for (const boolean::Link& link : wiring.links) {
      if (link.from == boolean::Port{i}) {
        std::copy(output.begin(), output.end(),
                  inputs.begin() + 64 * link.to.instance + 32 * link.to.port);
        changed.push_back(link.to.instance);
      }
    }
  }
  BintrieWrites claimed = proved_.writes;
  claimed.post_root = output;
  ASSERT_NE(claimed.post_root, proved_.writes.post_root);
  EXPECT_FALSE(
      boolean::prove_wired(
          boolean::sha256_pair_circuit(),
          detail::bintrie_wiring_of_shape(proved_.reads, &claimed, instances->shape)->wiring,
          inputs)
          .ok());  // the honest prover refuses
  expect_rejected(verify_bintrie_writes(proved_.reads, claimed,
                                        cheating_proof(proved_.reads, claimed, *instances)),
                  "a changed sibling");
}

TEST(BintrieWrites, IntoTheEmptyTreeAndWithoutWrites) {
  bintrie::BinaryTrie<> trie;
  std::mt19937_64 rng(3);
  const TreeKey a = random_key(rng);
  TreeKey b = a;
  b[31] ^= 0x01;
  const std::vector<Entry> writes = {{a, value_of(1)}, {b, value_of(2)}};
  auto proved = prove_bintrie_writes(trie, {}, writes);
  ASSERT_TRUE(proved) << proved.error().message;
  EXPECT_EQ(proved->reads.root, Digest32{});
  bintrie::BinaryTrie<> fresh;
  fresh.insert(b, value_of(2));
  fresh.insert(a, value_of(1));
  EXPECT_EQ(proved->writes.post_root, fresh.root());
  EXPECT_TRUE(verify_bintrie_writes(proved->reads, proved->writes, proved->proof).ok());
  BintrieStatement pre = proved->reads;
  pre.root[0] = 1;  // the shape is the empty tree's: its root is public
  expect_rejected(verify_bintrie_writes(pre, proved->writes, proved->proof), "a non-empty root");

  // No write: the post-state's root is the pre-state's.
  auto unchanged = prove_bintrie_writes(trie, std::vector<TreeKey>{a, b}, {});
  ASSERT_TRUE(unchanged) << unchanged.error().message;
  EXPECT_EQ(unchanged->writes.post_root, fresh.root());
  EXPECT_TRUE(verify_bintrie_writes(unchanged->reads, unchanged->writes, unchanged->proof).ok());
  BintrieWrites other = unchanged->writes;
  other.post_root[0] ^= 1;
  expect_rejected(verify_bintrie_writes(unchanged->reads, other, unchanged->proof),
                  "another root without writes");

  // The empty tree, read and left empty: no instance, both roots public.
  bintrie::BinaryTrie<> empty;
  auto nothing = prove_bintrie_writes(empty, std::vector<TreeKey>{a}, {});
  ASSERT_TRUE(nothing) << nothing.error().message;
  EXPECT_TRUE(verify_bintrie_writes(nothing->reads, nothing->writes, nothing->proof).ok());
  other = nothing->writes;
  other.post_root[0] = 1;
  expect_rejected(verify_bintrie_writes(nothing->reads, other, nothing->proof),
                  "a non-empty post-state");
}

TEST(BintrieWrites, WrongArgumentsAreErrors) {
  test::Fixture<> f = random_trie(5);
  const TreeKey key = f.present[0];
  const std::vector<Entry> twice = {{key, value_of(1)}, {key, value_of(2)}};
  const Digest32 root = f.trie.root();
  EXPECT_EQ(prove_bintrie_writes(f.trie, {}, twice).error().code, Errc::invalid_argument);
  EXPECT_EQ(f.trie.root(), root);  // nothing written
  auto proved = prove_bintrie_writes(f.trie, {}, std::vector<Entry>{{key, value_of(3)}});
  ASSERT_TRUE(proved) << proved.error().message;
  BintrieWrites wrong = proved->writes;
  wrong.values.push_back(std::nullopt);
  EXPECT_EQ(verify_bintrie_writes(proved->reads, wrong, proved->proof).error().code,
            Errc::invalid_argument);
  EXPECT_EQ(prove_bintrie_writes(proved->reads, wrong, proved->multiproof).error().code,
            Errc::invalid_argument);
  wrong = proved->writes;
  wrong.post_root[0] ^= 1;
  EXPECT_EQ(prove_bintrie_writes(proved->reads, wrong, proved->multiproof).error().code,
            Errc::invalid_argument);
}

}  // namespace
}  // namespace merkleforge::state
