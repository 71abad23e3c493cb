#include "patricia_trie/workload.hpp"

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

#include "merkleforge/hash/keccak.hpp"

namespace patricia_bench {

using namespace merkleforge;

const Workload& workload(std::size_t n) {
  static std::map<std::size_t, Workload> cache;
  Workload& pairs = cache[n];
  if (pairs.keys.size() == n) return pairs;
  for (std::size_t i = 0; i < n; ++i) {
    std::uint8_t be[8];
    for (int b = 0; b < 8; ++b)
      be[b] = static_cast<std::uint8_t>(static_cast<std::uint64_t>(i) >> (8 * (7 - b)));
    const Digest32 key = Keccak256::digest(ByteSpan(be, 8));
    pairs.keys.emplace_back(key.begin(), key.end());
    Bytes value(key.begin(), key.end());
    value.insert(value.end(), key.begin(), key.end());
    pairs.values.push_back(std::move(value));
  }
  return pairs;
}

mpt::MerklePatriciaTrie build_trie(const Workload& pairs) {
  mpt::MerklePatriciaTrie trie;
  for (std::size_t i = 0; i < pairs.keys.size(); ++i)
    (void)trie.put(pairs.keys[i], pairs.values[i]);
  trie.root_hash();
  return trie;
}

double ethereumjs_seconds_per_op(const std::string& op, std::size_t n, std::size_t probes) {
  // This file is bench/patricia_trie/workload.cpp; the peer scripts are in tests/peers/.
  const std::filesystem::path script =
      std::filesystem::path(__FILE__).parent_path().parent_path().parent_path() /
      "tests/peers/ethereumjs_mpt_bench.mjs";
  const auto input = std::filesystem::temp_directory_path() /
                     ("mf_mpt_bench_" + std::to_string(::getpid()) + ".json");
  std::ofstream(input) << nlohmann::json{{"op", op}, {"n", n}, {"probes", probes}}.dump();
  const std::string command = "node '" + script.string() + "' < '" + input.string() + "'";
  std::FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) throw std::runtime_error("cannot run node");
  std::string output;
  char buffer[4096];
  for (std::size_t got; (got = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;)
    output.append(buffer, got);
  const int status = ::pclose(pipe);
  std::filesystem::remove(input);
  if (status != 0) throw std::runtime_error("ethereumjs bench script failed");
  const auto reply = nlohmann::json::parse(output);
  return reply["seconds"].get<double>() / reply["ops"].get<double>();
}

}  // namespace patricia_bench
