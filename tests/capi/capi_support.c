#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "capi_test.h"

int capi_failures = 0;

void capi_fail(const char* file, int line, const char* what, const char* detail) {
  ++capi_failures;
  fprintf(stderr, "%s:%d: FAILED: %s %s\n", file, line, what, detail);
}

static int nibble(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

static const char* skip_0x(const char* hex) {
  return (hex[0] == '0' && (hex[1] == 'x' || hex[1] == 'X')) ? hex + 2 : hex;
}

size_t hex_decode(uint8_t* out, size_t capacity, const char* hex) {
  hex = skip_0x(hex);
  const size_t digits = strlen(hex);
  if (digits % 2 != 0 || digits / 2 > capacity) return SIZE_MAX;
  for (size_t i = 0; i < digits / 2; ++i) {
    const int high = nibble(hex[2 * i]), low = nibble(hex[2 * i + 1]);
    if (high < 0 || low < 0) return SIZE_MAX;
    out[i] = (uint8_t)(high * 16 + low);
  }
  return digits / 2;
}

static void bad_vector(const char* hex) {
  fprintf(stderr, "bad vector value '%s'\n", hex);
  exit(2);
}

mf_bytes32 bytes32_of(const char* hex) {
  mf_bytes32 value;
  if (hex_decode(value.bytes, 32, hex) != 32) bad_vector(hex);
  return value;
}

mf_bytes32 quantity32_of(const char* hex) {
  const char* digits = skip_0x(hex);
  const size_t length = strlen(digits);
  if (length > 64) bad_vector(hex);
  char padded[65];
  memset(padded, '0', 64 - length);
  memcpy(padded + 64 - length, digits, length + 1);
  return bytes32_of(padded);
}

uint8_t* hex_alloc(const char* hex, size_t* len) {
  const size_t capacity = strlen(hex) / 2 + 1;
  uint8_t* bytes = malloc(capacity);
  if (bytes == NULL) exit(2);
  *len = hex_decode(bytes, capacity, hex);
  if (*len == SIZE_MAX) bad_vector(hex);
  return bytes;
}

char* read_vector_file(const char* relative_path, size_t* len) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", MERKLEFORGE_VECTORS_DIR, relative_path);
  FILE* file = fopen(path, "rb");
  if (file == NULL) {
    fprintf(stderr, "missing vector file %s\n", path);
    exit(2);
  }
  fseek(file, 0, SEEK_END);
  const long size = ftell(file);
  fseek(file, 0, SEEK_SET);
  char* text = malloc((size_t)size + 1);
  if (text == NULL || fread(text, 1, (size_t)size, file) != (size_t)size) exit(2);
  fclose(file);
  text[size] = '\0';
  *len = (size_t)size;
  return text;
}

bool bytes32_equal(const mf_bytes32* a, const mf_bytes32* b) {
  return memcmp(a->bytes, b->bytes, 32) == 0;
}

int main(int argc, char** argv) {
  const char* suite = argc > 1 ? argv[1] : "all";
  if (strcmp(suite, "vectors") == 0 || strcmp(suite, "all") == 0) run_vector_tests();
  if (strcmp(suite, "garbage") == 0 || strcmp(suite, "all") == 0) run_garbage_tests();
  if (strcmp(suite, "state") == 0 || strcmp(suite, "all") == 0) run_state_tests();
  if (capi_failures != 0) {
    fprintf(stderr, "%d check(s) failed\n", capi_failures);
    return 1;
  }
  printf("all checks passed (%s)\n", suite);
  return 0;
}
