// Access to the shared conformance vectors (../shared/vectors) from tests.
#pragma once

#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "merkleforge/core/bytes.hpp"

namespace merkleforge::test {

/// The shared/vectors folder; fails the calling test (via exception) when it is missing.
std::filesystem::path vectors_dir();

/// Parses vectors/<relative_path> as JSON; throws std::runtime_error with the path if unreadable.
nlohmann::json load_vectors(const std::string& relative_path);

/// Hex (with or without 0x) to bytes; throws std::runtime_error on malformed hex (test data bug).
Bytes hex_bytes(const std::string& hex);

}  // namespace merkleforge::test
