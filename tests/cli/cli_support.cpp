#include "cli_support.hpp"

#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "support/temp_dir.hpp"

namespace merkleforge::test {
namespace {

namespace fs = std::filesystem;

std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

CommandOutput run_mforge(const std::string& arguments, const std::string& stdin_text,
                         const std::string& directory) {
  const TempDir scratch("mf_cli");
  const fs::path in = scratch / "in", out = scratch / "out", err = scratch / "err";
  std::ofstream(in, std::ios::binary) << stdin_text;
  const std::string command = (directory.empty() ? "" : "cd '" + directory + "' && ") + "'" +
                              MFORGE_EXE + "' " + arguments + " < '" + in.string() + "' > '" +
                              out.string() + "' 2> '" + err.string() + "'";
  const int status = std::system(command.c_str());
  CommandOutput result{WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
  return result;
}

std::string shell_output(const std::string& command) {
  const TempDir scratch("mf_cli");
  const fs::path out = scratch / "out";
  if (std::system((command + " > '" + out.string() + "'").c_str()) != 0) {
    throw std::runtime_error("command failed: " + command);
  }
  return slurp(out);
}

}  // namespace merkleforge::test
