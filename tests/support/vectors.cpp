#include "support/vectors.hpp"

#include <fstream>
#include <stdexcept>

#include "merkleforge/core/hex.hpp"

namespace merkleforge::test {

std::filesystem::path vectors_dir() {
  const std::filesystem::path dir = MERKLEFORGE_VECTORS_DIR;
  if (!std::filesystem::is_directory(dir))
    throw std::runtime_error("vectors folder not found: " + dir.string());
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

Bytes kat_message(const nlohmann::json& entry) {
  if (entry.contains("msg_hex")) return hex_bytes(entry.at("msg_hex").get<std::string>());
  if (entry.contains("msg_ascii")) {
    const auto text = entry.at("msg_ascii").get<std::string>();
    return Bytes(text.begin(), text.end());
  }
  const auto& repeat = entry.at("msg_repeat");
  const std::uint8_t byte =
      repeat.contains("byte_hex")
          ? hex_bytes(repeat.at("byte_hex").get<std::string>()).at(0)
          : static_cast<std::uint8_t>(repeat.at("byte_ascii").get<std::string>().at(0));
  return Bytes(repeat.at("count").get<std::size_t>(), byte);
}

}  // namespace merkleforge::test
