// The main of a fuzz target built without libFuzzer (the release and asan presets, where the
// targets are plain programs; fuzz/CMakeLists.txt): runs LLVMFuzzerTestOneInput once on every
// file named, and on every file of every folder named (in name order), as `<target> -runs=0
// <corpus>` does under libFuzzer. ctest (FuzzCorpus.<target>) replays the corpus kept in
// fuzz/corpus/<target> so: a crash, a sanitizer report or an oracle's abort fails the test.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);
// Optional in a target, as for libFuzzer.
extern "C" __attribute__((weak)) int LLVMFuzzerInitialize(int* argc, char*** argv);

namespace {

/// One input in a buffer of exactly its size (so that AddressSanitizer sees a read past its end,
/// as under libFuzzer).
void run(const std::vector<char>& input) {
  const std::unique_ptr<std::uint8_t[]> copy(
      new std::uint8_t[std::max<std::size_t>(input.size(), 1)]);
  std::copy(input.begin(), input.end(), copy.get());
  LLVMFuzzerTestOneInput(copy.get(), input.size());
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s <file or folder>... (runs each input once)\n", argv[0]);
    return 2;
  }
  if (LLVMFuzzerInitialize != nullptr) LLVMFuzzerInitialize(&argc, &argv);
  std::vector<std::filesystem::path> files;
  for (int i = 1; i < argc; ++i) {
    const std::filesystem::path path = argv[i];
    if (std::filesystem::is_directory(path)) {
      for (const auto& entry : std::filesystem::directory_iterator(path)) {
        if (entry.is_regular_file()) files.push_back(entry.path());
      }
    } else if (std::filesystem::is_regular_file(path)) {
      files.push_back(path);
    } else {
      std::fprintf(stderr, "%s: no such file or folder\n", path.c_str());
      return 2;
    }
  }
  std::sort(files.begin(), files.end());
  run({});  // libFuzzer starts with the empty input too
  for (const auto& file : files) {
    std::ifstream in(file, std::ios::binary);
    if (!in) {
      std::fprintf(stderr, "cannot read %s\n", file.c_str());
      return 2;
    }
    run(std::vector<char>((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>()));
  }
  std::printf("%s: %zu inputs, no finding\n", argv[0], files.size());
  return 0;
}
