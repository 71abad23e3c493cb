// mforge hash --algo NAME [FILE...]: digests in the `sha256sum` layout ("HEX  NAME").
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "commands.hpp"
#include "merkleforge/core/hex.hpp"
#include "merkleforge/hash/algorithms.hpp"

namespace mforge {
namespace {

using namespace merkleforge;

// Streams a file (or stdin) through the incremental hasher. Returns false on a read error.
template <Hasher H>
bool hash_stream(std::FILE* file, Digest32& digest) {
  H hasher;
  std::vector<std::uint8_t> buffer(1 << 16);
  std::size_t got = 0;
  while ((got = std::fread(buffer.data(), 1, buffer.size(), file)) > 0) hasher.update(ByteSpan(buffer.data(), got));
  if (std::ferror(file)) return false;
  digest = hasher.finalize();
  return true;
}

int hash_one(HashAlgorithm algorithm, const std::string& name) {
  const bool is_stdin = name == "-";
  std::FILE* file = is_stdin ? stdin : std::fopen(name.c_str(), "rb");
  if (file == nullptr) {
    std::cerr << "mforge hash: " << name << ": " << std::strerror(errno) << "\n";
    return kExitIo;
  }
  Digest32 digest{};
  const bool ok = with_hasher(algorithm, [&](auto tag) { return hash_stream<typename decltype(tag)::type>(file, digest); });
  const int read_errno = errno;
  if (!is_stdin) std::fclose(file);
  if (!ok) {
    std::cerr << "mforge hash: " << name << ": " << std::strerror(read_errno) << "\n";
    return kExitIo;
  }
  std::cout << to_hex(digest) << "  " << name << "\n";
  return kExitOk;
}

}  // namespace

void register_hash(CLI::App& app, int& exit_code) {
  auto* command = app.add_subcommand("hash", "Print the digest of each FILE (stdin when none), like sha256sum");
  auto algorithm = std::make_shared<std::string>("sha256");
  auto files = std::make_shared<std::vector<std::string>>();
  command->add_option("--algo,-a", *algorithm, "sha256 | keccak256 | sha3-256 | blake3")->capture_default_str();
  command->add_option("files", *files, "files to hash; '-' or none reads stdin");
  command->callback([algorithm, files, &exit_code] {
    const auto chosen = hash_from_name(*algorithm);
    if (!chosen) {
      std::cerr << "mforge hash: unknown algorithm '" << *algorithm << "' (sha256, keccak256, sha3-256, blake3)\n";
      exit_code = kExitUsage;
      return;
    }
    if (files->empty()) files->push_back("-");
    for (const auto& name : *files) exit_code = std::max(exit_code, hash_one(*chosen, name));
  });
}

}  // namespace mforge
