#include "file_digest.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cerrno>
#include <cstring>
#include <optional>
#include <thread>
#include <type_traits>
#include <vector>

#include "merkleforge/hash/groestl256.hpp"

namespace mforge {
namespace {

using namespace merkleforge;

Error io_failure(const std::string& path, int error) {
  return make_error(Errc::io_error, path + ": " + std::strerror(error));
}

/// Fills `buffer` from `fd` (fewer bytes only at the end of the input). Returns the bytes read, or
/// −1 with errno set.
ssize_t read_full(int fd, std::uint8_t* buffer, std::size_t size) {
  std::size_t got = 0;
  while (got < size) {
    const ssize_t n = ::read(fd, buffer + got, size - got);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return -1;
    if (n == 0) break;
    got += static_cast<std::size_t>(n);
  }
  return static_cast<ssize_t>(got);
}

/// One thread: read a buffer, hash it, repeat. False on a read error (errno says why).
template <class H>
bool hash_serially(H& hasher, int fd, std::size_t buffer_bytes) {
  std::vector<std::uint8_t> buffer(buffer_bytes);
  for (;;) {
    const ssize_t got = read_full(fd, buffer.data(), buffer.size());
    if (got < 0) return false;
    if (got == 0) return true;
    hasher.update(ByteSpan(buffer.data(), static_cast<std::size_t>(got)));
  }
}

/// Reads exactly `size` bytes at `offset` (pread). False on a read error or an early end (errno).
bool read_at(int fd, std::uint8_t* buffer, std::size_t size, off_t offset) {
  std::size_t got = 0;
  while (got < size) {
    const ssize_t n = ::pread(fd, buffer + got, size - got, offset + static_cast<off_t>(got));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      if (n == 0) errno = EIO;  // the file shrank while being hashed
      return false;
    }
    got += static_cast<std::size_t>(n);
  }
  return true;
}

/// BLAKE3 of the `size` bytes of a regular file from `offset` on `threads` threads: parts of 2^k
/// chunks (about a quarter of a thread's share, at least one buffer) are read and hashed as
/// subtrees by whichever thread takes the next one, each in its own cache-sized buffer; the
/// whole-input hasher then takes their chaining values in order and hashes the rest. Empty when
/// the file is too small to split (the caller hashes it serially). Errors: io_error.
std::optional<Result<Digest32>> blake3_in_parts(int fd, const std::string& path, off_t offset,
                                                off_t size, unsigned threads,
                                                std::size_t buffer_bytes) {
  const auto bytes = static_cast<std::uint64_t>(size - offset);
  const std::uint64_t chunks = bytes / Blake3::kChunkSize;
  const std::uint64_t min_part = std::max<std::uint64_t>(1, buffer_bytes / Blake3::kChunkSize);
  const std::uint64_t part_chunks =
      std::bit_floor(std::max<std::uint64_t>(min_part, chunks / (4u * threads)));
  const std::size_t part_bytes = part_chunks * Blake3::kChunkSize;
  // Whole parts while more than one byte follows them (the last chunk may be the root).
  const std::uint64_t parts = bytes == 0 ? 0 : (bytes - 1) / part_bytes;
  if (parts < 2) return std::nullopt;
  std::vector<Blake3::ChainingValue> values(parts);
  std::atomic<std::uint64_t> next{0};
  std::atomic<int> failure{0};
  const auto work = [&] {
    std::vector<std::uint8_t> buffer(std::min(buffer_bytes, part_bytes));
    for (std::uint64_t k; (k = next++) < parts && failure == 0;) {
      Blake3 piece = Blake3().part(k * part_chunks);
      for (std::size_t done = 0; done < part_bytes;) {
        const std::size_t take = std::min(buffer.size(), part_bytes - done);
        const off_t at = offset + static_cast<off_t>(k * part_bytes + done);
        if (!read_at(fd, buffer.data(), take, at)) {
          failure = errno;
          return;
        }
        piece.update(ByteSpan(buffer.data(), take));
        done += take;
      }
      values[k] = piece.subtree_chaining_value().value();  // 2^k whole chunks by construction
    }
  };
  std::vector<std::thread> workers;
  for (unsigned t = 1; t < threads; ++t) workers.emplace_back(work);
  work();
  for (std::thread& worker : workers) worker.join();
  if (failure != 0) return io_failure(path, failure);
  Blake3 whole;
  for (const Blake3::ChainingValue& value : values) (void)whole.append_subtree(value, part_chunks);
  if (::lseek(fd, offset + static_cast<off_t>(parts * part_bytes), SEEK_SET) < 0 ||
      !hash_serially(whole, fd, buffer_bytes)) {
    return io_failure(path, errno);
  }
  return whole.finalize();
}

template <class H>
Result<Digest32> digest_fd(int fd, const std::string& path, unsigned threads,
                           std::size_t buffer_bytes) {
  struct stat info {};
  if (::fstat(fd, &info) != 0) return io_failure(path, errno);
  if (S_ISDIR(info.st_mode)) return io_failure(path, EISDIR);
  // A larger pipe buffer means fewer, larger reads when the writer keeps up (ignored elsewhere).
  if (S_ISFIFO(info.st_mode)) ::fcntl(fd, F_SETPIPE_SZ, static_cast<int>(std::size_t{1} << 20));
  if constexpr (std::is_same_v<H, Blake3>) {
    const off_t offset = S_ISREG(info.st_mode) ? ::lseek(fd, 0, SEEK_CUR) : -1;
    if (threads > 1 && offset >= 0) {
      if (auto digest = blake3_in_parts(fd, path, offset, info.st_size, threads, buffer_bytes)) {
        return *digest;
      }
    }
  }
  H hasher;
  if (!hash_serially(hasher, fd, buffer_bytes)) return io_failure(path, errno);
  return hasher.finalize();
}

}  // namespace

std::string_view FileHash::name() const {
  return tree_hash ? hash_name(*tree_hash) : Groestl256::kName;
}

std::string_view FileHash::tag() const {
  if (!tree_hash) return "GROESTL-256";
  switch (*tree_hash) {
    case HashAlgorithm::keccak256:
      return "KECCAK-256";
    case HashAlgorithm::sha3_256:
      return "SHA3-256";
    case HashAlgorithm::blake3:
      return "BLAKE3";
    case HashAlgorithm::sha256:
      break;
  }
  return "SHA256";
}

unsigned FileHash::default_threads() const {
  // BLAKE3 uses every core, as b3sum does; the others one, as sha256sum and openssl do.
  return tree_hash == HashAlgorithm::blake3 ? std::max(1u, std::thread::hardware_concurrency())
                                            : 1u;
}

std::optional<FileHash> file_hash_named(std::string_view name) {
  if (name == Groestl256::kName) return FileHash{};
  if (const auto tree_hash = hash_from_name(name)) return FileHash{tree_hash};
  return std::nullopt;
}

Result<Digest32> digest_file(const FileHash& hash, const std::string& path, unsigned threads,
                             std::size_t buffer_bytes) {
  const bool is_stdin = path == "-";
  const int fd = is_stdin ? STDIN_FILENO : ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return io_failure(path, errno);
  if (!is_stdin) ::posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
  if (threads == 0) threads = hash.default_threads();
  const auto digest = [&](auto tag) {
    return digest_fd<typename decltype(tag)::type>(fd, path, threads, buffer_bytes);
  };
  Result<Digest32> out =
      hash.tree_hash ? with_hasher(*hash.tree_hash, digest) : digest(HasherTag<Groestl256>{});
  if (!is_stdin) ::close(fd);
  return out;
}

}  // namespace mforge
