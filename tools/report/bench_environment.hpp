// The Environment block of the benchmark report: what a reader needs to judge or reproduce the
// figures (CPU and the instruction sets in use, cores, memory, OS, compiler and flags, governor,
// date, commit).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace mforge {

/// The kernel each dispatched primitive runs in this process, as MERKLEFORGE_KERNEL names them
/// ("sha256:shani, keccak:avx2, ...").
std::string active_kernels();
/// What the measured kernel choices timed on this CPU (core/dispatch.hpp), per primitive.
std::string kernel_probes();

/// The environment of this run as an ordered list of {key, value} strings (JSON object).
nlohmann::ordered_json environment();

/// Prints the block, one "key  value" line per entry.
void print_environment(const nlohmann::ordered_json& env);

}  // namespace mforge
