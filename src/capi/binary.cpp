// The binary Merkle tree (RFC 6962 / RFC 9162) of the C API.
#include <variant>
#include <vector>

#include "capi_internal.hpp"
#include "merkleforge/binary/tree.hpp"
#include "merkleforge/binary/verify.hpp"

using namespace merkleforge;
using namespace merkleforge::capi;

struct mf_binary_tree {
  std::variant<BinaryMerkleTree<Sha256>, BinaryMerkleTree<Keccak256>, BinaryMerkleTree<Sha3_256>,
               BinaryMerkleTree<Blake3>>
      tree;
};

namespace {

/// A new handle holding `make(HasherTag<H>)`'s tree for the hash `algo`.
template <class Make>
mf_binary_tree* new_tree(mf_hash_algo algo, Make&& make) {
  return with_hasher(algorithm_of(algo), [&](auto tag) { return new mf_binary_tree{make(tag)}; });
}

const Digest32* digests_of(const mf_bytes32* items, std::size_t count, const char* name) {
  static_assert(sizeof(mf_bytes32) == sizeof(Digest32));
  return reinterpret_cast<const Digest32*>(array_of(items, count, name));
}

template <class Proof>
mf_ret write_path(mf_bytes32* path, std::size_t capacity, std::size_t* path_len,
                  const Proof& proof) {
  array_of(path, capacity, "path");
  write_sized(capacity, path_len, proof.path.size(), [&] {
    for (std::size_t i = 0; i < proof.path.size(); ++i) store(&path[i], proof.path[i]);
  });
  return MF_OK;
}

}  // namespace

