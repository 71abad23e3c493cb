#include "tests/support/node_peer.hpp"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "tests/support/temp_dir.hpp"

namespace merkleforge::test {
namespace {

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::filesystem::path peers_dir() {
  const char* override_dir = std::getenv("MERKLEFORGE_PEERS_DIR");
  return override_dir != nullptr ? override_dir : MERKLEFORGE_PEERS_DIR;
}

}  // namespace

PeerReply call_node_peer(const std::string& script, const nlohmann::json& request) {
  const std::filesystem::path dir = peers_dir();
  if (!std::filesystem::exists(dir / "node_modules")) {
    return {nullptr, "peer packages are not installed: run `make peers` (" +
                         (dir / "node_modules").string() + " missing)"};
  }
  // Files rather than pipes both ways: requests and replies can be megabytes, and this avoids
  // deadlock without threads.
  const TempDir scratch("mf_peer");
  const auto in_path = scratch / "in.json";
  const auto out_path = scratch / "out.json";
  const auto err_path = scratch / "err.txt";
  std::ofstream(in_path) << request.dump();
  const std::string command = "node '" + (dir / script).string() + "' < '" + in_path.string() +
                              "' > '" + out_path.string() + "' 2> '" + err_path.string() + "'";
  const int status = std::system(command.c_str());
  const std::string out = read_file(out_path);
  const std::string err = read_file(err_path);
  if (status != 0) return {nullptr, "peer script " + script + " failed: " + err};
  nlohmann::json reply = nlohmann::json::parse(out, nullptr, false);
  if (reply.is_discarded()) return {nullptr, "peer script " + script + " printed no valid JSON"};
  return {std::move(reply), ""};
}

nlohmann::json run_node_peer(const std::string& script, const nlohmann::json& request) {
  PeerReply answer = call_node_peer(script, request);
  if (!answer) throw std::runtime_error(answer.error);
  return std::move(answer.reply);
}

}  // namespace merkleforge::test
