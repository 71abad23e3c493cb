/* MerkleForge C API: a stable C ABI over the C++ library (libmerkleforge_c.so / libmerkleforge_c.a,
 * `pkg-config --cflags --libs merkleforge-c`).
 *
 * Conventions (every function follows them):
 * - Names are mf_<module>_<verb>; types are mf_<name>; constants MF_<NAME>.
 * - Every fallible call returns an mf_ret. On any code but MF_OK the outputs are unspecified and
 *   mf_last_error() holds a message. No C++ exception ever crosses this boundary.
 * - Outputs come first and are allocated by the caller; every array has an explicit length.
 *   A variable-size output takes a capacity and writes the size it needs through a size_t*; when
 *   the capacity is too small the call returns MF_BUFFER_TOO_SMALL with that size written.
 * - Verifiers return MF_OK with the verdict in *ok: MF_OK with *ok == false is a well-formed input
 *   that does not verify; a proof that cannot be decoded returns MF_MALFORMED. Every trusted value
 *   (root, size, key) is an argument, never taken from the proof.
 * - Stateful objects are opaque handles made by mf_<object>_new / _from_* and released by
 *   mf_<object>_free (which accepts NULL).
 * - A pointer argument may be NULL only where its length is 0 or where the comment says so.
 * - Thread safety is stated per function: "any thread" = no shared state; "shared" = may run
 *   concurrently with other shared calls on the same handle; "exclusive" = needs the handle for
 *   itself (no concurrent call on it). Constructors (_new, _from_*) run on any thread; _free is
 *   exclusive. A section heading's note (e.g. "any thread") covers the functions under it that
 *   state none.
 *
 * The exported symbols are exactly those declared here; src/capi/merkleforge_c.symbols lists them
 * and a test compares it with the library's dynamic symbol table. */
#ifndef MERKLEFORGE_H
#define MERKLEFORGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define MF_API __attribute__((visibility("default")))
#else
#define MF_API
#endif

/* ---- Version and errors -------------------------------------------------------------------- */

#define MF_VERSION_MAJOR 0
#define MF_VERSION_MINOR 1
#define MF_VERSION_PATCH 0

/* The library's version as "MAJOR.MINOR.PATCH" (static storage). Any thread. */
MF_API const char* mf_version(void);

typedef enum mf_ret {
  MF_OK = 0,
  MF_BAD_ARGS = 1,         /* an argument out of its documented range (NULL, index, size) */
  MF_MALFORMED = 2,        /* input bytes or text that do not decode */
  MF_IO = 3,               /* the operating system reported an error */
  MF_NO_MEMORY = 4,        /* an allocation failed */
  MF_INTERNAL = 5,         /* a bug in MerkleForge (please report mf_last_error()) */
  MF_BUFFER_TOO_SMALL = 6, /* the output capacity is too small; the size needed is written */
  /* Not a code: makes the type hold any int, so that a caller's out-of-range value is an
   * "unknown" code in C++ too rather than undefined behaviour. */
  MF_RET_MAX_ENUM = 0x7FFFFFFF,
} mf_ret;

/* Stable lower-case name of a code ("ok", "bad_args", ...); "unknown" for other values. Any
 * thread. */
MF_API const char* mf_ret_name(mf_ret code);

/* The message of the last call on this thread that did not return MF_OK ("" if none); kept
 * until the thread's next failing call. Per thread. */
MF_API const char* mf_last_error(void);

/* ---- Shared types ---------------------------------------------------------------------------- */

typedef struct mf_bytes32 {
  uint8_t bytes[32];
} mf_bytes32;

typedef struct mf_address {
  uint8_t bytes[20];
} mf_address;

/* A read-only byte string (data may be NULL when len is 0). */
typedef struct mf_slice {
  const uint8_t* data;
  size_t len;
} mf_slice;

typedef enum mf_hash_algo {
  MF_SHA256 = 0,
  MF_KECCAK256 = 1, /* Ethereum's Keccak-256 (padding 0x01) */
  MF_SHA3_256 = 2,  /* FIPS 202 */
  MF_BLAKE3 = 3,
  /* Not an algorithm: makes the type hold any int, so that an unknown value is MF_BAD_ARGS in
   * C++ too rather than undefined behaviour. */
  MF_HASH_ALGO_MAX_ENUM = 0x7FFFFFFF,
} mf_hash_algo;

/* ---- Hashes (any thread) -----------------------------------------------------------------------
 */

/* *out = H(data). Errors: MF_BAD_ARGS for an unknown algorithm. */
MF_API mf_ret mf_hash(mf_bytes32* out, mf_hash_algo algo, const uint8_t* data, size_t len);

