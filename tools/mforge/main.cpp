// mforge: the MerkleForge command-line tool.
#include <CLI/CLI.hpp>

#include "bench_environment.hpp"
#include "build_info.hpp"
#include "commands.hpp"

int main(int argc, char** argv) {
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
