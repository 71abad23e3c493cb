// Strict JSON members of the sparse-tree proof encodings.
#include "json_fields.hpp"

#include <algorithm>
#include <string>

#include "merkleforge/core/hex.hpp"

namespace merkleforge::sparse_detail {

bool has_exactly(const nlohmann::json& object, std::initializer_list<const char*> names) {
  if (!object.is_object() || object.size() != names.size()) return false;
  for (const char* name : names) {
    if (!object.contains(name)) return false;
  }
  return true;
}

Result<Bytes> canonical_hex(const nlohmann::json& member, const char* context, const char* name) {
  if (!member.is_string())
    return make_error(Errc::malformed_input,
                      std::string(context) + ": " + name + " is not a string");
  const std::string& text = member.get_ref<const std::string&>();
  Result<Bytes> bytes = from_hex(text);
  if (!bytes) return bytes.error();
  if (to_hex(*bytes) != text) {
    return make_error(Errc::malformed_input,
                      std::string(context) + ": " + name + " is not lower-case hex without prefix");
  }
  return bytes;
}

Result<Digest32> canonical_digest(const nlohmann::json& member, const char* context,
                                  const char* name) {
  Result<Bytes> bytes = canonical_hex(member, context, name);
  if (!bytes) return bytes.error();
  if (bytes->size() != 32)
    return make_error(Errc::wrong_size, std::string(context) + ": " + name + " is not 32 bytes");
  Digest32 digest;
  std::copy(bytes->begin(), bytes->end(), digest.begin());
  return digest;
}

}  // namespace merkleforge::sparse_detail
