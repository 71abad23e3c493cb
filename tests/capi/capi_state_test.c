/* mf_state_proof_verify on honest state proofs made by the C++ prover at build time
 * (make_state_proofs.cpp writes them into MERKLEFORGE_CAPI_STATE_DIR: a log's inclusions, a
 * binary tree's reads and its writes): the honest proofs verify; other statements (another root,
 * post-state root, leaf, value, written value or profile) and altered proofs do not; bytes that
 * do not decode are MF_MALFORMED, NULLs and statements out of form MF_BAD_ARGS. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "capi_test.h"

/* The statement's layout (include/merkleforge/state/statement.hpp): "MFST", version, kind,
 * profile; then for a log u64 size, root(32), u32 N, N x (u64 index, leaf hash(32)), for a
 * binary tree's reads hash (0 SHA-256), root(32), u32 N, N x (key(32), present, value(32) if
 * present), and for its writes hash, root(32), post-state root(32), u32 N, N x (the same, written,
 * new value(32) if written). */
enum {
  kProfileOffset = 6,
  kLogRootOffset = 7 + 8,
  kLogItemsOffset = 7 + 8 + 32 + 4,
  kLogItemSize = 8 + 32,
  kTrieRootOffset = 8,
  kTrieItemsOffset = 8 + 32 + 4,
  kPostRootOffset = 8 + 32,
  kWritesItemsOffset = 8 + 64 + 4,
};

typedef struct {
  uint8_t* bytes;
  size_t len;
} blob;

static blob read_state_file(const char* name) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", MERKLEFORGE_CAPI_STATE_DIR, name);
  FILE* file = fopen(path, "rb");
  if (file == NULL) {
    fprintf(stderr, "missing state proof file %s\n", path);
    exit(2);
  }
  fseek(file, 0, SEEK_END);
  const long size = ftell(file);
  fseek(file, 0, SEEK_SET);
  blob out = {malloc((size_t)size + 1), (size_t)size};
  if (out.bytes == NULL || fread(out.bytes, 1, out.len, file) != out.len) exit(2);
  fclose(file);
  return out;
}

static blob copy_of(blob b) {
  blob out = {malloc(b.len + 1), b.len};
  if (out.bytes == NULL) exit(2);
  memcpy(out.bytes, b.bytes, b.len);
  return out;
}

/* The verdict on (statement, proof): MF_OK and *ok, checked to be one of the two. */
static bool verdict(blob statement, blob proof) {
  bool ok = true;
  CHECK_OK(mf_state_proof_verify(&ok, statement.bytes, statement.len, proof.bytes, proof.len));
  return ok;
}

/* Flips one bit of the statement at `offset` and expects the honest proof not to show it. */
static void expect_other_statement_rejected(blob statement, blob proof, size_t offset) {
  blob other = copy_of(statement);
  other.bytes[offset] ^= 0x01;
  CHECK(!verdict(other, proof));
  free(other.bytes);
}

/* Every byte of an altered proof: an error code or *ok false, never a crash or an internal error;
 * flips spread over the whole proof (one every `stride` bytes) and its truncations. */
static void expect_altered_proofs_rejected(blob statement, blob proof, size_t stride) {
  blob altered = copy_of(proof);
  size_t malformed = 0, rejected = 0;
  for (size_t i = 0; i < altered.len; i += stride) {
    altered.bytes[i] ^= 0x10;
    bool ok = true;
    const mf_ret ret =
        mf_state_proof_verify(&ok, statement.bytes, statement.len, altered.bytes, altered.len);
    CHECK(ret == MF_MALFORMED || (ret == MF_OK && !ok));
    malformed += ret == MF_MALFORMED;
    rejected += ret == MF_OK;
    altered.bytes[i] ^= 0x10;
  }
  /* Most of a proof is field elements and hashes: a flip there decodes and fails a check. */
  CHECK(rejected > malformed);
  /* The last byte flipped, then cut: the proof's end is part of it. */
  altered.bytes[altered.len - 1] ^= 0x01;
  CHECK(!verdict(statement, altered));
  bool ok = true;
  CHECK_RET(mf_state_proof_verify(&ok, statement.bytes, statement.len, proof.bytes, proof.len - 1),
            MF_MALFORMED);
  free(altered.bytes);
}

static void test_log(void) {
  blob statement = read_state_file("log.statement"), proof = read_state_file("log.proof");
  CHECK(statement.len == kLogItemsOffset + 3 * kLogItemSize);
  CHECK(verdict(statement, proof));
  expect_other_statement_rejected(statement, proof, kLogRootOffset);      /* another root */
  expect_other_statement_rejected(statement, proof, kLogRootOffset + 31); /* another root */
  expect_other_statement_rejected(statement, proof, kLogItemsOffset + 8); /* another leaf */
  expect_other_statement_rejected(statement, proof, kProfileOffset);      /* slim, not fast */
  expect_altered_proofs_rejected(statement, proof, 997);

  /* Statements that decode but are out of form: MF_BAD_ARGS. */
  bool ok = true;
  blob unsorted = copy_of(statement); /* the first two reads swapped */
  memcpy(unsorted.bytes + kLogItemsOffset, statement.bytes + kLogItemsOffset + kLogItemSize,
         kLogItemSize);
  memcpy(unsorted.bytes + kLogItemsOffset + kLogItemSize, statement.bytes + kLogItemsOffset,
         kLogItemSize);
  CHECK_RET(mf_state_proof_verify(&ok, unsorted.bytes, unsorted.len, proof.bytes, proof.len),
            MF_BAD_ARGS);
  blob past = copy_of(statement); /* a log of 2 leaves: index 9 is past it */
  memset(past.bytes + 7, 0, 8);
  past.bytes[7] = 2;
  CHECK_RET(mf_state_proof_verify(&ok, past.bytes, past.len, proof.bytes, proof.len), MF_BAD_ARGS);
  free(unsorted.bytes);
  free(past.bytes);
  free(statement.bytes);
  free(proof.bytes);
}

