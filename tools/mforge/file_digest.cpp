#include "file_digest.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <type_traits>
#include <vector>

#include "merkleforge/hash/groestl256.hpp"

namespace mforge {
namespace {

using namespace merkleforge;

/// Reads of pipes and devices.
constexpr std::size_t kReadBytes = std::size_t{1} << 20;

Error io_failure(const std::string& path, int error) {
  return make_error(Errc::io_error, path + ": " + std::strerror(error));
}

template <class H>
void absorb(H& hasher, ByteSpan data, unsigned threads) {
  if constexpr (std::is_same_v<H, Blake3>) {
    if (threads != 1) {
      hasher.update_parallel(data, threads);
      return;
    }
  }
  hasher.update(data);
}

/// What hash_mapped did: hashed the file, could not map it at all (the caller reads it instead), or
/// failed part way (errno says why).
enum class Mapped { hashed, not_mappable, failed };

/// A regular file from `offset` to `size`, a window at a time.
template <class H>
Mapped hash_mapped(H& hasher, int fd, off_t offset, off_t size, unsigned threads,
                   std::size_t window_bytes) {
  const auto page = static_cast<off_t>(::sysconf(_SC_PAGESIZE));
  for (off_t at = offset; at < size;) {
    const off_t start = at - at % page;  // mmap offsets are page-aligned
    const auto length =
        static_cast<std::size_t>(std::min<off_t>(size - start, static_cast<off_t>(window_bytes)));
    void* window = ::mmap(nullptr, length, PROT_READ, MAP_PRIVATE, fd, start);
    if (window == MAP_FAILED) return at == offset ? Mapped::not_mappable : Mapped::failed;
    ::madvise(window, length, MADV_SEQUENTIAL);
    const auto skip = static_cast<std::size_t>(at - start);
    absorb(hasher, ByteSpan(static_cast<const std::uint8_t*>(window) + skip, length - skip),
           threads);
    ::munmap(window, length);
    at = start + static_cast<off_t>(length);
  }
  return Mapped::hashed;
}

/// Reads to the end. False on a read error (errno says why).
template <class H>
bool hash_read(H& hasher, int fd, unsigned threads) {
  // A larger pipe buffer means fewer, larger reads when the writer keeps up (ignored elsewhere).
  ::fcntl(fd, F_SETPIPE_SZ, static_cast<int>(kReadBytes));
  std::vector<std::uint8_t> buffer(kReadBytes);
  for (;;) {
    const ssize_t got = ::read(fd, buffer.data(), buffer.size());
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) return false;
    if (got == 0) return true;
    absorb(hasher, ByteSpan(buffer.data(), static_cast<std::size_t>(got)), threads);
  }
}

template <class H>
Result<Digest32> digest_fd(int fd, const std::string& path, unsigned threads,
                           std::size_t window_bytes) {
  struct stat info {};
  if (::fstat(fd, &info) != 0) return io_failure(path, errno);
  if (S_ISDIR(info.st_mode)) return io_failure(path, EISDIR);
  H hasher;
  if (S_ISREG(info.st_mode)) {
    // Standard input redirected from a file may have been read partly: hash from where it is.
    const off_t offset = ::lseek(fd, 0, SEEK_CUR);
    const Mapped mapped = offset >= 0
                              ? hash_mapped(hasher, fd, offset, info.st_size, threads, window_bytes)
                              : Mapped::not_mappable;
    if (mapped == Mapped::failed) return io_failure(path, errno);
    if (mapped == Mapped::hashed) {
      ::lseek(fd, info.st_size, SEEK_SET);  // consumed, as a read would leave it
      return hasher.finalize();
    }
  }
  if (!hash_read(hasher, fd, threads)) return io_failure(path, errno);
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

std::optional<FileHash> file_hash_named(std::string_view name) {
  if (name == Groestl256::kName) return FileHash{};
  if (const auto tree_hash = hash_from_name(name)) return FileHash{tree_hash};
  return std::nullopt;
}

Result<Digest32> digest_file(const FileHash& hash, const std::string& path, unsigned threads,
                             std::size_t window_bytes) {
  const bool is_stdin = path == "-";
  const int fd = is_stdin ? STDIN_FILENO : ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return io_failure(path, errno);
  const auto digest = [&](auto tag) {
    return digest_fd<typename decltype(tag)::type>(fd, path, threads, window_bytes);
  };
  Result<Digest32> out =
      hash.tree_hash ? with_hasher(*hash.tree_hash, digest) : digest(HasherTag<Groestl256>{});
  if (!is_stdin) ::close(fd);
  return out;
}

}  // namespace mforge
