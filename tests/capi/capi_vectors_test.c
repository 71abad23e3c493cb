/* The C API against the published vectors of tests/vectors (extracted into capi_vectors.h by
 * vectors_to_c.cmake): every expected value comes from those files. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "capi_test.h"

struct hash_kat {
  mf_hash_algo algo;
  const char* msg_hex;
  int repeat_byte;
  size_t repeat_count;
  const char* digest;
};
struct blake3_case {
  size_t input_len;
  const char* hash;
};
struct sized_root {
  uint64_t size;
  const char* root;
};
struct inclusion_case {
  int valid;
  uint64_t index, size;
  const char *leaf_hash, *root;
  const char* const* proof;
  size_t proof_len;
};
struct consistency_case {
  int valid;
  uint64_t old_size, new_size;
  const char *old_root, *new_root;
  const char* const* proof;
  size_t proof_len;
};
struct trie_case {
  const char* name;
  int secure;
  size_t count;
  const char* const* keys;
  const char* const* values;
  const char* root;
};
struct genesis_case {
  const char *file, *root;
};
struct balance_account {
  const char *address, *balance;
};
struct storage_proof_case {
  const char *key, *value;
  const char* const* proof;
  size_t proof_len;
};
struct account_proof_case {
  const char *test, *state_root, *address;
  int exists;
  const char *nonce, *balance, *storage_root, *code_hash;
  const char* const* proof;
  size_t proof_len;
  const struct storage_proof_case* storage;
  size_t storage_count;
};
struct jmt_case {
  const char* root;
  size_t count;
  const char* const* keys;
  const char* const* values;
};
struct tree_key_case {
  const char *address32, *index_le;
  uint8_t sub_index;
  const char* output;
  size_t compared_bytes;
};
struct witness_case {
  const char *file, *pre_state_root;
  int valid;
};

#include "capi_vectors.h"

#define COUNT(array) (sizeof(array) / sizeof((array)[0]))

/* Slices over hex strings decoded into one arena (freed by free_slices). */
typedef struct {
  mf_slice* slices;
  uint8_t** buffers;
  size_t count;
} slice_list;

static slice_list slices_of(const char* const* hex, size_t count) {
  slice_list list = {calloc(count + 1, sizeof(mf_slice)), calloc(count + 1, sizeof(uint8_t*)),
                     count};
  for (size_t i = 0; i < count; ++i) {
    list.buffers[i] = hex_alloc(hex[i], &list.slices[i].len);
    list.slices[i].data = list.buffers[i];
  }
  return list;
}

static void free_slices(slice_list list) {
  for (size_t i = 0; i < list.count; ++i) free(list.buffers[i]);
  free(list.buffers);
  free(list.slices);
}

static mf_bytes32* digests_of(const char* const* hex, size_t count) {
  mf_bytes32* digests = calloc(count + 1, sizeof(mf_bytes32));
  for (size_t i = 0; i < count; ++i) digests[i] = bytes32_of(hex[i]);
  return digests;
}

static void test_version(void) {
  char expected[32];
  snprintf(expected, sizeof expected, "%d.%d.%d", MF_VERSION_MAJOR, MF_VERSION_MINOR,
           MF_VERSION_PATCH);
  CHECK(strcmp(mf_version(), expected) == 0);
  CHECK(strcmp(mf_ret_name(MF_MALFORMED), "malformed") == 0);
}

