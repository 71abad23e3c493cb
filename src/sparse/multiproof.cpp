// The stateless multiproof and range-proof verifiers (sparse/multiproof.hpp), compiled for each
// hash the library offers: the explicit instantiations at the end.
#include "merkleforge/sparse/multiproof.hpp"

#include <algorithm>
#include <vector>

#include "merkleforge/hash/blake3.hpp"
#include "merkleforge/hash/keccak.hpp"
#include "merkleforge/hash/sha256.hpp"
#include "partial_tree.hpp"

namespace merkleforge {

template <Hasher H>
Status verify_sparse_multiproof(const Digest32& root, std::span<const SparseClaim> claims,
                                const SparseMultiproof& proof) {
  Status hash = sparse_detail::check_hash<H>(proof);
  if (!hash) return hash;
  std::vector<SparseClaim> sorted(claims.begin(), claims.end());
  const auto by_key = [](const SparseClaim& a, const SparseClaim& b) {
    return a.key_hash < b.key_hash;
  };
  std::sort(sorted.begin(), sorted.end(), by_key);
  const auto same_key = [](const SparseClaim& a, const SparseClaim& b) {
    return a.key_hash == b.key_hash;
  };
  if (std::adjacent_find(sorted.begin(), sorted.end(), same_key) != sorted.end())
    return sparse_detail::proof_error("a key is claimed twice");

  using Query = sparse_detail::SortedKeysQuery<SparseClaim>;
  const auto on_terminal = [](const Query& query, const SparseProofLeaf* leaf) {
    return sparse_detail::check_claims_at(query.sorted, leaf);
  };
  sparse_detail::PartialTreeRoot<H, Query, decltype(on_terminal)> rebuild(
      proof.nodes, Query{sorted}, on_terminal);
  return sparse_detail::check_root(rebuild.run(), root);
}

template <Hasher H>
Status verify_sparse_range(const Digest32& root, const Digest32& first, const Digest32& last,
                           std::span<const SparseProofLeaf> entries,
                           const SparseMultiproof& proof) {
  Status hash = sparse_detail::check_hash<H>(proof);
  if (!hash) return hash;
  if (last < first) return sparse_detail::proof_error("range ends before it starts");
  std::size_t matched = 0;
  using Query = sparse_detail::RangeQuery;
  const auto on_terminal = [&](const Query&, const SparseProofLeaf* leaf) -> Status {
    if (!leaf || leaf->key_hash < first || last < leaf->key_hash) return Ok{};
    if (matched == entries.size() || entries[matched] != *leaf)
      return sparse_detail::proof_error("the entries differ from the range's leaves");
    ++matched;
    return Ok{};
  };
  sparse_detail::PartialTreeRoot<H, Query, decltype(on_terminal)> rebuild(
      proof.nodes, Query{&first, &last}, on_terminal);
  Status rooted = sparse_detail::check_root(rebuild.run(), root);
  if (!rooted) return rooted;
  if (matched != entries.size()) return sparse_detail::proof_error("entries the range lacks");
  return Ok{};
}

#define MERKLEFORGE_SPARSE_VERIFIERS(H)                                                      \
  template Status verify_sparse_multiproof<H>(const Digest32&, std::span<const SparseClaim>, \
                                              const SparseMultiproof&);                      \
  template Status verify_sparse_range<H>(const Digest32&, const Digest32&, const Digest32&,  \
                                         std::span<const SparseProofLeaf>,                   \
                                         const SparseMultiproof&);
MERKLEFORGE_SPARSE_VERIFIERS(Sha256)
MERKLEFORGE_SPARSE_VERIFIERS(Keccak256)
MERKLEFORGE_SPARSE_VERIFIERS(Sha3_256)
MERKLEFORGE_SPARSE_VERIFIERS(Blake3)
#undef MERKLEFORGE_SPARSE_VERIFIERS

}  // namespace merkleforge
