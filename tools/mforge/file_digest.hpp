// Digests of files for `mforge hash`: regular files (and standard input redirected from one) are
// mapped a window at a time — no copy, bounded memory for files larger than RAM — and pipes,
// terminals and devices are read; BLAKE3 splits large subtrees between threads.
#pragma once

#include <optional>
#include <string>

#include "merkleforge/core/result.hpp"
#include "merkleforge/hash/algorithms.hpp"

namespace mforge {

/// An algorithm of `mforge hash`: a tree hash (algorithms.hpp) or Grøstl-256 (empty), which is
/// the proof system's reference and has no wire id in the tree proof formats.
struct FileHash {
  std::optional<merkleforge::HashAlgorithm> tree_hash;
  std::string_view name() const;
  /// The tag of `--tag` lines: SHA256, KECCAK-256, SHA3-256, BLAKE3, GROESTL-256.
  std::string_view tag() const;
};

/// The algorithm called `name`, or nothing.
std::optional<FileHash> file_hash_named(std::string_view name);

/// Bytes of a regular file mapped at a time: the most the process holds of it. Large enough that
/// BLAKE3's subtrees (up to this size) split well between threads, small enough for any machine.
inline constexpr std::size_t kMapWindowBytes = std::size_t{256} << 20;

/// The digest of the file at `path` ("-": standard input, from its current offset). BLAKE3 uses
/// up to `threads` threads (0: every hardware thread; 1: none started). `window_bytes` (a multiple
/// of the page size) is for tests of the window boundaries. Errors: io_error with the system's
/// reason (a directory, a missing or unreadable file, a read error).
merkleforge::Result<merkleforge::Digest32> digest_file(const FileHash& hash,
                                                       const std::string& path, unsigned threads,
                                                       std::size_t window_bytes = kMapWindowBytes);

}  // namespace mforge
