// The mforge subcommands. Each register_* function adds one subcommand to the app; the callback
// it installs sets the process exit code through `exit_code`.
//
// Exit codes, shared by every subcommand: 0 success, 1 a negative answer (e.g. a proof that does
// not verify), 2 bad usage or malformed input, 3 an I/O or internal error.
#pragma once

#include <CLI/CLI.hpp>

namespace mforge {

inline constexpr int kExitOk = 0;
inline constexpr int kExitNegative = 1;
inline constexpr int kExitUsage = 2;
inline constexpr int kExitIo = 3;

void register_hash(CLI::App& app, int& exit_code);
void register_bench(CLI::App& app, int& exit_code);
void register_mpt(CLI::App& app, int& exit_code);
void register_tree(CLI::App& app, int& exit_code);
void register_smt(CLI::App& app, int& exit_code);
void register_verkle(CLI::App& app, int& exit_code);
void register_bintrie(CLI::App& app, int& exit_code);
void register_zk(CLI::App& app, int& exit_code);
/// prove-state, verify-state and show-state under `mforge zk` (called by register_zk).
void register_zk_state(CLI::App& zk, int& exit_code);

}  // namespace mforge
