#include "support/node_peer.hpp"

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace merkleforge::test {
namespace {

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

nlohmann::json run_node_peer(const std::string& script, const nlohmann::json& request) {
  const std::filesystem::path peers_dir = MERKLEFORGE_PEERS_DIR;
  if (!std::filesystem::exists(peers_dir / "node_modules")) {
    throw std::runtime_error("peer packages are not installed: run `make peers` (tests/peers/node_modules missing)");
  }
  // Files rather than pipes both ways: requests and replies can be megabytes, and this avoids
  // deadlock without threads.
  const auto tmp = std::filesystem::temp_directory_path();
  const std::string stem = "mf_peer_" + std::to_string(::getpid()) + "_" + std::to_string(std::rand());
  const auto in_path = tmp / (stem + ".in.json");
  const auto out_path = tmp / (stem + ".out.json");
  const auto err_path = tmp / (stem + ".err.txt");
  std::ofstream(in_path) << request.dump();
  const std::string command = "node '" + (peers_dir / script).string() + "' < '" + in_path.string() + "' > '" +
                              out_path.string() + "' 2> '" + err_path.string() + "'";
  const int status = std::system(command.c_str());
  const std::string out = read_file(out_path);
  const std::string err = read_file(err_path);
  std::filesystem::remove(in_path);
  std::filesystem::remove(out_path);
  std::filesystem::remove(err_path);
  if (status != 0) throw std::runtime_error("peer script " + script + " failed: " + err);
  return nlohmann::json::parse(out);
}

}  // namespace merkleforge::test