static void test_hashes(void) {
  for (size_t i = 0; i < COUNT(hash_kats); ++i) {
    const struct hash_kat* kat = &hash_kats[i];
    size_t len = 0;
    uint8_t* message;
    if (kat->repeat_count != 0) {
      len = kat->repeat_count;
      message = malloc(len);
      memset(message, kat->repeat_byte, len);
    } else {
      message = hex_alloc(kat->msg_hex, &len);
    }
    const mf_bytes32 expected = bytes32_of(kat->digest);
    mf_bytes32 digest;
    CHECK_OK(mf_hash(&digest, kat->algo, message, len));
    CHECK(bytes32_equal(&digest, &expected));

    /* Incrementally, in pieces of growing size. */
    mf_hasher* hasher = NULL;
    CHECK_OK(mf_hasher_new(&hasher, kat->algo));
    for (size_t at = 0, piece = 1; at < len; at += piece, piece = piece * 3 + 1) {
      CHECK_OK(mf_hasher_update(hasher, message + at, piece < len - at ? piece : len - at));
    }
    CHECK_OK(mf_hasher_final(&digest, hasher));
    CHECK(bytes32_equal(&digest, &expected));
    CHECK_RET(mf_hasher_final(&digest, hasher), MF_BAD_ARGS);
    CHECK_RET(mf_hasher_update(hasher, message, len), MF_BAD_ARGS);
    mf_hasher_free(hasher);

    /* As three equal messages of one batch. */
    if (len > 0 && len < 1024) {
      uint8_t* batch = malloc(3 * len);
      for (int copy = 0; copy < 3; ++copy) memcpy(batch + (size_t)copy * len, message, len);
      mf_bytes32 out[3];
      CHECK_OK(mf_hash_batch(out, kat->algo, NULL, 0, batch, len, 3));
      for (int copy = 0; copy < 3; ++copy) CHECK(bytes32_equal(&out[copy], &expected));
      /* With the first byte as the prefix. */
      for (int copy = 0; copy < 3; ++copy)
        memcpy(batch + (size_t)copy * (len - 1), message + 1, len - 1);
      CHECK_OK(mf_hash_batch(out, kat->algo, message, 1, batch, len - 1, 3));
      for (int copy = 0; copy < 3; ++copy) CHECK(bytes32_equal(&out[copy], &expected));
      free(batch);
    }
    free(message);
  }
  for (size_t i = 0; i < COUNT(blake3_cases); ++i) {
    const size_t len = blake3_cases[i].input_len;
    uint8_t* input = malloc(len + 1);
    for (size_t b = 0; b < len; ++b) input[b] = (uint8_t)(b % 251);
    const mf_bytes32 expected = bytes32_of(blake3_cases[i].hash);
    mf_bytes32 digest;
    CHECK_OK(mf_hash(&digest, MF_BLAKE3, input, len));
    CHECK(bytes32_equal(&digest, &expected));
    /* Twice in one batch, and incrementally in two pieces. */
    if (len > 0 && len <= 8192) {
      uint8_t* batch = malloc(2 * len);
      memcpy(batch, input, len);
      memcpy(batch + len, input, len);
      mf_bytes32 out[2];
      CHECK_OK(mf_hash_batch(out, MF_BLAKE3, NULL, 0, batch, len, 2));
      CHECK(bytes32_equal(&out[0], &expected) && bytes32_equal(&out[1], &expected));
      free(batch);
    }
    mf_hasher* hasher = NULL;
    CHECK_OK(mf_hasher_new(&hasher, MF_BLAKE3));
    CHECK_OK(mf_hasher_update(hasher, input, len / 3));
    CHECK_OK(mf_hasher_update(hasher, input + len / 3, len - len / 3));
    CHECK_OK(mf_hasher_final(&digest, hasher));
    CHECK(bytes32_equal(&digest, &expected));
    mf_hasher_free(hasher);
    free(input);
  }
}

