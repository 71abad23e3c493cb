// What this mforge binary was built from: version, commit, compiler and flags. The values live
// in one generated source (build_info.cpp.in), so a new commit recompiles that file alone.
#pragma once

namespace mforge {

const char* version() noexcept;      ///< the project version, e.g. "0.1.0"
const char* git_commit() noexcept;   ///< short commit hash at configure time, or "unknown"
const char* compiler() noexcept;     ///< compiler name and version
const char* build_flags() noexcept;  ///< build type and the C++ flags it adds

}  // namespace mforge
