// Range proofs (state sync): the verifier accepts exactly the leaves of the range, taken from the
// reference state, and rejects gaps, extra entries, wrong values and moved edges.
#include <gtest/gtest.h>

#include <iterator>

#include "merkleforge/sparse/multiproof_codec.hpp"
#include "sparse_fixture.hpp"

namespace merkleforge {
namespace {

using Fixture = test::RandomSparseTree;

/// The reference state's leaves with keys in [first, last], as (key hash, OpenSSL value hash).
std::vector<SparseProofLeaf> reference_entries(const Fixture& f, const Digest32& first,
                                               const Digest32& last) {
  std::vector<SparseProofLeaf> entries;
  for (auto it = f.state.lower_bound(first); it != f.state.end() && it->first <= last; ++it)
    entries.push_back({it->first, test::openssl_sha256(it->second)});
  return entries;
}

Digest32 filled(std::uint8_t byte) {
  Digest32 key;
  key.fill(byte);
  return key;
}

/// The key right after `key` (wrapping is not needed by the tests).
Digest32 successor(Digest32 key) {
  for (std::size_t i = 32; i-- > 0;) {
    if (++key[i] != 0) break;
  }
  return key;
}

bool verifies(const Digest32& root, const Digest32& first, const Digest32& last,
              std::span<const SparseProofLeaf> entries, const SparseMultiproof& proof) {
  return verify_sparse_range<Sha256>(root, first, last, entries, proof).ok();
}

TEST(SparseRangeProof, AcceptsTheRangesLeaves) {
  Fixture f(400, 21);
  const Digest32 root = test::reference_root(f.state);
  std::vector<Digest32> sorted;
  for (const auto& entry : f.state) sorted.push_back(entry.first);
  const std::vector<std::pair<Digest32, Digest32>> ranges = {
      {filled(0x00), filled(0xFF)},                                 // everything
      {sorted[10], sorted[60]},                                     // edges on keys
      {successor(sorted[10]), sorted[11]},                          // a single key
      {successor(sorted[10]), sorted[10]},                          // last < first: refused
      {successor(sorted[100]), successor(successor(sorted[100]))},  // empty, between keys
      {filled(0x00), sorted[0]},                                    // the first key
      {successor(sorted.back()), filled(0xFF)},                     // after the last key
  };
  for (const auto& [first, last] : ranges) {
    const SparseMultiproof proof = f.tree.prove_range(first, last);
    const auto entries = reference_entries(f, first, last);
    EXPECT_EQ(verifies(root, first, last, entries, proof), first <= last);
  }
}

TEST(SparseRangeProof, ChunksCoverTheWholeStateForSync) {
  Fixture f(1000, 22);
  const Digest32 root = test::reference_root(f.state);
  std::vector<Digest32> sorted;
  for (const auto& entry : f.state) sorted.push_back(entry.first);
  std::size_t synced = 0;
  Digest32 first = filled(0x00);
  for (std::size_t end = 99; end < sorted.size() + 99; end += 100) {
    const Digest32 last = end < sorted.size() ? sorted[end] : filled(0xFF);
    const auto entries = reference_entries(f, first, last);
    const SparseMultiproof proof = f.tree.prove_range(first, last);
    ASSERT_TRUE(verifies(root, first, last, entries, proof));
    const auto decoded = decode_sparse_multiproof(encode_sparse_multiproof(proof));
    ASSERT_TRUE(decoded.ok());
    EXPECT_TRUE(verifies(root, first, last, entries, *decoded));
    synced += entries.size();
    first = successor(last);
  }
  EXPECT_EQ(synced, f.state.size());
}

TEST(SparseRangeProof, RejectsGapsExtrasWrongValuesAndMovedEdges) {
  Fixture f(500, 23);
  const Digest32 root = test::reference_root(f.state);
  std::vector<Digest32> sorted;
  for (const auto& entry : f.state) sorted.push_back(entry.first);
  const Digest32 first = sorted[100], last = sorted[140];
  const SparseMultiproof proof = f.tree.prove_range(first, last);
  const auto entries = reference_entries(f, first, last);
  ASSERT_EQ(entries.size(), 41u);
  ASSERT_TRUE(verifies(root, first, last, entries, proof));

  for (std::size_t gap : {std::size_t{0}, std::size_t{20}, entries.size() - 1}) {
    auto missing = entries;
    missing.erase(missing.begin() + static_cast<long>(gap));
    EXPECT_FALSE(verifies(root, first, last, missing, proof)) << "gap at " << gap;
  }
  auto extra = entries;
  extra.insert(extra.begin() + 5, {successor(entries[4].key_hash), entries[4].value_hash});
  EXPECT_FALSE(verifies(root, first, last, extra, proof));
  auto beyond = entries;
  beyond.push_back({sorted[141], test::openssl_sha256(f.state.at(sorted[141]))});
  EXPECT_FALSE(verifies(root, first, last, beyond, proof));
  auto changed = entries;
  changed[7].value_hash[3] ^= 0x10;
  EXPECT_FALSE(verifies(root, first, last, changed, proof));
  auto reordered = entries;
  std::swap(reordered[1], reordered[2]);
  EXPECT_FALSE(verifies(root, first, last, reordered, proof));

  // The same proof and entries presented for a wider or narrower range.
  EXPECT_FALSE(verifies(root, sorted[99], last, entries, proof));
  EXPECT_FALSE(verifies(root, first, sorted[141], entries, proof));
  EXPECT_FALSE(verifies(root, successor(first), last, entries, proof));
  EXPECT_FALSE(verifies(root, first, sorted[139], entries, proof));
  // A proof of a narrower range does not prove the wider one.
  const SparseMultiproof narrower = f.tree.prove_range(sorted[101], last);
  EXPECT_FALSE(verifies(root, first, last, entries, narrower));
}

TEST(SparseRangeProof, EveryMutationOfTheBinaryEncodingIsRejected) {
  Fixture f(150, 24);
  const Digest32 root = test::reference_root(f.state);
  std::vector<Digest32> sorted;
  for (const auto& entry : f.state) sorted.push_back(entry.first);
  const Digest32 first = sorted[40], last = sorted[44];
  const auto entries = reference_entries(f, first, last);
  const Bytes encoded = encode_sparse_multiproof(f.tree.prove_range(first, last));
  const auto accepted = [&](const Bytes& bytes) {
    const Result<SparseMultiproof> decoded = decode_sparse_multiproof(bytes);
    return decoded.ok() && verifies(root, first, last, entries, *decoded);
  };
  test::expect_mutations_rejected(encoded, accepted);
}

}  // namespace
}  // namespace merkleforge