static void test_binary_tree(void) {
  const size_t leaf_count = COUNT(rfc6962_leaves);
  slice_list leaves = slices_of(rfc6962_leaves, leaf_count);
  for (size_t r = 0; r < COUNT(rfc6962_roots); ++r) {
    const uint64_t size = rfc6962_roots[r].size;
    const mf_bytes32 expected = bytes32_of(rfc6962_roots[r].root);
    mf_binary_tree* bulk = NULL;
    CHECK_OK(mf_binary_tree_from_leaves(&bulk, MF_SHA256, leaves.slices, (size_t)size));
    mf_binary_tree* appended = NULL;
    CHECK_OK(mf_binary_tree_new(&appended, MF_SHA256));
    for (uint64_t i = 0; i < size; ++i) {
      CHECK_OK(mf_binary_tree_append(appended, leaves.slices[i].data, leaves.slices[i].len));
    }
    mf_bytes32 root;
    uint64_t got_size = 0;
    CHECK_OK(mf_binary_tree_size(&got_size, bulk));
    CHECK(got_size == size);
    CHECK_OK(mf_binary_tree_root(&root, bulk, size));
    CHECK(bytes32_equal(&root, &expected));
    CHECK_OK(mf_binary_tree_root(&root, appended, size));
    CHECK(bytes32_equal(&root, &expected));
    /* From the published leaf hashes. */
    mf_bytes32* leaf_hashes = digests_of(rfc6962_leaf_hashes, (size_t)size);
    mf_binary_tree* hashed = NULL;
    CHECK_OK(mf_binary_tree_from_leaf_hashes(&hashed, MF_SHA256, leaf_hashes, (size_t)size));
    CHECK_OK(mf_binary_tree_root(&root, hashed, size));
    CHECK(bytes32_equal(&root, &expected));
    mf_binary_tree_free(hashed);
    free(leaf_hashes);
    mf_binary_tree_free(appended);
    mf_binary_tree_free(bulk);
  }

  mf_binary_tree* tree = NULL;
  CHECK_OK(mf_binary_tree_from_leaves(&tree, MF_SHA256, leaves.slices, leaf_count));
  for (size_t i = 0; i < COUNT(inclusion_cases); ++i) {
    const struct inclusion_case* c = &inclusion_cases[i];
    const mf_bytes32 root = bytes32_of(c->root), leaf = bytes32_of(c->leaf_hash);
    mf_bytes32* proof = digests_of(c->proof, c->proof_len);
    bool ok = !c->valid;
    CHECK_OK(mf_binary_verify_inclusion(&ok, MF_SHA256, &root, c->size, c->index, &leaf, proof,
                                        c->proof_len));
    CHECK(ok == (bool)c->valid);
    if (c->valid) {
      mf_bytes32 path[64];
      size_t path_len = 0;
      CHECK_OK(mf_binary_tree_inclusion_proof(path, 64, &path_len, tree, c->index, c->size));
      CHECK(path_len == c->proof_len);
      CHECK(memcmp(path, proof, path_len * sizeof(mf_bytes32)) == 0);
      mf_bytes32 computed_leaf;
      CHECK_OK(mf_binary_leaf_hash(&computed_leaf, MF_SHA256, leaves.slices[c->index].data,
                                   leaves.slices[c->index].len));
      CHECK(bytes32_equal(&computed_leaf, &leaf));
      if (path_len > 0) {
        CHECK_RET(
            mf_binary_tree_inclusion_proof(path, path_len - 1, &path_len, tree, c->index, c->size),
            MF_BUFFER_TOO_SMALL);
        CHECK(path_len == c->proof_len);
      }
    }
    free(proof);
  }
  for (size_t i = 0; i < COUNT(consistency_cases); ++i) {
    const struct consistency_case* c = &consistency_cases[i];
    const mf_bytes32 old_root = bytes32_of(c->old_root), new_root = bytes32_of(c->new_root);
    mf_bytes32* proof = digests_of(c->proof, c->proof_len);
    bool ok = !c->valid;
    CHECK_OK(mf_binary_verify_consistency(&ok, MF_SHA256, &old_root, c->old_size, &new_root,
                                          c->new_size, proof, c->proof_len));
    CHECK(ok == (bool)c->valid);
    if (c->valid) {
      mf_bytes32 path[128];
      size_t path_len = 0;
      CHECK_OK(
          mf_binary_tree_consistency_proof(path, 128, &path_len, tree, c->old_size, c->new_size));
      CHECK(path_len == c->proof_len);
      CHECK(memcmp(path, proof, path_len * sizeof(mf_bytes32)) == 0);
    }
    free(proof);
  }
  mf_binary_tree_free(tree);
  free_slices(leaves);
}

static void test_mpt_roots(void) {
  for (size_t i = 0; i < COUNT(trie_cases); ++i) {
    const struct trie_case* c = &trie_cases[i];
    slice_list keys = slices_of(c->keys, c->count), values = slices_of(c->values, c->count);
    const mf_bytes32 expected = bytes32_of(c->root);
    mf_bytes32 root;
    CHECK_OK((c->secure ? mf_mpt_secure_root : mf_mpt_root)(&root, keys.slices, values.slices,
                                                            c->count));
    if (!bytes32_equal(&root, &expected)) capi_fail(__FILE__, __LINE__, "trie root", c->name);
    free_slices(keys);
    free_slices(values);
  }
  for (size_t i = 0; i < COUNT(genesis_cases); ++i) {
    size_t len = 0;
    char* json = read_vector_file(genesis_cases[i].file, &len);
    const mf_bytes32 expected = bytes32_of(genesis_cases[i].root);
    mf_bytes32 root;
    CHECK_OK(mf_mpt_genesis_root(&root, json, len));
    if (!bytes32_equal(&root, &expected))
      capi_fail(__FILE__, __LINE__, "genesis", genesis_cases[i].file);
    free(json);
  }
}

static int compare_bytes32(const void* a, const void* b) {
  return memcmp(a, b, 32);
}

