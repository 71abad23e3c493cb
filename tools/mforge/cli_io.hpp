// Input helpers shared by the mforge subcommands.
#pragma once

#include <string>

#include "merkleforge/core/result.hpp"

namespace mforge {

/// The whole content of file `path` ("-" = standard input). Errors: io_error naming the file.
merkleforge::Result<std::string> read_text_file(const std::string& path);

}  // namespace mforge
