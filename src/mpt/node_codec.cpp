#include <cstring>
#include <string>

#include "merkleforge/hash/keccak.hpp"
#include "merkleforge/mpt/node.hpp"
#include "merkleforge/mpt/rlp.hpp"
#include "node_decoder.hpp"
#include "rlp_reader.hpp"

namespace merkleforge::mpt {
namespace {

constexpr std::uint8_t kEmptyString = 0x80;
constexpr std::uint8_t kHashHeader = 0x80 + 32;
constexpr std::uint8_t kLeafFlag = 0x20;
constexpr std::uint8_t kOddFlag = 0x10;

std::size_t compact_size(Nibbles path) noexcept {
  return path.size() / 2 + 1;
}

// RLP size of the HP encoding: a one-byte HP (flag nibble < 4) is its own RLP.
std::size_t compact_rlp_size(Nibbles path) noexcept {
  const std::size_t size = compact_size(path);
  return size == 1 ? 1 : rlp::string_size(size, 0xff);
}

// Writes the RLP of the HP encoding of `path` (compact_rlp_size(path) bytes).
std::uint8_t* write_compact_path(std::uint8_t* out, Nibbles path, bool leaf) noexcept {
  const std::size_t size = compact_size(path);
  if (size > 1) out = rlp::write_string_header(out, size);
  const bool odd = path.size() % 2 == 1;
  auto flag = static_cast<std::uint8_t>((leaf ? kLeafFlag : 0) | (odd ? kOddFlag : 0));
  std::size_t next = 0;
  if (odd) flag = static_cast<std::uint8_t>(flag | path[next++]);
  *out++ = flag;
  for (; next < path.size(); next += 2) {
    *out++ = static_cast<std::uint8_t>(path[next] << 4 | path[next + 1]);
  }
  return out;
}

// NodeRef::write_to, inline here: encode_branch writes 16 references per branch.
inline std::uint8_t* write_ref(std::uint8_t* out, const NodeRef& ref) noexcept {
  if (ref.is_hash()) {  // the common case first, copied with a constant size (no call to memcpy)
    *out++ = kHashHeader;
    std::memcpy(out, ref.bytes.data(), 32);
    return out + 32;
  }
  if (ref.empty()) {
    *out = kEmptyString;
    return out + 1;
  }
  std::memcpy(out, ref.bytes.data(), ref.size);
  return out + ref.size;
}

// Grows `out` by a node of `payload` bytes of list items and returns where the items go (after
// the list header).
std::uint8_t* grow_list(Bytes& out, std::size_t payload) {
  const std::size_t at = out.size();
  out.resize(at + rlp::list_size(payload));
  return rlp::write_list_header(out.data() + at, payload);
}

// The checks below return nullptr when the node is valid, else why not (a static string): a node
// has up to 17 items, and building a Result for each showed in proof verification.
using Fault = const char*;

// A child reference item: 0x80, a 32-byte string, or an inline list shorter than 32 bytes. The
// node's items were read with their headers checked; an inline node's own items are checked here
// (the only nested lists a valid node has).
Fault check_child_item(const rlp::Item& item, bool allow_empty) {
  if (item.is_list) {
    if (item.encoding.size() >= 32) return "inline child of 32 bytes or more";
    if (!rlp::decode(item.encoding)) return "inline child is not canonical RLP";
    return nullptr;
  }
  if (item.payload.empty()) return allow_empty ? nullptr : "extension without a child";
  if (item.payload.size() != 32) return "child reference is neither a hash nor a node";
  return nullptr;
}

Fault check_compact(const rlp::Item& item, bool& is_leaf) {
  if (item.is_list || item.payload.empty()) return "path is not a hex-prefix string";
  const std::uint8_t flag = item.payload[0] >> 4;
  if (flag > 3) return "hex-prefix flag nibble above 3";
  if ((flag & 1) == 0 && (item.payload[0] & 0x0f) != 0) return "hex-prefix padding nibble is not 0";
  is_leaf = (flag & 2) != 0;
  return nullptr;
}

Fault decode_short(const rlp::Item& path_item, const rlp::Item& second, DecodedNode& node) {
  bool is_leaf = false;
  if (Fault fault = check_compact(path_item, is_leaf)) return fault;
  node.path = CompactPath{path_item.payload};
  if (is_leaf) {
    if (second.is_list || second.payload.empty()) return "leaf value is not a non-empty string";
    node.kind = NodeKind::leaf;
    node.value = second.payload;
    return nullptr;
  }
  if (node.path.size() == 0) return "extension with an empty path";
  if (Fault fault = check_child_item(second, false)) return fault;
  node.kind = NodeKind::extension;
  node.child = second.encoding;
  return nullptr;
}

// A branch's child item that is the empty string or a 32-byte hash (all children of a full
// branch) is taken without the generic header reader; anything else goes through it. Either way
// the item is checked as check_child_item does. Advances `rest` past the item.
Fault read_child(ByteSpan& rest, ByteSpan& child) {
  if (!rest.empty() && (rest[0] == kEmptyString || (rest[0] == kHashHeader && rest.size() > 32))) {
    child = rest.first(rest[0] == kHashHeader ? 33 : 1);
    rest = rest.subspan(child.size());
    return nullptr;
  }
  rlp::Item item;
  if (rest.empty()) return "list of neither 2 nor 17 items";
  if (Fault fault = rlp::detail::next_item(rest, item)) return fault;
  if (Fault fault = check_child_item(item, true)) return fault;
  child = item.encoding;
  return nullptr;
}

// The branch whose first two items are `first` and `second`; `rest` holds the other 15.
Fault decode_branch(const rlp::Item& first, const rlp::Item& second, ByteSpan rest,
                    DecodedNode& node) {
  node.kind = NodeKind::branch;
  if (Fault fault = check_child_item(first, true)) return fault;
  if (Fault fault = check_child_item(second, true)) return fault;
  node.children[0] = first.encoding;
  node.children[1] = second.encoding;
  for (std::size_t i = 2; i < 16; ++i) {
    if (Fault fault = read_child(rest, node.children[i])) return fault;
  }
  rlp::Item value;
  if (rest.empty()) return "list of neither 2 nor 17 items";
  if (Fault fault = rlp::detail::next_item(rest, value)) return fault;
  if (!rest.empty()) return "list of more than 17 items";
  if (value.is_list) return "branch value is a list";
  node.value = value.payload;
  return nullptr;
}

}  // namespace

namespace detail {

// A node is a list of 2 items (leaf, extension) or 17 (branch).
Fault decode_node_into(ByteSpan encoding, DecodedNode& node) {
  rlp::Item list;
  if (Fault fault = rlp::detail::next_item(encoding, list)) return fault;
  if (!encoding.empty()) return "trailing bytes after the node";
  if (!list.is_list) return "node is not a list";
  ByteSpan rest = list.payload;
  std::array<rlp::Item, 2> items;
  for (rlp::Item& item : items) {
    if (rest.empty()) return "list of neither 2 nor 17 items";
    if (Fault fault = rlp::detail::next_item(rest, item)) return fault;
  }
  if (rest.empty()) return decode_short(items[0], items[1], node);
  return decode_branch(items[0], items[1], rest, node);
}

}  // namespace detail

std::uint8_t* NodeRef::write_to(std::uint8_t* out) const noexcept {
  return write_ref(out, *this);
}

NodeRef NodeRef::of_encoding(ByteSpan encoding) {
  if (encoding.size() >= 32) return of_hash(Keccak256::digest(encoding));
  NodeRef ref;
  ref.size = static_cast<std::uint8_t>(encoding.size());
  std::memcpy(ref.bytes.data(), encoding.data(), encoding.size());
  return ref;
}

NodeRef NodeRef::of_hash(const Digest32& hash) {
  NodeRef ref;
  ref.size = 32;
  ref.bytes = hash;
  return ref;
}

Digest32 root_of_encoding(ByteSpan encoding) {
  return Keccak256::digest(encoding);
}

void encode_leaf(Bytes& out, Nibbles path, ByteSpan value) {
  std::uint8_t* at = grow_list(out, compact_rlp_size(path) + rlp::string_size(value));
  rlp::write_string(write_compact_path(at, path, true), value);
}

void encode_extension(Bytes& out, Nibbles path, const NodeRef& child) {
  std::uint8_t* at = grow_list(out, compact_rlp_size(path) + child.encoded_size());
  child.write_to(write_compact_path(at, path, false));
}

// A branch's children are a random mix of hashes and empty slots, so a branch on the kind of each
// child is mispredicted about one time in three. Both kinds are written the same way instead: the
// header 0x80 | size (0x80 empty, 0xa0 a hash), then all 32 bytes, advancing 1 + size. An empty
// slot's bytes land where the next item overwrites them, or in 32 bytes of slack after the node.
// Inline children (1 to 31 bytes) are rare and take the branch.
void encode_branch(Bytes& out, std::span<const NodeRef* const, 16> children, ByteSpan value) {
  constexpr std::size_t kSlack = 32;
  std::size_t payload = rlp::string_size(value);
  for (const NodeRef* child : children) payload += child->encoded_size();
  const std::size_t begin = out.size();
  const std::size_t size = rlp::list_size(payload);
  out.resize(begin + size + kSlack);
  std::uint8_t* at = rlp::write_list_header(out.data() + begin, payload);
  for (const NodeRef* child : children) {
    if ((child->size & 31) != 0) [[unlikely]] {
      at = write_ref(at, *child);
      continue;
    }
    *at = static_cast<std::uint8_t>(kEmptyString | child->size);
    std::memcpy(at + 1, child->bytes.data(), 32);
    at += 1 + child->size;
  }
  rlp::write_string(at, value);
  out.resize(begin + size);
}

Result<DecodedNode> decode_node(ByteSpan encoding) {
  DecodedNode node;
  if (const char* fault = detail::decode_node_into(encoding, node))
    return make_error(Errc::malformed_input, std::string("trie node: ") + fault);
  return node;
}

NodeRef ref_of_child_item(ByteSpan child_item) {
  NodeRef ref;
  if (child_item.size() == 1 && child_item[0] == kEmptyString) return ref;
  if (child_item.size() == 33 && child_item[0] == kHashHeader) {
    ref.size = 32;
    std::memcpy(ref.bytes.data(), child_item.data() + 1, 32);
    return ref;
  }
  ref.size = static_cast<std::uint8_t>(child_item.size());
  std::memcpy(ref.bytes.data(), child_item.data(), child_item.size());
  return ref;
}

}  // namespace merkleforge::mpt
