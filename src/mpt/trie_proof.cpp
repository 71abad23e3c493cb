// MerklePatriciaTrie::prove: the nodes on a key's path.
#include "merkleforge/mpt/trie.hpp"
#include "mpt/key_path.hpp"
#include "mpt/trie_tags.hpp"

namespace merkleforge::mpt {

using detail::index_of;
using detail::Pool;
using detail::pool_of;

Status MerklePatriciaTrie::prove(ByteSpan key, ProofNodes& out) {
  root_hash();
  out.clear();
  const std::size_t total = key.size() * 2;
  std::size_t pos = 0;
  for (NodeId id = root_; id != kEmpty;) {
    if (pool_of(id) == Pool::stub) {
      return make_error(Errc::not_found, "the key's path crosses a subtrie known only by its hash");
    }
    if (id == root_ || ref_of(id)->is_hash()) {  // inline nodes are already inside their parent
      out.emplace_back([&](Bytes& buffer) { encode(id, buffer); });
    }
    if (pool_of(id) == Pool::branch) {
      if (pos == total) break;
      id = branches_[index_of(id)].children[key_nibble(key, pos++)];
      continue;
    }
    const ShortNode& node = shorts_[index_of(id)];
    if (node.child == kEmpty || node.path_size > total - pos) break;
    if (!detail::path_matches_key(nibbles_.data() + node.path_begin, node.path_size, key, pos))
      break;
    pos += node.path_size;
    id = node.child;
  }
  return Ok{};
}

Result<std::vector<Bytes>> MerklePatriciaTrie::prove(ByteSpan key) {
  thread_local ProofNodes nodes;
  if (auto status = prove(key, nodes); !status) return status.error();
  return nodes.to_vector();
}

}  // namespace merkleforge::mpt