/* A range proof with no edge proofs covers the whole trie: the secure TrieTests give tries whose
 * keys (keccak256 of the listed keys) all have one length, and their published roots. */
static void test_mpt_range_proofs(void) {
  size_t tested = 0;
  for (size_t i = 0; i < COUNT(trie_cases); ++i) {
    const struct trie_case* c = &trie_cases[i];
    if (!c->secure || strstr(c->name, "anyorder") == NULL || c->count < 2) continue;
    slice_list keys = slices_of(c->keys, c->count), values = slices_of(c->values, c->count);
    /* Each entry: hashed key (32 bytes) then the index of its value. */
    uint8_t(*entries)[40] = calloc(c->count, sizeof *entries);
    for (size_t k = 0; k < c->count; ++k) {
      CHECK_OK(
          mf_hash((mf_bytes32*)entries[k], MF_KECCAK256, keys.slices[k].data, keys.slices[k].len));
      memcpy(entries[k] + 32, &k, sizeof k);
    }
    qsort(entries, c->count, sizeof *entries, compare_bytes32);
    mf_slice* sorted_keys = calloc(c->count, sizeof(mf_slice));
    mf_slice* sorted_values = calloc(c->count, sizeof(mf_slice));
    for (size_t k = 0; k < c->count; ++k) {
      size_t index;
      memcpy(&index, entries[k] + 32, sizeof index);
      sorted_keys[k] = (mf_slice){entries[k], 32};
      sorted_values[k] = values.slices[index];
    }
    const mf_bytes32 root = bytes32_of(c->root);
    bool ok = false, more = true;
    CHECK_OK(mf_mpt_verify_range_proof(&ok, &more, &root, entries[0], 32, sorted_keys,
                                       sorted_values, c->count, NULL, 0));
    if (!ok || more) capi_fail(__FILE__, __LINE__, "whole-trie range", c->name);
    ++tested;
    /* Without its last entry the range is not the whole trie. */
    CHECK_OK(mf_mpt_verify_range_proof(&ok, &more, &root, entries[0], 32, sorted_keys,
                                       sorted_values, c->count - 1, NULL, 0));
    CHECK(!ok);
    free(sorted_values);
    free(sorted_keys);
    free(entries);
    free_slices(keys);
    free_slices(values);
  }
  CHECK(tested >= 3);
}

static void test_mpt_state_root(void) {
  const size_t count = COUNT(sepolia_accounts);
  mf_address* addresses = calloc(count, sizeof(mf_address));
  mf_account* accounts = calloc(count, sizeof(mf_account));
  for (size_t i = 0; i < count; ++i) {
    CHECK(hex_decode(addresses[i].bytes, 20, sepolia_accounts[i].address) == 20);
    accounts[i].nonce = 0;
    accounts[i].balance = quantity32_of(sepolia_accounts[i].balance);
    mf_mpt_empty_root(&accounts[i].storage_root);
    mf_mpt_empty_code_hash(&accounts[i].code_hash);
  }
  const mf_bytes32 expected = bytes32_of(sepolia_state_root);
  mf_bytes32 root;
  CHECK_OK(mf_mpt_state_root(&root, addresses, accounts, count));
  CHECK(bytes32_equal(&root, &expected));
  accounts[0].nonce = 1;
  CHECK_OK(mf_mpt_state_root(&root, addresses, accounts, count));
  CHECK(!bytes32_equal(&root, &expected));
  free(accounts);
  free(addresses);
}

static mf_account account_of(const struct account_proof_case* c) {
  mf_account account;
  const mf_bytes32 nonce = quantity32_of(c->nonce);
  account.nonce = 0;
  for (int b = 24; b < 32; ++b) account.nonce = account.nonce << 8 | nonce.bytes[b];
  account.balance = quantity32_of(c->balance);
  account.storage_root = bytes32_of(c->storage_root);
  account.code_hash = bytes32_of(c->code_hash);
  return account;
}

