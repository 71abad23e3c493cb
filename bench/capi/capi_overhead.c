/* Per-call cost of the C API (for bench/capi/python_overhead.py, which times the same work from
 * Python): one 32-byte SHA-256, one batch of 10,000 64-byte messages, one 1M-leaf RFC 6962 tree
 * build (build, root, free). Prints "name median_seconds" lines, the median of REPS runs each. */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "merkleforge.h"

enum { REPS = 7, BATCH = 10000, LEAVES = 1 << 20 };

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int by_value(const void* a, const void* b) {
  const double x = *(const double*)a, y = *(const double*)b;
  return (x > y) - (x < y);
}

static double median(double* samples) {
  qsort(samples, REPS, sizeof samples[0], by_value);
  return samples[REPS / 2];
}

int main(void) {
  uint8_t* data = malloc((size_t)LEAVES * 32);
  if (data == NULL) return 1;
  for (size_t i = 0; i < (size_t)LEAVES * 32; ++i) data[i] = (uint8_t)(i * 131 + (i >> 9));
  mf_bytes32* out = malloc(BATCH * sizeof(mf_bytes32));
  double samples[REPS];

  const int calls = 1000000;
  for (int r = 0; r < REPS; ++r) {
    mf_bytes32 digest;
    const double start = now();
    for (int i = 0; i < calls; ++i) {
      data[0] = (uint8_t)i;
      if (mf_hash(&digest, MF_SHA256, data, 32) != MF_OK) return 1;
    }
    samples[r] = (now() - start) / calls;
  }
  printf("c_sha256_32B %.3e\n", median(samples));

  for (int r = 0; r < REPS; ++r) {
    const double start = now();
    for (int i = 0; i < 20; ++i) {
      if (mf_hash_batch(out, MF_SHA256, NULL, 0, data, 64, BATCH) != MF_OK) return 1;
    }
    samples[r] = (now() - start) / 20;
  }
  printf("c_batch_10k_64B %.3e\n", median(samples));

  for (int r = 0; r < REPS; ++r) {
    mf_binary_tree* tree = NULL;
    mf_bytes32 root;
    const double start = now();
    if (mf_binary_tree_from_fixed_leaves(&tree, MF_SHA256, data, 32, LEAVES) != MF_OK) return 1;
    if (mf_binary_tree_root(&root, tree, LEAVES) != MF_OK) return 1;
    mf_binary_tree_free(tree); /* timed: the Python figure includes freeing the tree too */
    samples[r] = now() - start;
  }
  printf("c_tree_1M %.3e\n", median(samples));
  free(out);
  free(data);
  return 0;
}
