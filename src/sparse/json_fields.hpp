// Strict readers of the JSON members shared by the sparse-tree proof encodings: hex exactly as
// the encoders write it (lower case, no prefix), so one proof has one JSON text.
#pragma once

#include <initializer_list>
#include <nlohmann/json.hpp>

#include "merkleforge/core/bytes.hpp"
#include "merkleforge/core/result.hpp"

namespace merkleforge::sparse_detail {

/// Whether `object` is an object whose members are exactly `names`.
bool has_exactly(const nlohmann::json& object, std::initializer_list<const char*> names);

/// Errors: malformed_input when `member` is not a string of canonical hex; the message names
/// `name` and starts with `context`.
Result<Bytes> canonical_hex(const nlohmann::json& member, const char* context, const char* name);

/// As canonical_hex, and wrong_size unless the bytes are 32.
Result<Digest32> canonical_digest(const nlohmann::json& member, const char* context,
                                  const char* name);

}  // namespace merkleforge::sparse_detail
