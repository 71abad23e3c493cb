// Hexadecimal text <-> bytes, the one codec used by the CLI, JSON proofs and tests.
#pragma once

#include <string>
#include <string_view>

#include "merkleforge/core/bytes.hpp"
#include "merkleforge/core/result.hpp"

namespace merkleforge {

/// Lower-case hex of `data`, without prefix.
std::string to_hex(ByteSpan data);

/// Parses hex text; an optional "0x"/"0X" prefix is accepted, both letter cases are accepted.
/// Errors: malformed_input for an odd length or a non-hex character.
Result<Bytes> from_hex(std::string_view text);

/// Parses exactly 32 bytes of hex. Errors: as from_hex, and wrong_size for any other length.
Result<Digest32> digest_from_hex(std::string_view text);

}  // namespace merkleforge
