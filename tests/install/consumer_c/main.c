/* Prints SHA-256("abc") through the installed C API. */
#include <merkleforge.h>
#include <stdio.h>

int main(void) {
  mf_bytes32 digest;
  if (mf_hash(&digest, MF_SHA256, (const uint8_t*)"abc", 3) != MF_OK) return 1;
  for (int i = 0; i < 32; ++i) printf("%02x", digest.bytes[i]);
  printf("\n");
  return 0;
}
