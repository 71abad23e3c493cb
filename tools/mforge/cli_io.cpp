#include "cli_io.hpp"

#include <fstream>
#include <iostream>
#include <sstream>

#include "commands.hpp"

namespace mforge {

merkleforge::Result<std::string> read_text_file(const std::string& path) {
  std::ostringstream text;
  if (path == "-") {
    text << std::cin.rdbuf();
    return text.str();
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return merkleforge::make_error(merkleforge::Errc::io_error, path + ": cannot open");
  text << in.rdbuf();
  if (in.bad()) return merkleforge::make_error(merkleforge::Errc::io_error, path + ": read failed");
  return text.str();
}

int report_failure(const char* command, const merkleforge::Error& error) {
  std::cerr << "mforge " << command << ": " << error.message << "\n";
  return error.code == merkleforge::Errc::io_error ? kExitIo : kExitUsage;
}

}  // namespace mforge
