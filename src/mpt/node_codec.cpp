#include <cstring>
#include <string>

#include "merkleforge/hash/keccak.hpp"
#include "merkleforge/mpt/node.hpp"
#include "merkleforge/mpt/rlp.hpp"

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

// Grows `out` by a node of `payload` bytes of list items and returns where the items go (after
// the list header).
std::uint8_t* grow_list(Bytes& out, std::size_t payload) {
  const std::size_t at = out.size();
  out.resize(at + rlp::list_size(payload));
  return rlp::write_list_header(out.data() + at, payload);
}

Error malformed(const std::string& what) {
  return make_error(Errc::malformed_input, "trie node: " + what);
}

// A child reference item: 0x80, a 32-byte string, or an inline list shorter than 32 bytes. The
// node's items were read with their headers checked; an inline node's own items are checked here
// (the only nested lists a valid node has).
Status check_child_item(const rlp::Item& item, bool allow_empty) {
  if (item.is_list) {
    if (item.encoding.size() >= 32) return malformed("inline child of 32 bytes or more");
    if (auto nested = rlp::decode(item.encoding); !nested) return nested.error();
    return Ok{};
  }
  if (item.payload.empty()) {
    if (allow_empty) return Ok{};
    return malformed("extension without a child");
  }
  if (item.payload.size() != 32) return malformed("child reference is neither a hash nor a node");
  return Ok{};
}

Result<CompactPath> check_compact(const rlp::Item& item, bool& is_leaf) {
  if (item.is_list || item.payload.empty()) return malformed("path is not a hex-prefix string");
  const std::uint8_t flag = item.payload[0] >> 4;
  if (flag > 3) return malformed("hex-prefix flag nibble above 3");
  if ((flag & 1) == 0 && (item.payload[0] & 0x0f) != 0)
    return malformed("hex-prefix padding nibble is not 0");
  is_leaf = (flag & 2) != 0;
  return CompactPath{item.payload};
}

Result<DecodedNode> decode_short(const rlp::Item& path_item, const rlp::Item& second) {
  DecodedNode node;
  bool is_leaf = false;
  auto path = check_compact(path_item, is_leaf);
  if (!path) return path.error();
  node.path = *path;
  if (is_leaf) {
    if (second.is_list || second.payload.empty())
      return malformed("leaf value is not a non-empty string");
    node.kind = NodeKind::leaf;
    node.value = second.payload;
    return node;
  }
  if (node.path.size() == 0) return malformed("extension with an empty path");
  if (auto status = check_child_item(second, false); !status) return status.error();
  node.kind = NodeKind::extension;
  node.child = second.encoding;
  return node;
}

}  // namespace

std::uint8_t* NodeRef::write_to(std::uint8_t* out) const noexcept {
  if (empty()) {
    *out = kEmptyString;
    return out + 1;
  }
  if (is_hash()) *out++ = kHashHeader;
  std::memcpy(out, bytes.data(), size);
  return out + size;
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

void encode_branch(Bytes& out, std::span<const NodeRef* const, 16> children, ByteSpan value) {
  std::size_t payload = rlp::string_size(value);
  for (const NodeRef* child : children) payload += child->encoded_size();
  std::uint8_t* at = grow_list(out, payload);
  for (const NodeRef* child : children) at = child->write_to(at);
  rlp::write_string(at, value);
}

Result<DecodedNode> decode_node(ByteSpan encoding) {
  ByteSpan after = encoding;
  auto list = rlp::read_item(after);
  if (!list) return list.error();
  if (!after.empty()) return malformed(std::to_string(after.size()) + " trailing bytes");
  if (!list->is_list) return malformed("node is not a list");
  std::array<rlp::Item, 17> items;
  std::size_t count = 0;
  for (ByteSpan rest = list->payload; !rest.empty(); ++count) {
    if (count == items.size()) return malformed("list of more than 17 items");
    auto item = rlp::read_item(rest);
    if (!item) return item.error();
    items[count] = *item;
  }
  if (count == 2) return decode_short(items[0], items[1]);
  if (count != 17)
    return malformed("list of " + std::to_string(count) + " items (expected 2 or 17)");
  DecodedNode node;
  node.kind = NodeKind::branch;
  for (std::size_t i = 0; i < 16; ++i) {
    if (auto status = check_child_item(items[i], true); !status) return status.error();
    node.children[i] = items[i].encoding;
  }
  if (items[16].is_list) return malformed("branch value is a list");
  node.value = items[16].payload;
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
