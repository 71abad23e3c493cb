#include "bench_environment.hpp"

#include <sys/utsname.h>

#include <cstdio>
#include <ctime>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <string>
#include <thread>

#include "build_info.hpp"
#include "merkleforge/binius/packed.hpp"
#include "merkleforge/binius/polyval.hpp"
#include "merkleforge/core/cpu.hpp"
#include "merkleforge/hash/blake3.hpp"
#include "merkleforge/hash/groestl256.hpp"
#include "merkleforge/hash/keccak.hpp"
#include "merkleforge/hash/sha256.hpp"
#include "merkleforge/verkle/field.hpp"

namespace mforge {

namespace {

std::string value_of_line_starting(const char* path, const std::string& key) {
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind(key, 0) != 0) continue;
    const auto separator = line.find_first_of(":=", key.size() - 1);
    std::string value = separator == std::string::npos ? line : line.substr(separator + 1);
    value.erase(0, value.find_first_not_of(" \t\""));
    while (!value.empty() && (value.back() == '"' || value.back() == ' ')) value.pop_back();
    return value;
  }
  return "not readable";
}

std::string first_line_of(const char* path) {
  std::ifstream in(path);
  std::string text;
  std::getline(in, text);
  return text.empty() ? "not readable" : text;
}

std::string memory() {
  const std::string kib = value_of_line_starting("/proc/meminfo", "MemTotal");
  try {
    return std::to_string(std::stoull(kib) / (1024 * 1024)) + " GiB";
  } catch (const std::exception&) {
    return kib;
  }
}

// The instruction-set extensions MerkleForge's kernels use, as this process sees them.
std::string cpu_flags() {
  const auto& f = merkleforge::cpu_features();
  std::string flags;
  for (const auto& [name, present] : {std::pair{"sse4.1", f.sse41},
                                      {"avx2", f.avx2},
                                      {"sha-ni", f.sha},
                                      {"avx512f", f.avx512f},
                                      {"avx512vl", f.avx512vl},
                                      {"avx512bw", f.avx512bw},
                                      {"avx512vbmi", f.avx512vbmi},
                                      {"avx512vbmi2", f.avx512vbmi2},
                                      {"gfni", f.gfni},
                                      {"vaes", f.vaes},
                                      {"vpclmulqdq", f.vpclmulqdq}}) {
    if (!present) continue;
    if (!flags.empty()) flags += ' ';
    flags += name;
  }
  return flags.empty() ? "none beyond x86-64" : flags;
}

}  // namespace

std::string active_kernels() {
  namespace mf = merkleforge;
  namespace binius = merkleforge::binius;
  std::string kernels;
  // Named as MERKLEFORGE_KERNEL names them (<primitive>:<kernel>, core/cpu.hpp).
  const auto add = [&](std::string_view primitive, std::string_view kernel) {
    if (!kernels.empty()) kernels += ", ";
    kernels.append(primitive).append(":").append(kernel);
  };
  // SHA-256 and Keccak: the lanes of many messages, then the kernel of one message.
  add(mf::Sha256::kName, std::string(mf::isa_name(mf::Sha256::active_kernel())) + " (one stream " +
                             std::string(mf::isa_name(mf::Sha256::stream_kernel())) + ")");
  add("keccak", std::string(mf::isa_name(mf::KeccakKernels::active_kernel())) + " (one stream " +
                    std::string(mf::KeccakKernels::stream_kernel()) + ")");
  add(mf::Blake3::kName, mf::isa_name(mf::Blake3::active_kernel()));
  add(mf::Groestl256::kName, mf::isa_name(mf::Groestl256::active_kernel()));
  add("verkle-fp", mf::verkle::field_kernel_name());
  add("verkle-batch", mf::verkle::batch_kernel_name());
  add("polyval", binius::polyval_isa_name(binius::polyval_active_isa()));
  add("basis", binius::basis_change_active_kernel());
  for (auto op :
       {binius::PackedOp::mul_b8, binius::PackedOp::mul_b32, binius::PackedOp::mul_b128}) {
    add("packed_" + std::string(binius::packed_op_name(op)),
        binius::packed_strategy_name(binius::packed_active_strategy(op)));
  }
  return kernels;
}

std::string kernel_probes() {
  namespace binius = merkleforge::binius;
  std::string probes;
  const auto add = [&](std::string_view primitive,
                       const std::vector<merkleforge::dispatch::ProbeTime>& times) {
    if (times.empty()) return;
    if (!probes.empty()) probes += "; ";
    probes.append(primitive).append(":");
    for (const auto& [kernel, seconds, runs] : times) {
      char time[32];
      std::snprintf(time, sizeof time, " %.2f µs", seconds * 1e6);
      probes.append(" ").append(kernel).append(time).append(runs == 1 ? " (once)" : "");
    }
  };
  add("polyval", binius::polyval_probe_times());
  add("basis", binius::basis_change_probe_times());
  for (auto op :
       {binius::PackedOp::mul_b8, binius::PackedOp::mul_b32, binius::PackedOp::mul_b128}) {
    add("packed_" + std::string(binius::packed_op_name(op)), binius::packed_probe_times(op));
  }
  return probes.empty() ? "none (MERKLEFORGE_KERNEL chose)" : probes;
}

nlohmann::ordered_json environment() {
  utsname uts{};
  uname(&uts);
  const std::time_t now = std::time(nullptr);
  char date[32];
  std::strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", std::gmtime(&now));
  return {
      {"cpu", value_of_line_starting("/proc/cpuinfo", "model name")},
      {"cpu flags", cpu_flags()},
      {"kernels", active_kernels()},
      {"kernel probes", kernel_probes()},
      {"cores", std::to_string(std::thread::hardware_concurrency()) + " logical"},
      {"memory", memory()},
      {"os", value_of_line_starting("/etc/os-release", "PRETTY_NAME=")},
      {"kernel", std::string(uts.sysname) + " " + uts.release},
      {"compiler", compiler()},
      {"flags", build_flags()},
      {"governor", first_line_of("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor")},
      {"date", date},
      {"commit", git_commit()},
  };
}

void print_environment(const nlohmann::ordered_json& env) {
  std::cout << "Environment\n";
  for (const auto& [key, value] : env.items()) {
    std::cout << "  " << std::left << std::setw(11) << key
              << (value.is_string() ? value.get<std::string>() : value.dump()) << "\n";
  }
}

}  // namespace mforge