/* out[i] = H(prefix ‖ messages[i*message_len .. (i+1)*message_len)) for i < count: one call hashes
 * a batch of equal-length messages (e.g. prefix 0x01 and 64-byte child pairs: a tree level) with
 * the SIMD batch kernels. out holds count digests and must not overlap the inputs. */
MF_API mf_ret mf_hash_batch(mf_bytes32* out, mf_hash_algo algo, const uint8_t* prefix,
                            size_t prefix_len, const uint8_t* messages, size_t message_len,
                            size_t count);

/* Incremental hashing. A handle is used by one thread at a time (exclusive). */
typedef struct mf_hasher mf_hasher;
MF_API mf_ret mf_hasher_new(mf_hasher** out, mf_hash_algo algo);
/* Absorbs data. Errors: MF_BAD_ARGS after mf_hasher_final. */
MF_API mf_ret mf_hasher_update(mf_hasher* hasher, const uint8_t* data, size_t len);
/* The digest of everything absorbed; the handle is spent afterwards (only _free remains).
 * Errors: MF_BAD_ARGS when called twice. */
MF_API mf_ret mf_hasher_final(mf_bytes32* out, mf_hasher* hasher);
MF_API void mf_hasher_free(mf_hasher* hasher);

/* ---- Binary Merkle tree (RFC 6962 / RFC 9162) ---------------------------------------------------
 * leaf = H(0x00 ‖ data), node = H(0x01 ‖ left ‖ right), empty root = H("") (BLAKE3 separates by
 * keyed mode instead, docs/binary-tree.md). Proof paths are bottom-up sibling hashes, at most 64
 * for inclusion and 128 for consistency. */

typedef struct mf_binary_tree mf_binary_tree;

/* The RFC 6962 leaf hash of data. Any thread. */
MF_API mf_ret mf_binary_leaf_hash(mf_bytes32* out, mf_hash_algo algo, const uint8_t* data,
                                  size_t len);
/* An empty tree. */
MF_API mf_ret mf_binary_tree_new(mf_binary_tree** out, mf_hash_algo algo);
/* The tree over count leaves of any lengths. */
MF_API mf_ret mf_binary_tree_from_leaves(mf_binary_tree** out, mf_hash_algo algo,
                                         const mf_slice* leaves, size_t count);
/* The tree over count leaves of leaf_len bytes each, stored back to back (count * leaf_len
 * bytes); leaf hashes go through the batch kernel. */
MF_API mf_ret mf_binary_tree_from_fixed_leaves(mf_binary_tree** out, mf_hash_algo algo,
                                               const uint8_t* leaves, size_t leaf_len,
                                               size_t count);
/* The tree over count given leaf hashes. */
MF_API mf_ret mf_binary_tree_from_leaf_hashes(mf_binary_tree** out, mf_hash_algo algo,
                                              const mf_bytes32* leaf_hashes, size_t count);
MF_API void mf_binary_tree_free(mf_binary_tree* tree);
/* Appends one leaf (data). Exclusive. */
MF_API mf_ret mf_binary_tree_append(mf_binary_tree* tree, const uint8_t* data, size_t len);
/* Number of leaves. Shared. */
MF_API mf_ret mf_binary_tree_size(uint64_t* out, const mf_binary_tree* tree);
/* Root of the tree of the first tree_size leaves (tree_size = current size: the root).
 * Errors: MF_BAD_ARGS if tree_size > size. Shared. */
MF_API mf_ret mf_binary_tree_root(mf_bytes32* out, const mf_binary_tree* tree, uint64_t tree_size);
/* Inclusion proof of leaf index in the tree of the first tree_size leaves: *path_len sibling
 * hashes into path (capacity entries; 64 always suffice). Errors: MF_BAD_ARGS unless
 * index < tree_size <= size. Shared. */
MF_API mf_ret mf_binary_tree_inclusion_proof(mf_bytes32* path, size_t capacity, size_t* path_len,
                                             const mf_binary_tree* tree, uint64_t index,
                                             uint64_t tree_size);
/* Consistency proof between the trees of the first old_size and new_size leaves (128 entries
 * always suffice). Errors: MF_BAD_ARGS unless 0 < old_size <= new_size <= size. Shared. */
MF_API mf_ret mf_binary_tree_consistency_proof(mf_bytes32* path, size_t capacity, size_t* path_len,
                                               const mf_binary_tree* tree, uint64_t old_size,
                                               uint64_t new_size);
/* *ok = path proves that leaf_hash is leaf index of the tree of tree_size leaves with root
 * root. Any thread. */
MF_API mf_ret mf_binary_verify_inclusion(bool* ok, mf_hash_algo algo, const mf_bytes32* root,
                                         uint64_t tree_size, uint64_t index,
                                         const mf_bytes32* leaf_hash, const mf_bytes32* path,
                                         size_t path_len);
