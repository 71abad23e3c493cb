/* Shared helpers of the C API tests (C11): checks that count failures, hex decoding, files. */
#ifndef MERKLEFORGE_CAPI_TEST_H
#define MERKLEFORGE_CAPI_TEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "merkleforge.h"

extern int capi_failures;

/* Reports a failed condition with its location; the test continues. */
#define CHECK(condition)                                             \
  do {                                                               \
    if (!(condition)) capi_fail(__FILE__, __LINE__, #condition, ""); \
  } while (0)
/* An mf_ call that must return `expected`. */
#define CHECK_RET(call, expected)                                                       \
  do {                                                                                  \
    mf_ret capi_ret_ = (call);                                                          \
    if (capi_ret_ != (expected)) capi_fail(__FILE__, __LINE__, #call, mf_last_error()); \
  } while (0)
#define CHECK_OK(call) CHECK_RET(call, MF_OK)

void capi_fail(const char* file, int line, const char* what, const char* detail);

/* Decodes hex (no 0x) into out (capacity bytes); returns the byte count, or SIZE_MAX when the
 * text is not hex or does not fit. */
size_t hex_decode(uint8_t* out, size_t capacity, const char* hex);
/* A 32-byte value from 64 hex digits (optional 0x); exits the test on bad data. */
mf_bytes32 bytes32_of(const char* hex);
/* A big-endian 32-byte value of a 0x-quantity of up to 64 hex digits. */
mf_bytes32 quantity32_of(const char* hex);
/* A freshly allocated decode of hex (optional 0x), its length in *len. */
uint8_t* hex_alloc(const char* hex, size_t* len);
/* The contents of MERKLEFORGE_VECTORS_DIR/relative_path (malloc'd), its length in *len. */
char* read_vector_file(const char* relative_path, size_t* len);
bool bytes32_equal(const mf_bytes32* a, const mf_bytes32* b);

void run_vector_tests(void);
void run_garbage_tests(void);
void run_state_tests(void);

#endif
