/* Every decoder and verifier of the C API fed garbage, truncated and NULL inputs: each must return
 * an error code (or, for a verifier, a false verdict), never crash. Run under ASan+UBSan by the
 * asan preset. */
#include <stdlib.h>
#include <string.h>

#include "capi_test.h"

/* A deterministic pseudo-random byte stream (xorshift), so failures reproduce. */
static uint64_t rng_state = 0x9e3779b97f4a7c15u;
static uint8_t next_byte(void) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return (uint8_t)rng_state;
}
static void fill_random(uint8_t* out, size_t len) {
  for (size_t i = 0; i < len; ++i) out[i] = next_byte();
}

/* A verifier's outcome on junk: an error code, or MF_OK with *ok false. */
#define CHECK_REJECTED(call, ok)                                          \
  do {                                                                    \
    ok = true;                                                            \
    mf_ret rejected_ret_ = (call);                                        \
    CHECK(rejected_ret_ != MF_OK || !ok);                                 \
    CHECK(rejected_ret_ != MF_INTERNAL && rejected_ret_ != MF_NO_MEMORY); \
  } while (0)

static void test_null_arguments(void) {
  mf_bytes32 digest;
  bool ok;
  CHECK_RET(mf_hash(NULL, MF_SHA256, NULL, 0), MF_BAD_ARGS);
  CHECK_RET(mf_hash(&digest, MF_SHA256, NULL, 1), MF_BAD_ARGS);
  CHECK_RET(mf_hash(&digest, (mf_hash_algo)17, NULL, 0), MF_BAD_ARGS);
  CHECK(strlen(mf_last_error()) > 0);
  CHECK_RET(mf_hash_batch(&digest, MF_SHA256, NULL, 0, NULL, 64, 1), MF_BAD_ARGS);
  CHECK_RET(mf_hash_batch(NULL, MF_SHA256, NULL, 0, NULL, 0, 1), MF_BAD_ARGS);
  CHECK_RET(mf_hasher_new(NULL, MF_SHA256), MF_BAD_ARGS);
  CHECK_RET(mf_hasher_update(NULL, NULL, 0), MF_BAD_ARGS);
  CHECK_RET(mf_binary_tree_from_leaves(NULL, MF_SHA256, NULL, 0), MF_BAD_ARGS);
  mf_binary_tree* tree = NULL;
  CHECK_RET(mf_binary_tree_from_leaves(&tree, MF_SHA256, NULL, 3), MF_BAD_ARGS);
  CHECK_RET(mf_binary_tree_from_fixed_leaves(&tree, MF_SHA256, NULL, 0, 3), MF_BAD_ARGS);
  CHECK_RET(mf_binary_tree_from_fixed_leaves(&tree, MF_SHA256, (const uint8_t*)"x", SIZE_MAX, 2),
            MF_BAD_ARGS);
  CHECK_RET(mf_binary_tree_size(NULL, NULL), MF_BAD_ARGS);
  CHECK_RET(mf_binary_verify_inclusion(&ok, MF_SHA256, NULL, 1, 0, NULL, NULL, 0), MF_BAD_ARGS);
  CHECK_RET(mf_mpt_root(&digest, NULL, NULL, 2), MF_BAD_ARGS);
  CHECK_RET(mf_mpt_verify_proof(NULL, &digest, NULL, 0, NULL, 0, NULL, 0), MF_BAD_ARGS);
  CHECK_RET(mf_sparse_tree_put(NULL, &digest, NULL, 0), MF_BAD_ARGS);
  CHECK_RET(mf_sparse_verify_membership(&ok, MF_SHA256, &digest, &digest, NULL, 0, NULL, 1),
            MF_BAD_ARGS);
  CHECK_RET(mf_verkle_tree_key(&digest, NULL, &digest, 0), MF_BAD_ARGS);
  CHECK_RET(mf_verkle_verify_witness_json(&ok, &digest, NULL, 5), MF_BAD_ARGS);
  mf_hasher_free(NULL);
  mf_binary_tree_free(NULL);
  mf_sparse_tree_free(NULL);
}

