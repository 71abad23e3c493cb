#include "cli_support.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace merkleforge::test {
namespace {

namespace fs = std::filesystem;

std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

fs::path scratch(const std::string& suffix) {
  static int counter = 0;
  return fs::temp_directory_path() / ("mf_cli_" + std::to_string(::getpid()) + "_" + std::to_string(counter++) + suffix);
}

}  // namespace

CommandOutput run_mforge(const std::string& arguments, const std::string& stdin_text) {
  const fs::path in = scratch(".in"), out = scratch(".out"), err = scratch(".err");
  std::ofstream(in, std::ios::binary) << stdin_text;
  const std::string command = std::string("'") + MFORGE_EXE + "' " + arguments + " < '" + in.string() + "' > '" +
                              out.string() + "' 2> '" + err.string() + "'";
  const int status = std::system(command.c_str());
  CommandOutput result{WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
  fs::remove(in);
  fs::remove(out);
  fs::remove(err);
  return result;
}

std::string shell_output(const std::string& command) {
  const fs::path out = scratch(".out");
  if (std::system((command + " > '" + out.string() + "'").c_str()) != 0) {
    throw std::runtime_error("command failed: " + command);
  }
  std::string text = slurp(out);
  fs::remove(out);
  return text;
}

}  // namespace merkleforge::test