static void test_mpt_proofs(void) {
  for (size_t i = 0; i < COUNT(account_proof_cases); ++i) {
    const struct account_proof_case* c = &account_proof_cases[i];
    const mf_bytes32 state_root = bytes32_of(c->state_root);
    mf_address address;
    CHECK(hex_decode(address.bytes, 20, c->address) == 20);
    slice_list proof = slices_of(c->proof, c->proof_len);
    bool ok = false;
    if (c->exists) {
      mf_account account = account_of(c);
      CHECK_OK(mf_mpt_verify_account_proof(&ok, &state_root, &address, &account, proof.slices,
                                           proof.count));
      if (!ok) capi_fail(__FILE__, __LINE__, "account proof", c->test);
      /* The same proof does not show another balance, nor absence. */
      account.balance.bytes[31] ^= 1;
      CHECK_OK(mf_mpt_verify_account_proof(&ok, &state_root, &address, &account, proof.slices,
                                           proof.count));
      CHECK(!ok);
      CHECK_OK(
          mf_mpt_verify_account_proof(&ok, &state_root, &address, NULL, proof.slices, proof.count));
      CHECK(!ok);
      for (size_t s = 0; s < c->storage_count; ++s) {
        const struct storage_proof_case* slot_case = &c->storage[s];
        const mf_bytes32 slot = quantity32_of(slot_case->key);
        mf_bytes32 value = quantity32_of(slot_case->value);
        const mf_bytes32 storage_root = bytes32_of(c->storage_root);
        slice_list slot_proof = slices_of(slot_case->proof, slot_case->proof_len);
        CHECK_OK(mf_mpt_verify_storage_proof(&ok, &storage_root, &slot, &value, slot_proof.slices,
                                             slot_proof.count));
        if (!ok) capi_fail(__FILE__, __LINE__, "storage proof", c->test);
        value.bytes[31] ^= 1;
        CHECK_OK(mf_mpt_verify_storage_proof(&ok, &storage_root, &slot, &value, slot_proof.slices,
                                             slot_proof.count));
        CHECK(!ok);
        free_slices(slot_proof);
      }
    } else {
      CHECK_OK(
          mf_mpt_verify_account_proof(&ok, &state_root, &address, NULL, proof.slices, proof.count));
      if (!ok) capi_fail(__FILE__, __LINE__, "absence proof", c->test);
    }
    /* Without its last node the proof proves nothing. */
    if (proof.count > 0) {
      mf_account any = {0};
      CHECK_OK(mf_mpt_verify_account_proof(&ok, &state_root, &address, c->exists ? &any : NULL,
                                           proof.slices, proof.count - 1));
      CHECK(!ok);
    }
    free_slices(proof);
  }
}

static void test_sparse(void) {
  for (size_t i = 0; i < COUNT(jmt_cases); ++i) {
    const struct jmt_case* c = &jmt_cases[i];
    slice_list keys = slices_of(c->keys, c->count), values = slices_of(c->values, c->count);
    mf_sparse_tree* tree = NULL;
    CHECK_OK(mf_sparse_tree_new(&tree, MF_SHA256));
    for (size_t k = 0; k < c->count; ++k) {
      mf_bytes32 key_hash;
      CHECK_OK(mf_sparse_key_hash(&key_hash, MF_SHA256, keys.slices[k].data, keys.slices[k].len));
      CHECK_OK(mf_sparse_tree_put(tree, &key_hash, values.slices[k].data, values.slices[k].len));
    }
    const mf_bytes32 expected = bytes32_of(c->root);
    mf_bytes32 root;
    CHECK_OK(mf_sparse_tree_root(&root, tree));
    CHECK(bytes32_equal(&root, &expected));
    /* Every key proves membership under the published root; a changed value does not. */
    for (size_t k = 0; k < c->count; ++k) {
      mf_bytes32 key_hash;
      CHECK_OK(mf_sparse_key_hash(&key_hash, MF_SHA256, keys.slices[k].data, keys.slices[k].len));
      uint8_t value[64];
      size_t value_len = 0;
      bool found = false, ok = false;
      CHECK_OK(mf_sparse_tree_get(value, sizeof value, &value_len, &found, tree, &key_hash));
      CHECK(found && value_len == values.slices[k].len &&
            memcmp(value, values.slices[k].data, value_len) == 0);
      uint8_t proof[8400];
      size_t proof_len = 0;
      CHECK_OK(mf_sparse_tree_prove(proof, sizeof proof, &proof_len, tree, &key_hash));
      CHECK_OK(mf_sparse_verify_membership(&ok, MF_SHA256, &expected, &key_hash,
                                           values.slices[k].data, values.slices[k].len, proof,
                                           proof_len));
      CHECK(ok);
      CHECK_OK(mf_sparse_verify_membership(&ok, MF_SHA256, &expected, &key_hash, value,
                                           value_len + 1, proof, proof_len));
      CHECK(!ok);
      CHECK_OK(
          mf_sparse_verify_non_membership(&ok, MF_SHA256, &expected, &key_hash, proof, proof_len));
      CHECK(!ok);
    }
    uint64_t size = 0;
    CHECK_OK(mf_sparse_tree_size(&size, tree));
    CHECK(size == c->count);
    /* A key never inserted proves absence. */
    mf_bytes32 absent;
    CHECK_OK(mf_sparse_key_hash(&absent, MF_SHA256, (const uint8_t*)"absent", 6));
    uint8_t proof[8400];
    size_t proof_len = 0;
    bool ok = false, found = true;
    size_t value_len = 0;
    CHECK_OK(mf_sparse_tree_get(NULL, 0, &value_len, &found, tree, &absent));
    CHECK(!found);
    CHECK_OK(mf_sparse_tree_prove(proof, sizeof proof, &proof_len, tree, &absent));
    CHECK_OK(mf_sparse_verify_non_membership(&ok, MF_SHA256, &expected, &absent, proof, proof_len));
    CHECK(ok);
    mf_sparse_tree_free(tree);
    free_slices(keys);
    free_slices(values);
  }
}

