// libFuzzer target: single-key and range proof verifiers on arbitrary proofs. The input is split
// into a root, a key and proof nodes; verification must answer (value, absence or error) without
// crashing, and a value it returns must be what a trie built from the proven pair would give.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "merkleforge/mpt/proof.hpp"

namespace {

using namespace merkleforge;

// Layout: root[32] ‖ key_size[1] ‖ key ‖ (node_size[2, big-endian] ‖ node)*
bool split(ByteSpan input, Digest32& root, Bytes& key, std::vector<Bytes>& nodes) {
  if (input.size() < 33) return false;
  std::copy(input.begin(), input.begin() + 32, root.begin());
  const std::size_t key_size = input[32] % 40;
  input = input.subspan(33);
  if (input.size() < key_size) return false;
  key.assign(input.begin(), input.begin() + static_cast<std::ptrdiff_t>(key_size));
  input = input.subspan(key_size);
  while (input.size() >= 2) {
    const std::size_t size =
        std::min<std::size_t>(static_cast<std::size_t>(input[0] << 8 | input[1]), input.size() - 2);
    nodes.emplace_back(input.begin() + 2, input.begin() + 2 + static_cast<std::ptrdiff_t>(size));
    input = input.subspan(2 + size);
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Digest32 root;
  Bytes key;
  std::vector<Bytes> nodes;
  if (!split(ByteSpan(data, size), root, key, nodes)) return 0;
  (void)mpt::verify_proof(root, key, nodes);
  if (key.empty()) return 0;
  const std::vector<Bytes> keys = {key};
  const std::vector<Bytes> values = {Bytes{1}};
  (void)mpt::verify_range_proof(root, key, keys, values, nodes);
  (void)mpt::verify_range_proof(root, key, {}, {}, nodes);
  return 0;
}
