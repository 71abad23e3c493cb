// The sparse Merkle tree (Jellyfish-compatible) of the C API.
#include <memory>
#include <variant>

#include "capi_internal.hpp"
#include "merkleforge/sparse/proof_codec.hpp"
#include "merkleforge/sparse/sparse_merkle_tree.hpp"

using namespace merkleforge;
using namespace merkleforge::capi;

struct mf_sparse_tree {
  std::variant<
      std::unique_ptr<SparseMerkleTree<Sha256>>, std::unique_ptr<SparseMerkleTree<Keccak256>>,
      std::unique_ptr<SparseMerkleTree<Sha3_256>>, std::unique_ptr<SparseMerkleTree<Blake3>>>
      tree;
};

namespace {

/// Calls f(tree) on the handle's tree.
template <class Handle, class F>
decltype(auto) visit_tree(Handle* handle, F&& f) {
  need(handle, "tree");
  return std::visit([&](auto& tree) -> decltype(auto) { return f(*tree); }, handle->tree);
}

/// The proof decoded for `key_hash`. Errors: MF_MALFORMED when it does not decode.
SparseProof decode_for(const uint8_t* proof, std::size_t proof_len, const Digest32& key_hash) {
  Result<SparseProof> decoded = decode_sparse_proof(bytes_of(proof, proof_len, "proof"), key_hash);
  if (!decoded) fail(MF_MALFORMED, decoded.error().message);
  return std::move(decoded).value();
}

}  // namespace

extern "C" {

mf_ret mf_sparse_key_hash(mf_bytes32* out, mf_hash_algo algo, const uint8_t* key, size_t len) {
  return guard([&] {
    need(out, "out");
    const ByteSpan key_bytes = bytes_of(key, len, "key");
    store(out, with_hasher(algorithm_of(algo), [&](auto tag) {
            return JmtHashing<typename decltype(tag)::type>::key_hash(key_bytes);
          }));
    return MF_OK;
  });
}

mf_ret mf_sparse_tree_new(mf_sparse_tree** out, mf_hash_algo algo) {
  return guard([&] {
    need(out, "out");
    *out = with_hasher(algorithm_of(algo), [](auto tag) {
      return new mf_sparse_tree{std::make_unique<SparseMerkleTree<typename decltype(tag)::type>>()};
    });
    return MF_OK;
  });
}

void mf_sparse_tree_free(mf_sparse_tree* tree) {
  delete tree;
}

mf_ret mf_sparse_tree_put(mf_sparse_tree* tree, const mf_bytes32* key_hash, const uint8_t* value,
                          size_t len) {
  return guard([&] {
    const Digest32 key = digest_of(key_hash, "key_hash");
    const ByteSpan value_bytes = bytes_of(value, len, "value");
    visit_tree(tree, [&](auto& t) { t.put(key, value_bytes); });
    return MF_OK;
  });
}

mf_ret mf_sparse_tree_erase(mf_sparse_tree* tree, const mf_bytes32* key_hash) {
  return guard([&] {
    const Digest32 key = digest_of(key_hash, "key_hash");
    visit_tree(tree, [&](auto& t) { t.erase(key); });
    return MF_OK;
  });
}

mf_ret mf_sparse_tree_get(uint8_t* value, size_t capacity, size_t* value_len, bool* found,
                          const mf_sparse_tree* tree, const mf_bytes32* key_hash) {
  return guard([&] {
    need(found, "found");
    need(value_len, "value_len");
    array_of(value, capacity, "value");
    const Digest32 key = digest_of(key_hash, "key_hash");
    const std::optional<Bytes> stored = visit_tree(tree, [&](const auto& t) { return t.get(key); });
    *found = stored.has_value();
    *value_len = 0;
    if (stored) {
      write_sized(capacity, value_len, stored->size(),
                  [&] { std::copy(stored->begin(), stored->end(), value); });
    }
    return MF_OK;
  });
}

mf_ret mf_sparse_tree_root(mf_bytes32* out, const mf_sparse_tree* tree) {
  return guard([&] {
    need(out, "out");
    store(out, visit_tree(tree, [](const auto& t) { return t.root_hash(); }));
    return MF_OK;
  });
}

mf_ret mf_sparse_tree_size(uint64_t* out, const mf_sparse_tree* tree) {
  return guard([&] {
    need(out, "out");
    *out = visit_tree(tree, [](const auto& t) { return std::uint64_t{t.size()}; });
    return MF_OK;
  });
}

mf_ret mf_sparse_tree_prove(uint8_t* proof, size_t capacity, size_t* proof_len,
                            const mf_sparse_tree* tree, const mf_bytes32* key_hash) {
  return guard([&] {
    array_of(proof, capacity, "proof");
    const Digest32 key = digest_of(key_hash, "key_hash");
    const Bytes encoded =
        visit_tree(tree, [&](const auto& t) { return encode_sparse_proof(t.prove(key), key); });
    write_sized(capacity, proof_len, encoded.size(),
                [&] { std::copy(encoded.begin(), encoded.end(), proof); });
    return MF_OK;
  });
}

mf_ret mf_sparse_verify_membership(bool* ok, mf_hash_algo algo, const mf_bytes32* root,
                                   const mf_bytes32* key_hash, const uint8_t* value,
                                   size_t value_len, const uint8_t* proof, size_t proof_len) {
  return guard([&] {
    need(ok, "ok");
    const Digest32 trusted_root = digest_of(root, "root");
    const Digest32 key = digest_of(key_hash, "key_hash");
    const ByteSpan value_bytes = bytes_of(value, value_len, "value");
    const SparseProof decoded = decode_for(proof, proof_len, key);
    *ok = with_hasher(algorithm_of(algo), [&](auto tag) {
      using H = typename decltype(tag)::type;
      return verify_sparse_membership<H>(trusted_root, key, JmtHashing<H>::value_hash(value_bytes),
                                         decoded)
          .ok();
    });
    return MF_OK;
  });
}

mf_ret mf_sparse_verify_non_membership(bool* ok, mf_hash_algo algo, const mf_bytes32* root,
                                       const mf_bytes32* key_hash, const uint8_t* proof,
                                       size_t proof_len) {
  return guard([&] {
    need(ok, "ok");
    const Digest32 trusted_root = digest_of(root, "root");
    const Digest32 key = digest_of(key_hash, "key_hash");
    const SparseProof decoded = decode_for(proof, proof_len, key);
    *ok = with_hasher(algorithm_of(algo), [&](auto tag) {
      return verify_sparse_non_membership<typename decltype(tag)::type>(trusted_root, key, decoded)
          .ok();
    });
    return MF_OK;
  });
}

}  // extern "C"