/* *ok = the tree (new_root, new_size) extends (old_root, old_size). Any thread. */
MF_API mf_ret mf_binary_verify_consistency(bool* ok, mf_hash_algo algo, const mf_bytes32* old_root,
                                           uint64_t old_size, const mf_bytes32* new_root,
                                           uint64_t new_size, const mf_bytes32* path,
                                           size_t path_len);

/* ---- Ethereum Merkle Patricia trie (Keccak-256; any thread) -------------------------------------
 * Proofs are the RLP nodes on the key's path, root first (EIP-1186 / eth_getProof). The verifiers
 * return MF_MALFORMED when a node is not a canonical trie node encoding (or, for ranges, the
 * keys and values break the documented form), and *ok = false for well-formed nodes that do not
 * prove the claim. */

/* Root of the trie holding the pairs, applied in order (a later pair of the same key wins; an
 * empty value erases). */
MF_API mf_ret mf_mpt_root(mf_bytes32* out, const mf_slice* keys, const mf_slice* values,
                          size_t count);
/* The same with every key replaced by keccak256(key) (Ethereum's secure trie). */
MF_API mf_ret mf_mpt_secure_root(mf_bytes32* out, const mf_slice* keys, const mf_slice* values,
                                 size_t count);

/* An account of the state trie. */
typedef struct mf_account {
  uint64_t nonce;
  mf_bytes32 balance; /* big-endian */
  mf_bytes32 storage_root;
  mf_bytes32 code_hash;
} mf_account;

/* keccak256 of empty code and the root of the empty trie (for mf_account defaults). Any
 * thread. */
MF_API void mf_mpt_empty_code_hash(mf_bytes32* out);
MF_API void mf_mpt_empty_root(mf_bytes32* out);

/* State root of count accounts at addresses[i] (a later entry for the same address wins). */
MF_API mf_ret mf_mpt_state_root(mf_bytes32* out, const mf_address* addresses,
                                const mf_account* accounts, size_t count);
/* State root of a geth genesis file or bare alloc map (JSON text, with code and storage).
 * Errors: MF_MALFORMED naming the field. */
MF_API mf_ret mf_mpt_genesis_root(mf_bytes32* out, const char* json, size_t len);

/* *ok = proof shows key ↦ value under root (value_len 0: shows key absent). */
MF_API mf_ret mf_mpt_verify_proof(bool* ok, const mf_bytes32* root, const uint8_t* key,
                                  size_t key_len, const uint8_t* value, size_t value_len,
                                  const mf_slice* proof, size_t proof_len);
/* EIP-1186 account proof: *ok = proof shows address holding *account under state_root
 * (account NULL: shows the address has no account). */
MF_API mf_ret mf_mpt_verify_account_proof(bool* ok, const mf_bytes32* state_root,
                                          const mf_address* address, const mf_account* account,
                                          const mf_slice* proof, size_t proof_len);
/* EIP-1186 storage proof: *ok = proof shows slot holding value (big-endian; zero: absent) under
 * the account's storage_root. */
MF_API mf_ret mf_mpt_verify_storage_proof(bool* ok, const mf_bytes32* storage_root,
                                          const mf_bytes32* slot, const mf_bytes32* value,
                                          const mf_slice* proof, size_t proof_len);
/* Range proof (snap sync): *ok = keys/values (sorted, one key length, non-empty values) are
 * exactly the entries under root from first_key up to the last key, given the edge proofs of
 * first_key and of the last key in proof (any order; empty proof: the entries are the whole
 * trie). When *ok, *more tells whether the trie holds entries after the last key (more may be
 * NULL). */
MF_API mf_ret mf_mpt_verify_range_proof(bool* ok, bool* more, const mf_bytes32* root,
                                        const uint8_t* first_key, size_t first_key_len,
                                        const mf_slice* keys, const mf_slice* values, size_t count,
                                        const mf_slice* proof, size_t proof_len);

/* ---- Sparse Merkle tree (Jellyfish-compatible)
 * ---------------------------------------------------- Keys are 32-byte key hashes
 * (mf_sparse_key_hash gives H(key) as JMT). Proofs are the versioned binary form of
 * docs/sparse-tree.md; decoding them needs the queried key hash. */

typedef struct mf_sparse_tree mf_sparse_tree;

/* H(key), the key hash JMT stores key under. Any thread. */
MF_API mf_ret mf_sparse_key_hash(mf_bytes32* out, mf_hash_algo algo, const uint8_t* key,
                                 size_t len);
