// mforge hash --algo NAME [FILE...]: digests in the `sha256sum` layout ("HEX  NAME").
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "commands.hpp"
#include "merkleforge/core/hex.hpp"
#include "merkleforge/hash/algorithms.hpp"
#include "merkleforge/hash/groestl256.hpp"

namespace mforge {
namespace {

using namespace merkleforge;

// Streams a file descriptor through the incremental hasher. Returns false on a read error.
template <Hasher H>
bool hash_stream(int fd, Digest32& digest) {
  H hasher;
  std::vector<std::uint8_t> buffer(1 << 16);
  for (;;) {
    const ssize_t got = ::read(fd, buffer.data(), buffer.size());
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) return false;
    if (got == 0) break;
    hasher.update(ByteSpan(buffer.data(), static_cast<std::size_t>(got)));
  }
  digest = hasher.finalize();
  return true;
}

// A regular file is mapped and hashed in one update: no copy, and the hasher sees the whole input
// at once (BLAKE3 then hashes as many chunks per SIMD call as it likes). Returns false when the
// file cannot be mapped; the caller then streams it.
template <Hasher H>
bool hash_mapped(int fd, Digest32& digest) {
  struct stat info {};
  if (::fstat(fd, &info) != 0 || !S_ISREG(info.st_mode) || info.st_size == 0) return false;
  const auto size = static_cast<std::size_t>(info.st_size);
  void* data = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
  if (data == MAP_FAILED) return false;
  ::madvise(data, size, MADV_SEQUENTIAL);
  H hasher;
  hasher.update(ByteSpan(static_cast<const std::uint8_t*>(data), size));
  digest = hasher.finalize();
  ::munmap(data, size);
  return true;
}

// The algorithms of `mforge hash`: the tree hashes (algorithms.hpp) and Grøstl-256, which is a
// reference for the proof system and has no wire id in the tree proof formats.
struct Algorithm {
  std::optional<HashAlgorithm> tree_hash;  // empty: Grøstl-256
};

std::optional<Algorithm> algorithm_from_name(std::string_view name) {
  if (name == Groestl256::kName) return Algorithm{};
  if (const auto tree_hash = hash_from_name(name)) return Algorithm{tree_hash};
  return std::nullopt;
}

template <class F>
decltype(auto) with_algorithm(const Algorithm& algorithm, F&& f) {
  if (!algorithm.tree_hash) return f(HasherTag<Groestl256>{});
  return with_hasher(*algorithm.tree_hash, f);
}

int hash_one(const Algorithm& algorithm, const std::string& name) {
  const bool is_stdin = name == "-";
  const int fd = is_stdin ? STDIN_FILENO : ::open(name.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    std::cerr << "mforge hash: " << name << ": " << std::strerror(errno) << "\n";
    return kExitIo;
  }
  Digest32 digest{};
  const bool ok = with_algorithm(algorithm, [&](auto tag) {
    using H = typename decltype(tag)::type;
    return hash_mapped<H>(fd, digest) || hash_stream<H>(fd, digest);
  });
  const int read_errno = errno;
  if (!is_stdin) ::close(fd);
  if (!ok) {
    std::cerr << "mforge hash: " << name << ": " << std::strerror(read_errno) << "\n";
    return kExitIo;
  }
  std::cout << to_hex(digest) << "  " << name << "\n";
  return kExitOk;
}

}  // namespace

void register_hash(CLI::App& app, int& exit_code) {
  auto* command =
      app.add_subcommand("hash", "Print the digest of each FILE (stdin when none), like sha256sum");
  auto algorithm = std::make_shared<std::string>("sha256");
  auto files = std::make_shared<std::vector<std::string>>();
  command
      ->add_option("--algo,-a", *algorithm, "sha256 | keccak256 | sha3-256 | blake3 | groestl256")
      ->capture_default_str();
  command->add_option("files", *files, "files to hash; '-' or none reads stdin");
  command->callback([algorithm, files, &exit_code] {
    const auto chosen = algorithm_from_name(*algorithm);
    if (!chosen) {
      std::cerr << "mforge hash: unknown algorithm '" << *algorithm
                << "' (sha256, keccak256, sha3-256, blake3, groestl256)\n";
      exit_code = kExitUsage;
      return;
    }
    if (files->empty()) files->push_back("-");
    for (const auto& name : *files) exit_code = std::max(exit_code, hash_one(*chosen, name));
  });
}

}  // namespace mforge