static void test_binary_out_of_range(void) {
  mf_binary_tree* tree = NULL;
  const uint8_t leaves[4 * 8] = {0};
  CHECK_OK(mf_binary_tree_from_fixed_leaves(&tree, MF_SHA256, leaves, 8, 4));
  mf_bytes32 path[128], root;
  size_t len = 0;
  CHECK_RET(mf_binary_tree_root(&root, tree, 5), MF_BAD_ARGS);
  CHECK_RET(mf_binary_tree_inclusion_proof(path, 64, &len, tree, 4, 4), MF_BAD_ARGS);
  CHECK_RET(mf_binary_tree_inclusion_proof(path, 64, &len, tree, 0, 5), MF_BAD_ARGS);
  CHECK_RET(mf_binary_tree_consistency_proof(path, 128, &len, tree, 0, 4), MF_BAD_ARGS);
  CHECK_RET(mf_binary_tree_consistency_proof(path, 128, &len, tree, 3, 2), MF_BAD_ARGS);
  /* Random paths of every length up to past the limit never verify. */
  CHECK_OK(mf_binary_tree_root(&root, tree, 4));
  bool ok;
  for (size_t n = 0; n <= 70; ++n) {
    fill_random((uint8_t*)path, sizeof path);
    CHECK_REJECTED(mf_binary_verify_inclusion(&ok, MF_BLAKE3, &root, 4, 1, &path[0], path, n), ok);
    CHECK_REJECTED(mf_binary_verify_inclusion(&ok, MF_SHA256, &root, UINT64_MAX, UINT64_MAX - 1,
                                              &path[0], path, n),
                   ok);
    CHECK_REJECTED(mf_binary_verify_consistency(&ok, MF_SHA256, &root, 3, &root, 4, path, n), ok);
    CHECK_REJECTED(mf_binary_verify_consistency(&ok, MF_SHA256, &root, 0, &root, 4, path, n), ok);
  }
  mf_binary_tree_free(tree);
}

/* Random blobs, every prefix of an RLP-looking node, and lists of them as MPT proofs. */
static void test_mpt_garbage(void) {
  uint8_t blob[600];
  mf_bytes32 root;
  fill_random(root.bytes, 32);
  mf_address address = {{0}};
  mf_account account = {0};
  const uint8_t key[4] = {1, 2, 3, 4};
  bool ok, more;
  for (int round = 0; round < 300; ++round) {
    const size_t len = next_byte() % 2 ? (size_t)(next_byte()) * 2 : (size_t)(next_byte() % 40);
    fill_random(blob, len);
    if (round % 3 == 0 && len > 0) blob[0] = (uint8_t)(0xc0 + next_byte() % 64); /* list header */
    mf_slice proof[3] = {{blob, len}, {blob, len / 2}, {blob + len / 3, len - len / 3}};
    const size_t nodes = 1 + (size_t)round % 3;
    CHECK_REJECTED(mf_mpt_verify_proof(&ok, &root, key, 4, key, 4, proof, nodes), ok);
    CHECK_REJECTED(mf_mpt_verify_proof(&ok, &root, key, 4, NULL, 0, proof, nodes), ok);
    CHECK_REJECTED(mf_mpt_verify_account_proof(&ok, &root, &address, &account, proof, nodes), ok);
    CHECK_REJECTED(mf_mpt_verify_storage_proof(&ok, &root, &root, &root, proof, nodes), ok);
    const mf_slice keys[1] = {{key, 4}};
    CHECK_REJECTED(
        mf_mpt_verify_range_proof(&ok, &more, &root, key, 4, keys, keys, 1, proof, nodes), ok);
    size_t json_len = len;
    CHECK(mf_mpt_genesis_root(&root, (const char*)blob, json_len) != MF_OK);
  }
  /* Range-proof arguments out of form. */
  const mf_slice unsorted[2] = {{(const uint8_t*)"bb", 2}, {(const uint8_t*)"aa", 2}};
  CHECK_RET(mf_mpt_verify_range_proof(&ok, &more, &root, (const uint8_t*)"aa", 2, unsorted,
                                      unsorted, 2, NULL, 0),
            MF_BAD_ARGS);
  const char* truncated_genesis =
      "{\"alloc\": {\"0x00000000000000000000000000000000000000aa\": {\"bal";
  CHECK_RET(mf_mpt_genesis_root(&root, truncated_genesis, strlen(truncated_genesis)), MF_MALFORMED);
}

