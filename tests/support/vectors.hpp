// Access to the conformance vectors (tests/vectors, with their provenance) from tests.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "merkleforge/core/bytes.hpp"

namespace merkleforge::test {

/// The tests/vectors folder; fails the calling test (via exception) when it is missing.
std::filesystem::path vectors_dir();

/// Parses vectors/<relative_path> as JSON; throws std::runtime_error naming the path when the file
/// is missing or unreadable, and (separately) when it is not valid JSON.
nlohmann::json load_vectors(const std::string& relative_path);

/// Hex (with or without 0x) to bytes; throws std::runtime_error on malformed hex (test data bug).
Bytes hex_bytes(const std::string& hex);

/// The message of a hash KAT entry (vectors/hash/hash_kats.json, binius/groestl256_kats.json):
/// msg_hex, msg_ascii, or msg_repeat {count, byte_ascii | byte_hex}.
Bytes kat_message(const nlohmann::json& entry);

}  // namespace merkleforge::test