extern "C" {

mf_ret mf_binary_leaf_hash(mf_bytes32* out, mf_hash_algo algo, const uint8_t* data, size_t len) {
  return guard([&] {
    need(out, "out");
    const ByteSpan leaf = bytes_of(data, len, "data");
    store(out, with_hasher(algorithm_of(algo), [&](auto tag) {
            return Rfc6962Hashing<typename decltype(tag)::type>::leaf(leaf);
          }));
    return MF_OK;
  });
}

mf_ret mf_binary_tree_new(mf_binary_tree** out, mf_hash_algo algo) {
  return guard([&] {
    need(out, "out");
    *out =
        new_tree(algo, [](auto tag) { return BinaryMerkleTree<typename decltype(tag)::type>(); });
    return MF_OK;
  });
}

mf_ret mf_binary_tree_from_leaves(mf_binary_tree** out, mf_hash_algo algo, const mf_slice* leaves,
                                  size_t count) {
  return guard([&] {
    need(out, "out");
    array_of(leaves, count, "leaves");
    for (std::size_t i = 0; i < count; ++i) bytes_of(leaves[i], "leaves[i].data");
    *out = new_tree(algo, [&](auto tag) {
      using H = typename decltype(tag)::type;
      std::vector<Digest32> hashes(count);
      for (std::size_t i = 0; i < count; ++i) {
        hashes[i] = Rfc6962Hashing<H>::leaf({leaves[i].data, leaves[i].len});
      }
      return BinaryMerkleTree<H>::from_leaf_hashes(hashes);
    });
    return MF_OK;
  });
}

mf_ret mf_binary_tree_from_fixed_leaves(mf_binary_tree** out, mf_hash_algo algo,
                                        const uint8_t* leaves, size_t leaf_len, size_t count) {
  return guard([&] {
    need(out, "out");
    if (leaf_len == 0) fail(MF_BAD_ARGS, "leaf_len is 0");
    if (count > SIZE_MAX / leaf_len) fail(MF_BAD_ARGS, "count * leaf_len overflows");
    const ByteSpan data = bytes_of(leaves, count * leaf_len, "leaves");
    *out = new_tree(algo, [&](auto tag) {
      return take(
          BinaryMerkleTree<typename decltype(tag)::type>::from_fixed_size_leaves(data, leaf_len));
    });
    return MF_OK;
  });
}

mf_ret mf_binary_tree_from_leaf_hashes(mf_binary_tree** out, mf_hash_algo algo,
                                       const mf_bytes32* leaf_hashes, size_t count) {
  return guard([&] {
    need(out, "out");
    const std::span<const Digest32> hashes(digests_of(leaf_hashes, count, "leaf_hashes"), count);
    *out = new_tree(algo, [&](auto tag) {
      return BinaryMerkleTree<typename decltype(tag)::type>::from_leaf_hashes(hashes);
    });
    return MF_OK;
  });
}

void mf_binary_tree_free(mf_binary_tree* tree) {
  delete tree;
}

mf_ret mf_binary_tree_append(mf_binary_tree* tree, const uint8_t* data, size_t len) {
  return guard([&] {
    need(tree, "tree");
    const ByteSpan leaf = bytes_of(data, len, "data");
    std::visit([&](auto& t) { t.append(leaf); }, tree->tree);
    return MF_OK;
  });
}

mf_ret mf_binary_tree_size(uint64_t* out, const mf_binary_tree* tree) {
  return guard([&] {
    need(out, "out");
    need(tree, "tree");
    *out = std::visit([](const auto& t) { return t.size(); }, tree->tree);
    return MF_OK;
  });
}

mf_ret mf_binary_tree_root(mf_bytes32* out, const mf_binary_tree* tree, uint64_t tree_size) {
  return guard([&] {
    need(out, "out");
    need(tree, "tree");
    store(out, std::visit([&](const auto& t) { return take(t.root_at(tree_size)); }, tree->tree));
    return MF_OK;
  });
}

mf_ret mf_binary_tree_inclusion_proof(mf_bytes32* path, size_t capacity, size_t* path_len,
                                      const mf_binary_tree* tree, uint64_t index,
                                      uint64_t tree_size) {
  return guard([&] {
    need(tree, "tree");
    return write_path(
        path, capacity, path_len,
        std::visit([&](const auto& t) { return take(t.inclusion_proof(index, tree_size)); },
                   tree->tree));
  });
}

mf_ret mf_binary_tree_consistency_proof(mf_bytes32* path, size_t capacity, size_t* path_len,
                                        const mf_binary_tree* tree, uint64_t old_size,
                                        uint64_t new_size) {
  return guard([&] {
    need(tree, "tree");
    return write_path(
        path, capacity, path_len,
        std::visit([&](const auto& t) { return take(t.consistency_proof(old_size, new_size)); },
                   tree->tree));
  });
}

mf_ret mf_binary_verify_inclusion(bool* ok, mf_hash_algo algo, const mf_bytes32* root,
                                  uint64_t tree_size, uint64_t index, const mf_bytes32* leaf_hash,
                                  const mf_bytes32* path, size_t path_len) {
  return guard([&] {
    need(ok, "ok");
    const Digest32 trusted_root = digest_of(root, "root");
    const Digest32 leaf = digest_of(leaf_hash, "leaf_hash");
    const std::span<const Digest32> siblings(digests_of(path, path_len, "path"), path_len);
    *ok = with_hasher(algorithm_of(algo), [&](auto tag) {
      return verify_inclusion<typename decltype(tag)::type>(trusted_root, tree_size, index, leaf,
                                                            siblings);
    });
    return MF_OK;
  });
}

mf_ret mf_binary_verify_consistency(bool* ok, mf_hash_algo algo, const mf_bytes32* old_root,
                                    uint64_t old_size, const mf_bytes32* new_root,
                                    uint64_t new_size, const mf_bytes32* path, size_t path_len) {
  return guard([&] {
    need(ok, "ok");
    const Digest32 old_hash = digest_of(old_root, "old_root");
    const Digest32 new_hash = digest_of(new_root, "new_root");
    const std::span<const Digest32> siblings(digests_of(path, path_len, "path"), path_len);
    *ok = with_hasher(algorithm_of(algo), [&](auto tag) {
      return verify_consistency<typename decltype(tag)::type>(old_hash, old_size, new_hash,
                                                              new_size, siblings);
    });
    return MF_OK;
  });
}

}  // extern "C"
