// libFuzzer target: the trie node decoder returns a node or an error for any input, and a decoded
// node re-encodes to the same bytes (the decoder accepts canonical encodings only).
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "merkleforge/mpt/node.hpp"

namespace {

using namespace merkleforge;
using namespace merkleforge::mpt;

Bytes reencode(const DecodedNode& node) {
  Bytes path(node.kind == NodeKind::branch ? 0 : node.path.size());
  for (std::size_t i = 0; i < path.size(); ++i) path[i] = node.path[i];
  Bytes out;
  if (node.kind == NodeKind::leaf) encode_leaf(out, path, node.value);
  if (node.kind == NodeKind::extension) encode_extension(out, path, ref_of_child_item(node.child));
  if (node.kind == NodeKind::branch) {
    std::array<NodeRef, 16> refs;
    std::array<const NodeRef*, 16> pointers;
    for (std::size_t i = 0; i < 16; ++i)
      refs[i] = ref_of_child_item(node.children[i]), pointers[i] = &refs[i];
    encode_branch(out, pointers, node.value);
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto node = decode_node(ByteSpan(data, size));
  if (!node) return 0;
  const Bytes again = reencode(*node);
  if (again.size() != size || !std::equal(again.begin(), again.end(), data)) std::abort();
  return 0;
}