static void test_bintrie(void) {
  blob statement = read_state_file("bintrie.statement"), proof = read_state_file("bintrie.proof");
  CHECK(verdict(statement, proof));
  expect_other_statement_rejected(statement, proof, kTrieRootOffset); /* another root */
  /* The first read is present: its value is after its key and presence byte. */
  CHECK(statement.bytes[kTrieItemsOffset + 32] == 1);
  expect_other_statement_rejected(statement, proof, kTrieItemsOffset + 33 + 31); /* value */
  expect_altered_proofs_rejected(statement, proof, 1009);

  /* The log's proof does not show the binary tree's statement (another kind of tree). */
  blob log_proof = read_state_file("log.proof");
  bool ok = true;
  CHECK_RET(
      mf_state_proof_verify(&ok, statement.bytes, statement.len, log_proof.bytes, log_proof.len),
      MF_MALFORMED);
  free(log_proof.bytes);
  free(statement.bytes);
  free(proof.bytes);
}

static void test_writes(void) {
  blob statement = read_state_file("writes.statement"), proof = read_state_file("writes.proof");
  CHECK(verdict(statement, proof));
  expect_other_statement_rejected(statement, proof, kTrieRootOffset); /* another pre-state */
  expect_other_statement_rejected(statement, proof, kPostRootOffset); /* another post-state */
  /* The first key is present and written: its new value follows its value and written byte. */
  CHECK(statement.bytes[kWritesItemsOffset + 32] == 1);
  CHECK(statement.bytes[kWritesItemsOffset + 65] == 1);
  expect_other_statement_rejected(statement, proof, kWritesItemsOffset + 66 + 31);
  expect_altered_proofs_rejected(statement, proof, 1013);

  /* The reads' proof does not show a write statement (another kind). */
  blob reads_proof = read_state_file("bintrie.proof");
  bool ok = true;
  CHECK_RET(mf_state_proof_verify(&ok, statement.bytes, statement.len, reads_proof.bytes,
                                  reads_proof.len),
            MF_MALFORMED);
  free(reads_proof.bytes);
  free(statement.bytes);
  free(proof.bytes);
}

static void test_malformed_and_null(void) {
  blob statement = read_state_file("log.statement"), proof = read_state_file("log.proof");
  bool ok = true;
  /* Statements that do not decode: empty, garbage, another magic, version, kind or profile,
   * every truncation, a byte after it. */
  const uint8_t garbage[64] = {0x4d, 0x46, 0x53, 0x54, 0x01, 0x00, 0x00, 0xff};
  CHECK_RET(mf_state_proof_verify(&ok, NULL, 0, proof.bytes, proof.len), MF_MALFORMED);
  CHECK_RET(mf_state_proof_verify(&ok, garbage, sizeof garbage, proof.bytes, proof.len),
            MF_MALFORMED);
  const size_t header_fields[4] = {0, 4, 5, 6};
  for (size_t i = 0; i < 4; ++i) {
    blob other = copy_of(statement);
    other.bytes[header_fields[i]] = 0x7f;
    CHECK_RET(mf_state_proof_verify(&ok, other.bytes, other.len, proof.bytes, proof.len),
              MF_MALFORMED);
    free(other.bytes);
  }
  for (size_t cut = 0; cut < statement.len; ++cut) {
    CHECK_RET(mf_state_proof_verify(&ok, statement.bytes, cut, proof.bytes, proof.len),
              MF_MALFORMED);
  }
  blob longer = {malloc(statement.len + 1), statement.len + 1};
  if (longer.bytes == NULL) exit(2);
  memcpy(longer.bytes, statement.bytes, statement.len);
  longer.bytes[statement.len] = 0;
  CHECK_RET(mf_state_proof_verify(&ok, longer.bytes, longer.len, proof.bytes, proof.len),
            MF_MALFORMED);
  free(longer.bytes);

  /* Proofs that do not decode: empty, garbage, the statement's bytes. */
  CHECK_RET(mf_state_proof_verify(&ok, statement.bytes, statement.len, NULL, 0), MF_MALFORMED);
  CHECK_RET(mf_state_proof_verify(&ok, statement.bytes, statement.len, garbage, sizeof garbage),
            MF_MALFORMED);
  CHECK_RET(
      mf_state_proof_verify(&ok, statement.bytes, statement.len, statement.bytes, statement.len),
      MF_MALFORMED);
  CHECK(strlen(mf_last_error()) > 0);

  /* NULL pointers with a length, and a NULL verdict: MF_BAD_ARGS, as every verifier. */
  CHECK_RET(mf_state_proof_verify(NULL, statement.bytes, statement.len, proof.bytes, proof.len),
            MF_BAD_ARGS);
  CHECK_RET(mf_state_proof_verify(&ok, NULL, statement.len, proof.bytes, proof.len), MF_BAD_ARGS);
  CHECK_RET(mf_state_proof_verify(&ok, statement.bytes, statement.len, NULL, proof.len),
            MF_BAD_ARGS);
  free(statement.bytes);
  free(proof.bytes);
}

void run_state_tests(void) {
  test_log();
  test_bintrie();
  test_writes();
  test_malformed_and_null();
}