MF_API mf_ret mf_sparse_tree_new(mf_sparse_tree** out, mf_hash_algo algo);
MF_API void mf_sparse_tree_free(mf_sparse_tree* tree);
/* Sets key_hash to value (any length, also empty). Exclusive. */
MF_API mf_ret mf_sparse_tree_put(mf_sparse_tree* tree, const mf_bytes32* key_hash,
                                 const uint8_t* value, size_t len);
/* Removes key_hash if present. Exclusive. */
MF_API mf_ret mf_sparse_tree_erase(mf_sparse_tree* tree, const mf_bytes32* key_hash);
/* *found = key_hash is present; if so its value goes to value (capacity bytes) and its length to
 * *value_len. Shared. */
MF_API mf_ret mf_sparse_tree_get(uint8_t* value, size_t capacity, size_t* value_len, bool* found,
                                 const mf_sparse_tree* tree, const mf_bytes32* key_hash);
/* Root hash (the placeholder "SPARSE_MERKLE_PLACEHOLDER_HASH__" when empty). Shared. */
MF_API mf_ret mf_sparse_tree_root(mf_bytes32* out, const mf_sparse_tree* tree);
/* Number of keys. Shared. */
MF_API mf_ret mf_sparse_tree_size(uint64_t* out, const mf_sparse_tree* tree);
/* The encoded (non-)membership proof of key_hash (at most 8 + 64 + 32 + 256 * 32 bytes). Shared. */
MF_API mf_ret mf_sparse_tree_prove(uint8_t* proof, size_t capacity, size_t* proof_len,
                                   const mf_sparse_tree* tree, const mf_bytes32* key_hash);
/* *ok = proof shows key_hash ↦ value under root. Errors: MF_MALFORMED when the proof does not
 * decode. Any thread. */
MF_API mf_ret mf_sparse_verify_membership(bool* ok, mf_hash_algo algo, const mf_bytes32* root,
                                          const mf_bytes32* key_hash, const uint8_t* value,
                                          size_t value_len, const uint8_t* proof, size_t proof_len);
/* *ok = proof shows key_hash absent under root. Errors: as above. Any thread. */
MF_API mf_ret mf_sparse_verify_non_membership(bool* ok, mf_hash_algo algo, const mf_bytes32* root,
                                              const mf_bytes32* key_hash, const uint8_t* proof,
                                              size_t proof_len);

/* ---- Verkle (EIP-6800; any thread)
 * ---------------------------------------------------------------- The first call builds 150 MiB of
 * tables for tree keys (once per process, thread-safe). */

/* get_tree_key(address32, tree_index, sub_index): address32 = 12 zero bytes ‖ address (or any
 * 32-byte value), tree_index as 32 little-endian bytes. */
MF_API mf_ret mf_verkle_tree_key(mf_bytes32* out, const mf_bytes32* address32,
                                 const mf_bytes32* tree_index_le, uint8_t sub_index);
/* *ok = the execution witness's current values are those under pre_state_root (the parent
 * block's state root, a compressed Banderwagon point). The witness is its geth/Kaustinen JSON
 * form (alone or as a block's "executionWitness") or, for _ssz, the consensus-specs SSZ
 * encoding. Errors: MF_MALFORMED when it does not parse or cannot be well formed (counts that
 * disagree, points that do not decode, a value claimed where the proof says absent). */
MF_API mf_ret mf_verkle_verify_witness_json(bool* ok, const mf_bytes32* pre_state_root,
                                            const char* json, size_t len);
MF_API mf_ret mf_verkle_verify_witness_ssz(bool* ok, const mf_bytes32* pre_state_root,
                                           const uint8_t* ssz, size_t len);

/* ---- Succinct state proofs (any thread)
 * ------------------------------------------------------------------------------------------------
 * One proof that N reads of an authenticated tree hold: N inclusions in an RFC 6962 log, or N
 * values (or absences) in a binary state tree. The statement is the "MFST" encoding of
 * include/merkleforge/state/statement.hpp (tree kind, commitment profile, root and the reads);
 * every value in it is trusted, from the caller. */

/* *ok = proof shows the statement. Errors: MF_MALFORMED when the statement or the proof does not
 * decode (truncated, another magic, version, tree kind or profile, bytes after it);
 * MF_BAD_ARGS for NULL arguments and for a statement that decodes but is out of form (no reads,
 * indices or keys unsorted or repeated, an index past the log's size). A well-formed proof that
 * does not show the statement (another root, leaf, value or profile; an honest proof with bytes
 * changed, unless the change breaks its encoding) is MF_OK with *ok == false. */
MF_API mf_ret mf_state_proof_verify(bool* ok, const uint8_t* statement, size_t statement_len,
                                    const uint8_t* proof, size_t proof_len);

#ifdef __cplusplus
}
#endif

#endif /* MERKLEFORGE_H */
