#include <iostream>
#include <merkleforge/core/hex.hpp>
#include <merkleforge/hash/sha256.hpp>

int main() {
  std::cout << merkleforge::to_hex(merkleforge::Sha256::digest(merkleforge::as_bytes("abc")))
            << "\n";
}
