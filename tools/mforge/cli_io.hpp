// Input helpers shared by the mforge subcommands.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "merkleforge/core/hex.hpp"
#include "merkleforge/core/result.hpp"

namespace mforge {

/// The whole content of file `path` ("-" = standard input). Errors: io_error naming the file.
merkleforge::Result<std::string> read_text_file(const std::string& path);

/// The bytes of file `path`. Errors: io_error naming the file.
merkleforge::Result<merkleforge::Bytes> read_binary(const std::string& path);
/// Writes `bytes` to file `path`. Errors: io_error naming the file.
merkleforge::Status write_file(const std::string& path, merkleforge::ByteSpan bytes);

/// Prints "mforge COMMAND: message" on stderr; returns the exit code of the error (3 for I/O,
/// 2 for everything else the user gave).
int report_failure(const char* command, const merkleforge::Error& error);

/// Exactly N bytes of hex (with or without 0x). Errors: malformed_input naming `what` and the text.
template <std::size_t N>
merkleforge::Result<std::array<std::uint8_t, N>> fixed_hex(const std::string& text,
                                                           const char* what) {
  merkleforge::Result<merkleforge::Bytes> bytes = merkleforge::from_hex(text);
  if (!bytes || bytes->size() != N) {
    return merkleforge::make_error(
        merkleforge::Errc::malformed_input,
        std::string(what) + " '" + text + "' is not " + std::to_string(N) + " bytes of hex");
  }
  std::array<std::uint8_t, N> out;
  std::copy(bytes->begin(), bytes->end(), out.begin());
  return out;
}

/// A comma-separated list of 32-byte hex keys ("--keys K1,K2,..."). Errors: malformed_input
/// naming the first key that is not 32 bytes of hex.
merkleforge::Result<std::vector<std::array<std::uint8_t, 32>>> keys32_of(const std::string& list);

}  // namespace mforge
