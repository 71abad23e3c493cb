// A fresh folder under the system temp directory, removed with everything in it on destruction:
// the one way tests make scratch space (a unique name per object, so tests never collide).
#pragma once

#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <system_error>

namespace merkleforge::test {

class TempDir {
 public:
  /// `label` starts the folder's name (mkdtemp makes the rest unique). Throws std::runtime_error
  /// when the folder cannot be created.
  explicit TempDir(const std::string& label = "merkleforge") {
    std::string pattern = std::filesystem::temp_directory_path() / (label + "-XXXXXX");
    if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed: " + pattern);
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& path() const noexcept { return path_; }
  /// path() / name: a file or folder inside this one.
  std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

 private:
  std::filesystem::path path_;
};

}  // namespace merkleforge::test
