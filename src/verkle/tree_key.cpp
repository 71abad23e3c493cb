// Tree keys as sparse commitments: at most five non-zero terms, each through fixed-base tables.
#include "merkleforge/verkle/tree_key.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "merkleforge/verkle/banderwagon.hpp"
#include "merkleforge/verkle/crs.hpp"
#include "merkleforge/verkle/pedersen.hpp"
#include "tree_key_tables.hpp"
#include "wide_crs_tables.hpp"

namespace merkleforge::verkle {

namespace {

constexpr std::size_t kMaxPedersenInput = (kCrsSize - 1) * 16;

/// Σ ints[i]·CRS[i] for the pedersen_hash of `input`.
Element pedersen_point(ByteSpan input) {
  Element point;
  add_crs_multiple(point, 0, Fr::from_u64(2 + 256 * std::uint64_t{input.size()}));
  for (std::size_t offset = 0, index = 1; offset < input.size(); offset += 16, ++index) {
    const std::size_t size = std::min<std::size_t>(16, input.size() - offset);
    add_crs_multiple(point, index, Fr::from_bytes_le_reduced(input.subspan(offset, size)));
  }
  return point;
}

TreeKey key_from_hash(const Digest32& hash, std::uint8_t sub_index) {
  TreeKey key = hash;
  key[31] = sub_index;
  return key;
}

}  // namespace

Address32 to_address32(const Address& address) {
  Address32 out{};
  std::copy(address.begin(), address.end(), out.begin() + 12);
  return out;
}

Result<Digest32> pedersen_hash(ByteSpan input) {
  if (input.size() > kMaxPedersenInput) {
    return make_error(Errc::invalid_argument, "pedersen_hash: input longer than 4080 bytes (" +
                                                  std::to_string(input.size()) + ")");
  }
  return pedersen_point(input).map_to_scalar_field().to_bytes_le();
}

TreeKey get_tree_key(const Address32& address, const TreeIndex& tree_index,
                     std::uint8_t sub_index) {
  const Element point = detail::tree_key_point(address, tree_index);
  return key_from_hash(point.map_to_scalar_field().to_bytes_le(), sub_index);
}

std::size_t tree_key_table_bytes() {
  return detail::wide_crs_table_bytes();
}

TreeKey basic_data_key(const Address32& address) {
  return get_tree_key(address, {}, kBasicDataLeafKey);
}

TreeKey code_hash_key(const Address32& address) {
  return get_tree_key(address, {}, kCodeHashLeafKey);
}

TreeKey storage_slot_key(const Address32& address, const Digest32& slot_be) {
  TreeIndex slot{};
  for (std::size_t i = 0; i < 32; ++i) {
    slot[i / 8] |= std::uint64_t{slot_be[31 - i]} << (8 * (i % 8));
  }
  const bool in_header =
      slot[1] == 0 && slot[2] == 0 && slot[3] == 0 && slot[0] < kCodeOffset - kHeaderStorageOffset;
  if (in_header) {
    return get_tree_key(address, {}, static_cast<std::uint8_t>(kHeaderStorageOffset + slot[0]));
  }
  // position = 2^248 + slot: tree index = slot / 256 + 2^240, sub index = slot % 256 (exact, no
  // wrap-around modulo 2^256).
  TreeIndex tree_index{};
  for (std::size_t i = 0; i < 4; ++i) {
    tree_index[i] = slot[i] >> 8;
    if (i + 1 < 4) tree_index[i] |= slot[i + 1] << 56;
  }
  tree_index[3] += std::uint64_t{1} << 48;  // 2^240
  return get_tree_key(address, tree_index, static_cast<std::uint8_t>(slot[0] & 0xff));
}

TreeKey code_chunk_key(const Address32& address, std::uint64_t chunk_id) {
  // 128 + chunk_id may exceed 2^64 only in theory; keep it exact with a two-limb position.
  const std::uint64_t low = kCodeOffset + chunk_id;
  const std::uint64_t high = low < chunk_id ? 1 : 0;
  const TreeIndex tree_index = {(low >> 8) | (high << 56), 0, 0, 0};
  return get_tree_key(address, tree_index, static_cast<std::uint8_t>(low & 0xff));
}

}  // namespace merkleforge::verkle
