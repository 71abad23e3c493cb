// mforge hash: a sha256sum / b3sum replacement.
//   mforge hash [--algo NAME] [--tag] [--threads N] [FILE...]
//        one line per file (standard input when none, or "-"): "HEX  NAME", or with --tag
//        "TAG (NAME) = HEX"; odd names escaped as sha256sum (b3sum for blake3) does
//        (checksum_lines.hpp). A file that cannot be read (missing, a directory, unreadable) is
//        reported on stderr and the others are still hashed; exit 3 then.
//   mforge hash --check [--algo NAME] [--quiet | --status] [--strict] [--ignore-missing] [FILE...]
//        reads checksum lines (ours, sha256sum's, b3sum's, tagged or not) and prints
//        "NAME: OK" / "NAME: FAILED" / "NAME: FAILED open or read", then warnings with the counts
//        on stderr; exit 1 when a digest differs, a listed file cannot be read, no line is a
//        checksum line, or (--strict) a line is not one.
// BLAKE3 hashes a regular file on every hardware thread unless --threads (or b3sum's --num-threads)
// says otherwise. Inputs are read, never mapped (file_digest.hpp says why).
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "checksum_lines.hpp"
#include "cli_io.hpp"
#include "commands.hpp"
#include "file_digest.hpp"

namespace mforge {
namespace {

using namespace merkleforge;

struct HashArgs {
  std::string algorithm = "sha256";
  std::vector<std::string> files;
  bool tag = false;
  bool check = false;
  bool quiet = false;
  bool status = false;
  bool strict = false;
  bool ignore_missing = false;
  unsigned threads = 0;
};

Escapes escapes_of(const FileHash& hash) {
  return hash.tree_hash == HashAlgorithm::blake3 ? Escapes::b3sum : Escapes::gnu;
}

/// "1 computed checksum did NOT match" / "2 computed checksums did NOT match".
std::string counted(std::size_t n, const char* one, const char* many, const char* rest) {
  return std::to_string(n) + " " + (n == 1 ? one : many) + " " + rest;
}

int hash_files(const FileHash& hash, const HashArgs& args) {
  int exit_code = kExitOk;
  for (const std::string& name : args.files) {
    auto digest = digest_file(hash, name, args.threads);
    if (!digest) {
      std::cerr << "mforge hash: " << digest.error().message << "\n";
      exit_code = kExitIo;
      continue;
    }
    std::cout << checksum_line(*digest, name, hash.tag(), args.tag, escapes_of(hash));
  }
  return exit_code;
}

/// Counts of one --check run.
struct CheckCounts {
  std::size_t checked = 0, mismatched = 0, unreadable = 0, improper = 0;
};

/// Checks the lines of one checksum file; false when it has no checksum line at all.
bool check_list(const FileHash& hash, const HashArgs& args, const std::string& list,
                const std::string& text, CheckCounts& counts) {
  std::size_t proper = 0;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string_view line(text.data() + start, end - start);
    start = end + 1;
    const auto entry = parse_checksum_line(line, hash.tag());
    if (!entry) {
      ++counts.improper;
      continue;
    }
    ++proper;
    const std::string shown = reported_name(entry->name, escapes_of(hash));
    auto digest = digest_file(hash, entry->name, args.threads);
    if (!digest) {
      const bool missing = access(entry->name.c_str(), F_OK) != 0 && errno == ENOENT;
      if (missing && args.ignore_missing) continue;
      std::cerr << "mforge hash: " << digest.error().message << "\n";
      if (!args.status) std::cout << shown << ": FAILED open or read\n";
      ++counts.unreadable;
      continue;
    }
    ++counts.checked;
    if (*digest != entry->digest) {
      ++counts.mismatched;
      if (!args.status) std::cout << shown << ": FAILED\n";
    } else if (!args.quiet && !args.status) {
      std::cout << shown << ": OK\n";
    }
  }
  if (proper == 0) {
    std::cerr << "mforge hash: " << list << ": no properly formatted " << hash.name()
              << " checksum lines found\n";
  }
  return proper > 0;
}

int check_files(const FileHash& hash, const HashArgs& args) {
  CheckCounts counts;
  bool every_list_has_lines = true;
  for (const std::string& list : args.files) {
    auto text = read_text_file(list);
    if (!text) {
      std::cerr << "mforge hash: " << text.error().message << "\n";
      return kExitIo;
    }
    every_list_has_lines &= check_list(hash, args, list, *text, counts);
  }
  if (!args.status) {
    if (counts.improper > 0) {
      std::cerr << "mforge hash: WARNING: "
                << counted(counts.improper, "line is", "lines are", "improperly formatted\n");
    }
    if (counts.unreadable > 0) {
      std::cerr << "mforge hash: WARNING: "
                << counted(counts.unreadable, "listed file", "listed files", "could not be read\n");
    }
    if (counts.mismatched > 0) {
      std::cerr << "mforge hash: WARNING: "
                << counted(counts.mismatched, "computed checksum", "computed checksums",
                           "did NOT match\n");
    }
  }
  if (args.ignore_missing && counts.checked == 0 && every_list_has_lines) {
    std::cerr << "mforge hash: no file was verified\n";
    return kExitNegative;
  }
  const bool failed = counts.mismatched > 0 || counts.unreadable > 0 || !every_list_has_lines ||
                      (args.strict && counts.improper > 0);
  return failed ? kExitNegative : kExitOk;
}

}  // namespace

void register_hash(CLI::App& app, int& exit_code) {
  auto* command = app.add_subcommand(
      "hash", "Print or check the digest of each FILE (stdin when none), like sha256sum and b3sum");
  auto args = std::make_shared<HashArgs>();
  command
      ->add_option("--algo,-a", args->algorithm,
                   "sha256 | keccak256 | sha3-256 | blake3 | groestl256")
      ->capture_default_str();
  command->add_flag("--tag", args->tag, "BSD-style lines: TAG (NAME) = HEX");
  command->add_flag("--check,-c", args->check, "read checksum lines from the FILEs and check them");
  command->add_flag("--quiet", args->quiet, "with --check: do not print OK lines");
  command->add_flag("--status", args->status, "with --check: print nothing, the exit code says");
  command->add_flag("--strict", args->strict, "with --check: fail on improperly formatted lines");
  command->add_flag("--ignore-missing", args->ignore_missing,
                    "with --check: skip listed files that do not exist");
  command->add_option("--threads,--num-threads", args->threads,
                      "threads for blake3 (0, the default: every hardware thread)");
  command->add_option("files", args->files, "files to hash or check; '-' or none reads stdin");
  command->callback([args, &exit_code] {
    const auto hash = file_hash_named(args->algorithm);
    if (!hash) {
      std::cerr << "mforge hash: unknown algorithm '" << args->algorithm
                << "' (sha256, keccak256, sha3-256, blake3, groestl256)\n";
      exit_code = kExitUsage;
      return;
    }
    if (!args->check && (args->quiet || args->status || args->strict || args->ignore_missing)) {
      std::cerr << "mforge hash: --quiet, --status, --strict and --ignore-missing need --check\n";
      exit_code = kExitUsage;
      return;
    }
    if (args->files.empty()) args->files.push_back("-");
    exit_code = args->check ? check_files(*hash, *args) : hash_files(*hash, *args);
  });
}

}  // namespace mforge
