#include "support/vectors.hpp"

#include <fstream>
#include <stdexcept>

#include "merkleforge/core/hex.hpp"

namespace merkleforge::test {

std::filesystem::path vectors_dir() {
  const std::filesystem::path dir = MERKLEFORGE_VECTORS_DIR;
  if (!std::filesystem::is_directory(dir)) throw std::runtime_error("vectors folder not found: " + dir.string());
  return dir;
}

nlohmann::json load_vectors(const std::string& relative_path) {
  const auto path = vectors_dir() / relative_path;
  std::ifstream in(path);
  if (!in) throw std::runtime_error("vector file missing or unreadable: " + path.string());
  try {
    return nlohmann::json::parse(in);
  } catch (const nlohmann::json::parse_error& e) {
    throw std::runtime_error("vector file " + path.string() + " is not valid JSON: " + e.what());
  }
}

Bytes hex_bytes(const std::string& hex) {
  auto bytes = from_hex(hex);
  if (!bytes) throw std::runtime_error("bad hex in test data: " + bytes.error().message);
  return std::move(bytes).value();
}

}  // namespace merkleforge::test
