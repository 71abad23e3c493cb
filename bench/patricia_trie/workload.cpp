#include "patricia_trie/workload.hpp"

#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

#include "merkleforge/core/hex.hpp"
#include "merkleforge/hash/keccak.hpp"
#include "support/node_peer.hpp"

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

mpt::MerklePatriciaTrie build_unhashed_trie(const Workload& pairs) {
  mpt::MerklePatriciaTrie trie;
  for (std::size_t i = 0; i < pairs.keys.size(); ++i)
    (void)trie.put(pairs.keys[i], pairs.values[i]);
  return trie;
}

mpt::MerklePatriciaTrie build_trie(const Workload& pairs) {
  mpt::MerklePatriciaTrie trie = build_unhashed_trie(pairs);
  trie.root_hash();
  return trie;
}

double ethereumjs_seconds_per_op(const std::string& op, std::size_t n, std::size_t probes) {
  const nlohmann::json reply = merkleforge::bench::run_node_peer(
      "ethereumjs_mpt_bench.mjs", {{"op", op}, {"n", n}, {"probes", probes}});
  if (!reply.is_object()) throw std::runtime_error("ethereumjs bench script failed");
  static std::map<std::size_t, std::string> our_roots;
  std::string& ours = our_roots[n];
  if (ours.empty()) ours = to_hex(build_trie(workload(n)).root_hash());
  if (reply.value("root", "") != ours) {
    throw std::runtime_error("the peer's root differs from ours: its time is not a comparison");
  }
  return reply["seconds"].get<double>() / reply["ops"].get<double>();
}

}  // namespace patricia_bench
