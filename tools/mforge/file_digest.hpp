// Digests of files for `mforge hash`. Every input — regular file, standard input (from its current
// offset), pipe, device — is read into a few buffers of kReadBytes, never mapped: on the project's
// VMs hashing a mapped page-cache file is 1.6-2.5× slower than copying it into a cache-resident
// buffer first (docs/benchmarks.md, "Hashing files"), and reading bounds the memory for files
// larger than RAM. BLAKE3 hashes a regular file in parts on several threads, each part a subtree
// read into its own buffer (hash/blake3.hpp: part, append_subtree); the other hashes are
// sequential by construction and use one thread.
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
  /// Threads when the caller asks for 0: every hardware thread for BLAKE3 (as b3sum), 1 for the
  /// others (whose digests are sequential).
  unsigned default_threads() const;
};

/// The algorithm called `name`, or nothing.
std::optional<FileHash> file_hash_named(std::string_view name);

/// Bytes of one read: large enough that a read costs little beside the hashing, small enough to
/// stay in the core's cache between the copy and the hash.
inline constexpr std::size_t kReadBytes = std::size_t{1} << 20;

/// The digest of the file at `path` ("-": standard input, from its current offset) on up to
/// `threads` threads (0: default_threads(); 1: none started; only BLAKE3 on a regular file uses
/// more than one). `buffer_bytes` is for tests of the
/// buffer boundaries. Errors: io_error with the system's reason (a directory, a missing or
/// unreadable file, a read error).
merkleforge::Result<merkleforge::Digest32> digest_file(const FileHash& hash,
                                                       const std::string& path, unsigned threads,
                                                       std::size_t buffer_bytes = kReadBytes);

}  // namespace mforge
