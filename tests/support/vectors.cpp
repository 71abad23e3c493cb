#include "support/vectors.hpp"

#include <fstream>
#include <stdexcept>

#include "merkleforge/core/hex.hpp"

namespace merkleforge::test {

std::filesystem::path vectors_dir() {
  std::filesystem::path dir = std::filesystem::path(MERKLEFORGE_SHARED_DIR) / "vectors";
  if (const char* override_dir = std::getenv("MERKLEFORGE_SHARED_DIR")) {
    dir = std::filesystem::path(override_dir) / "vectors";
  }
  if (!std::filesystem::is_directory(dir)) throw std::runtime_error("vectors folder not found: " + dir.string());
  return dir;
}

nlohmann::json load_vectors(const std::string& relative_path) {
  const auto path = vectors_dir() / relative_path;
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open vector file " + path.string());
  return nlohmann::json::parse(in);
}

Bytes hex_bytes(const std::string& hex) {
  auto bytes = from_hex(hex);
  if (!bytes) throw std::runtime_error("bad hex in test data: " + bytes.error().message);
  return std::move(bytes).value();
}

}  // namespace merkleforge::test
