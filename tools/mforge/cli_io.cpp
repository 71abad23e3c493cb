#include "cli_io.hpp"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <sstream>

#include "commands.hpp"

namespace mforge {

merkleforge::Result<merkleforge::Bytes> read_binary(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return merkleforge::make_error(merkleforge::Errc::io_error, "cannot read " + path);
  return merkleforge::Bytes(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

merkleforge::Status write_file(const std::string& path, merkleforge::ByteSpan bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes.data()),
            static_cast<std::streamsize>(bytes.size()));
  if (!out) return merkleforge::make_error(merkleforge::Errc::io_error, "cannot write " + path);
  return merkleforge::Ok{};
}

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

merkleforge::Result<std::vector<std::array<std::uint8_t, 32>>> keys32_of(const std::string& list) {
  std::vector<std::array<std::uint8_t, 32>> keys;
  std::size_t begin = 0;
  while (begin <= list.size()) {
    const std::size_t end = std::min(list.find(',', begin), list.size());
    auto key = fixed_hex<32>(list.substr(begin, end - begin), "key");
    if (!key) return key.error();
    keys.push_back(*key);
    begin = end + 1;
  }
  return keys;
}

int report_failure(const char* command, const merkleforge::Error& error) {
  std::cerr << "mforge " << command << ": " << error.message << "\n";
  return error.code == merkleforge::Errc::io_error ? kExitIo : kExitUsage;
}

}  // namespace mforge
