// Runs the mforge executable from tests and captures what it printed.
#pragma once

#include <string>

namespace merkleforge::test {

struct CommandOutput {
  int exit_code = -1;
  std::string out;
  std::string err;
};

/// Runs `mforge <arguments>` (arguments are passed through the shell as written) with optional
/// stdin text (a regular file), in `directory` when one is given.
CommandOutput run_mforge(const std::string& arguments, const std::string& stdin_text = "",
                         const std::string& directory = "");

/// Runs any shell command and captures its stdout (for reference tools such as sha256sum).
std::string shell_output(const std::string& command);

}  // namespace merkleforge::test