/* Erasing the last key of each JMT vector gives the root of the vector before it (the vectors
 * add one key at a time). */
static void test_sparse_erase(void) {
  for (size_t i = 1; i < COUNT(jmt_cases); ++i) {
    const struct jmt_case* c = &jmt_cases[i];
    if (jmt_cases[i - 1].count + 1 != c->count) continue;
    slice_list keys = slices_of(c->keys, c->count), values = slices_of(c->values, c->count);
    mf_sparse_tree* tree = NULL;
    CHECK_OK(mf_sparse_tree_new(&tree, MF_SHA256));
    mf_bytes32 key_hash;
    for (size_t k = 0; k < c->count; ++k) {
      CHECK_OK(mf_sparse_key_hash(&key_hash, MF_SHA256, keys.slices[k].data, keys.slices[k].len));
      CHECK_OK(mf_sparse_tree_put(tree, &key_hash, values.slices[k].data, values.slices[k].len));
    }
    CHECK_OK(mf_sparse_tree_erase(tree, &key_hash));
    const mf_bytes32 expected = bytes32_of(jmt_cases[i - 1].root);
    mf_bytes32 root;
    CHECK_OK(mf_sparse_tree_root(&root, tree));
    CHECK(bytes32_equal(&root, &expected));
    mf_sparse_tree_free(tree);
    free_slices(keys);
    free_slices(values);
  }
}

static void test_verkle(void) {
  for (size_t i = 0; i < COUNT(tree_key_cases); ++i) {
    const struct tree_key_case* c = &tree_key_cases[i];
    const mf_bytes32 address32 = bytes32_of(c->address32), index = bytes32_of(c->index_le);
    const mf_bytes32 expected = bytes32_of(c->output);
    mf_bytes32 key;
    CHECK_OK(mf_verkle_tree_key(&key, &address32, &index, c->sub_index));
    CHECK(memcmp(key.bytes, expected.bytes, c->compared_bytes) == 0);
    CHECK(key.bytes[31] == c->sub_index);
  }
  for (size_t i = 0; i < COUNT(witness_cases); ++i) {
    size_t len = 0;
    char* json = read_vector_file(witness_cases[i].file, &len);
    const mf_bytes32 root = bytes32_of(witness_cases[i].pre_state_root);
    bool ok = !witness_cases[i].valid;
    CHECK_OK(mf_verkle_verify_witness_json(&ok, &root, json, len));
    if (ok != (bool)witness_cases[i].valid) {
      capi_fail(__FILE__, __LINE__, "witness verdict", witness_cases[i].file);
    }
    if (witness_cases[i].valid) {
      /* Under another pre-state root the valid witness does not verify. */
      const mf_bytes32 other =
          bytes32_of(witness_cases[(i + 1) % COUNT(witness_cases)].pre_state_root);
      if (!bytes32_equal(&other, &root)) {
        ok = true;
        CHECK_OK(mf_verkle_verify_witness_json(&ok, &other, json, len));
        CHECK(!ok);
      }
    }
    free(json);
  }
}

void run_vector_tests(void) {
  test_version();
  test_hashes();
  test_binary_tree();
  test_mpt_roots();
  test_mpt_state_root();
  test_mpt_proofs();
  test_mpt_range_proofs();
  test_sparse();
  test_sparse_erase();
  test_verkle();
}
