// The checksum-file formats of `mforge hash` and `mforge hash --check`, those of the tools it
// replaces, both ways:
//   GNU     "HEX  NAME" (or "HEX *NAME", the binary-mode marker, accepted on input)
//   tagged  "TAG (NAME) = HEX"  (sha256sum --tag; TAG per algorithm: SHA256, BLAKE3, ...)
// A NAME with a backslash, a newline or (GNU coreutils 9, not b3sum) a carriage return is escaped
// ("\\", "\n", "\r") and its line starts with a backslash; input accepts all three escapes.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "merkleforge/core/bytes.hpp"

namespace mforge {

/// How names are escaped on output: GNU coreutils 9 (\\, \n, \r) or b3sum 1.2 (\\, \n).
enum class Escapes { gnu, b3sum };

/// One output line (with its newline) for `name`'s digest.
std::string checksum_line(const merkleforge::Digest32& digest, const std::string& name,
                          std::string_view tag, bool tagged, Escapes escapes);

/// The name as `--check` reports it: escaped, with the line-leading backslash, when it needs it.
std::string reported_name(const std::string& name, Escapes escapes);

struct ChecksumLine {
  merkleforge::Digest32 digest;
  std::string name;
};

/// A line of a checksum file (without its newline; a trailing "\r" is not stripped), in either
/// format; a tagged line only with `tag`. Empty when the line is not one (then it counts as
/// improperly formatted).
std::optional<ChecksumLine> parse_checksum_line(std::string_view line, std::string_view tag);

}  // namespace mforge
