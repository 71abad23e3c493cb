// mforge: the MerkleForge command-line tool.
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cstdlib>

#include "bench_environment.hpp"
#include "build_info.hpp"
#include "commands.hpp"

namespace {

/// glibc reads GLIBC_TUNABLES once, at start-up, and its glibc.malloc.hugetlb=1 advises the heap
/// onto transparent huge pages. Without it a proof's hundreds of sub-megabyte columns fault in
/// 4 KiB at a time: 124k faults and 1.5–1.7 s of system time in a 2^13 Keccak-f proof on the
/// 2-vCPU Zen 5 VM, which took 6.6–9.4 s with the tunable against 11.1–11.3 s without (three
/// interleaved pairs, 2026-12-04). So mforge runs itself again once with it, unless the caller
/// set GLIBC_TUNABLES (theirs stands). Where exec fails (no /proc) mforge just goes on.
void run_with_huge_page_heap(char** argv) {
  if (std::getenv("GLIBC_TUNABLES") != nullptr) return;
  if (::setenv("GLIBC_TUNABLES", "glibc.malloc.hugetlb=1", 0) != 0) return;
  ::execv("/proc/self/exe", argv);
}

}  // namespace

int main(int argc, char** argv) {
  run_with_huge_page_heap(argv);
  CLI::App app{"mforge: hashes, Merkle trees, tries and proofs from the command line"};
  app.require_subcommand(1);
  app.set_version_flag("--version", [] {
    return std::string("mforge ") + mforge::version() + " (commit " + mforge::git_commit() + ")\n" +
           "compiler: " + mforge::compiler() + "\nbuild: " + mforge::build_flags() +
           "\nkernels on this CPU: " + mforge::active_kernels() +
           "\nmeasured at start-up: " + mforge::kernel_probes();
  });
  int exit_code = mforge::kExitOk;
  mforge::register_hash(app, exit_code);
  mforge::register_bench(app, exit_code);
  mforge::register_mpt(app, exit_code);
  mforge::register_tree(app, exit_code);
  mforge::register_smt(app, exit_code);
  mforge::register_verkle(app, exit_code);
  mforge::register_bintrie(app, exit_code);
  mforge::register_zk(app, exit_code);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    const int code = app.exit(error);
    return code == 0 ? mforge::kExitOk : mforge::kExitUsage;
  }
  return exit_code;
}
