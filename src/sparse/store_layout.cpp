// Key and record codecs of the sparse tree in a NodeStore (layout in store_layout.hpp).
#include "store_layout.hpp"

#include <algorithm>

namespace merkleforge::sparse_detail {
namespace {

constexpr std::size_t kChildSize = 1 + 4 + 4 + 32;

void put_u32(Bytes& out, std::uint32_t value) {
  for (int shift = 24; shift >= 0; shift -= 8)
    out.push_back(static_cast<std::uint8_t>(value >> shift));
}

std::uint32_t get_u32(ByteSpan in) {
  return std::uint32_t{in[0]} << 24 | std::uint32_t{in[1]} << 16 | std::uint32_t{in[2]} << 8 |
         in[3];
}

Error corrupt(const std::string& what) {
  return make_error(Errc::corrupt_data, "sparse tree store: " + what);
}

Result<StoredChild> decode_child(ByteSpan in) {
  StoredChild child;
  const auto kind = static_cast<StoredKind>(in[0]);
  if (kind != StoredKind::empty && kind != StoredKind::interior && kind != StoredKind::leaf) {
    return corrupt("unknown node kind");
  }
  child.kind = kind;
  child.version = get_u32(in.subspan(1));
  child.id = get_u32(in.subspan(5));
  std::copy_n(in.begin() + 9, 32, child.hash.begin());
  return child;
}

}  // namespace

Bytes stored_node_key(StoredKind kind, std::uint32_t version, std::uint32_t id) {
  Bytes key = {'S', 'n', static_cast<std::uint8_t>(kind)};
  put_u32(key, version);
  put_u32(key, id);
  return key;
}

Bytes stored_root_prefix() {
  return {'S', 'r'};
}

Bytes stored_root_key(std::uint64_t version) {
  Bytes key = stored_root_prefix();
  put_u32(key, static_cast<std::uint32_t>(version >> 32));
  put_u32(key, static_cast<std::uint32_t>(version));
  return key;
}

Result<std::uint64_t> decode_root_key(ByteSpan key) {
  if (key.size() != 10) return corrupt("root key of wrong size");
  return std::uint64_t{get_u32(key.subspan(2))} << 32 | get_u32(key.subspan(6));
}

void append_child(Bytes& out, const StoredChild& child) {
  out.push_back(static_cast<std::uint8_t>(child.kind));
  put_u32(out, child.version);
  put_u32(out, child.id);
  out.insert(out.end(), child.hash.begin(), child.hash.end());
}

Bytes encode_stored_leaf(const Digest32& key_hash, ByteSpan value) {
  Bytes out;
  out.reserve(1 + 32 + value.size());
  out.push_back('L');
  out.insert(out.end(), key_hash.begin(), key_hash.end());
  out.insert(out.end(), value.begin(), value.end());
  return out;
}

Result<StoredChild> decode_stored_root(ByteSpan record) {
  if (record.size() != kChildSize) return corrupt("root record of wrong size");
  return decode_child(record);
}

Result<StoredLeaf> decode_stored_leaf(ByteSpan record) {
  if (record.size() < 33 || record[0] != 'L') return corrupt("malformed leaf record");
  StoredLeaf leaf;
  std::copy_n(record.begin() + 1, 32, leaf.key_hash.begin());
  leaf.value = record.subspan(33);
  return leaf;
}

Result<std::array<StoredChild, 2>> decode_stored_interior(ByteSpan record) {
  if (record.size() != 1 + 2 * kChildSize || record[0] != 'I')
    return corrupt("malformed interior record");
  Result<StoredChild> left = decode_child(record.subspan(1));
  if (!left) return left.error();
  Result<StoredChild> right = decode_child(record.subspan(1 + kChildSize));
  if (!right) return right.error();
  return std::array<StoredChild, 2>{*left, *right};
}

}  // namespace merkleforge::sparse_detail