static void test_sparse_garbage(void) {
  mf_sparse_tree* tree = NULL;
  CHECK_OK(mf_sparse_tree_new(&tree, MF_SHA256));
  mf_bytes32 key, root;
  CHECK_OK(mf_sparse_key_hash(&key, MF_SHA256, (const uint8_t*)"k", 1));
  CHECK_OK(mf_sparse_tree_put(tree, &key, (const uint8_t*)"value", 5));
  mf_bytes32 other;
  CHECK_OK(mf_sparse_key_hash(&other, MF_SHA256, (const uint8_t*)"other", 5));
  CHECK_OK(mf_sparse_tree_put(tree, &other, (const uint8_t*)"v2", 2));
  CHECK_OK(mf_sparse_tree_root(&root, tree));
  uint8_t proof[8400];
  size_t proof_len = 0;
  CHECK_OK(mf_sparse_tree_prove(proof, sizeof proof, &proof_len, tree, &key));
  CHECK_RET(mf_sparse_tree_prove(proof, proof_len - 1, &proof_len, tree, &key),
            MF_BUFFER_TOO_SMALL);
  uint8_t value[2];
  size_t value_len = 0;
  bool found = false, ok = false;
  CHECK_RET(mf_sparse_tree_get(value, sizeof value, &value_len, &found, tree, &key),
            MF_BUFFER_TOO_SMALL);
  CHECK(value_len == 5);
  /* Every truncation and every single-bit change of a valid proof. */
  for (size_t cut = 0; cut < proof_len; ++cut) {
    CHECK_REJECTED(mf_sparse_verify_membership(&ok, MF_SHA256, &root, &key, (const uint8_t*)"value",
                                               5, proof, cut),
                   ok);
  }
  for (size_t bit = 0; bit < proof_len * 8; ++bit) {
    proof[bit / 8] ^= (uint8_t)(1u << (bit % 8));
    CHECK_REJECTED(mf_sparse_verify_membership(&ok, MF_SHA256, &root, &key, (const uint8_t*)"value",
                                               5, proof, proof_len),
                   ok);
    proof[bit / 8] ^= (uint8_t)(1u << (bit % 8));
  }
  CHECK_OK(mf_sparse_verify_membership(&ok, MF_SHA256, &root, &key, (const uint8_t*)"value", 5,
                                       proof, proof_len));
  CHECK(ok);
  for (int round = 0; round < 200; ++round) {
    const size_t len = (size_t)next_byte() * 3;
    fill_random(proof, len);
    if (len > 0) proof[0] = 1; /* the format version, to get past the first check */
    CHECK_REJECTED(mf_sparse_verify_non_membership(&ok, MF_SHA256, &root, &key, proof, len), ok);
    CHECK_REJECTED(mf_sparse_verify_membership(&ok, MF_KECCAK256, &root, &key, NULL, 0, proof, len),
                   ok);
  }
  mf_sparse_tree_free(tree);
}

static void test_verkle_garbage(void) {
  size_t len = 0;
  char* json = read_vector_file("verkle/rust-verkle-java/valid_block_1.json", &len);
  const mf_bytes32 root =
      bytes32_of("1fbf85345a3cbba9a6d44f991b721e55620a22397c2a93ee8d5011136ac300ee");
  bool ok;
  /* Truncations at every 7th byte (all of them would take too long for a unit test). */
  for (size_t cut = 0; cut < len; cut += 7) {
    CHECK_REJECTED(mf_verkle_verify_witness_json(&ok, &root, json, cut), ok);
  }
  uint8_t blob[512];
  for (int round = 0; round < 200; ++round) {
    const size_t blob_len = (size_t)next_byte() * 2;
    fill_random(blob, blob_len);
    CHECK_REJECTED(mf_verkle_verify_witness_ssz(&ok, &root, blob, blob_len), ok);
    CHECK_REJECTED(mf_verkle_verify_witness_json(&ok, &root, (const char*)blob, blob_len), ok);
  }
  free(json);
}

void run_garbage_tests(void) {
  test_null_arguments();
  test_binary_out_of_range();
  test_mpt_garbage();
  test_sparse_garbage();
  test_verkle_garbage();
}
