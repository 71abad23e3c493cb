// Binary-tree keys, basic-data packing and code chunking
// (include/merkleforge/bintrie/tree_key.hpp).
#include "merkleforge/bintrie/tree_key.hpp"

#include <algorithm>

#include "merkleforge/hash/blake3.hpp"

namespace merkleforge::bintrie {

template <class H, IndexOrder Order>
TreeKey tree_key(const Address& address, const TreeIndex& tree_index, std::uint8_t sub_index) {
  std::array<std::uint8_t, 64> message{};
  std::copy(address.begin(), address.end(), message.begin() + 12);
  if constexpr (Order == IndexOrder::big_endian) {
    std::copy(tree_index.begin(), tree_index.end(), message.begin() + 32);
  } else {
    std::reverse_copy(tree_index.begin(), tree_index.end(), message.begin() + 32);
  }
  TreeKey key = H::digest(message);
  key[31] = sub_index;
  return key;
}

template <class H, IndexOrder Order>
TreeKey basic_data_key(const Address& address) {
  return tree_key<H, Order>(address, TreeIndex{}, kBasicDataLeafKey);
}

template <class H, IndexOrder Order>
TreeKey code_hash_key(const Address& address) {
  return tree_key<H, Order>(address, TreeIndex{}, kCodeHashLeafKey);
}

std::pair<TreeIndex, std::uint8_t> storage_slot_position(const Digest32& slot_be) {
  const bool in_header =
      std::all_of(slot_be.begin(), slot_be.begin() + 31, [](std::uint8_t b) { return b == 0; }) &&
      slot_be[31] < kCodeOffset - kHeaderStorageOffset;
  if (in_header) {
    return {TreeIndex{}, static_cast<std::uint8_t>(kHeaderStorageOffset + slot_be[31])};
  }
  // (2^248 + slot) / 256: bytes 0..30 of the slot shifted down one byte, with 1 added to what was
  // byte 0 (now byte 1); its carry lands in byte 0.
  TreeIndex index{};
  index[0] = slot_be[0] == 0xff ? 1 : 0;
  index[1] = static_cast<std::uint8_t>(slot_be[0] + 1);
  std::copy(slot_be.begin() + 1, slot_be.begin() + 31, index.begin() + 2);
  return {index, slot_be[31]};
}

template <class H, IndexOrder Order>
TreeKey storage_slot_key(const Address& address, const Digest32& slot_be) {
  const auto [index, sub_index] = storage_slot_position(slot_be);
  return tree_key<H, Order>(address, index, sub_index);
}

std::pair<TreeIndex, std::uint8_t> code_chunk_position(std::uint64_t chunk_id) {
  const std::uint64_t position = chunk_id + kCodeOffset;  // wraps only past 2^64 - 129
  const std::uint64_t carry = position < chunk_id ? 1 : 0;
  const std::uint64_t group = (position >> 8) | (carry << 56);
  TreeIndex index{};
  for (int i = 0; i < 8; ++i) index[31 - i] = static_cast<std::uint8_t>(group >> (8 * i));
  return {index, static_cast<std::uint8_t>(position & 0xff)};
}

template <class H, IndexOrder Order>
TreeKey code_chunk_key(const Address& address, std::uint64_t chunk_id) {
  const auto [index, sub_index] = code_chunk_position(chunk_id);
  return tree_key<H, Order>(address, index, sub_index);
}

Digest32 basic_data_leaf(std::uint64_t nonce, const Digest32& balance_be, std::uint32_t code_size) {
  Digest32 leaf{};
  for (int i = 0; i < 4; ++i) leaf[7 - i] = static_cast<std::uint8_t>(code_size >> (8 * i));
  for (int i = 0; i < 8; ++i) leaf[15 - i] = static_cast<std::uint8_t>(nonce >> (8 * i));
  const auto first_significant =
      std::find_if(balance_be.begin(), balance_be.end(), [](std::uint8_t b) { return b != 0; });
  const auto length = static_cast<std::size_t>(balance_be.end() - first_significant);
  // geth keeps b[16:] of the minimal form b when it is longer than 16 bytes.
  const std::size_t kept = length > 16 ? length - 16 : length;
  std::copy(balance_be.end() - static_cast<std::ptrdiff_t>(kept), balance_be.end(),
            leaf.end() - static_cast<std::ptrdiff_t>(kept));
  return leaf;
}

std::vector<Digest32> chunkify_code(ByteSpan code) {
  constexpr std::uint8_t kPush1 = 0x60;
  constexpr std::uint8_t kPush32 = 0x7f;
  const std::size_t chunk_count = (code.size() + kCodeChunkSize - 1) / kCodeChunkSize;
  std::vector<Digest32> chunks(chunk_count, Digest32{});
  // The next instruction's offset past the start of the current chunk; exceeds 31 only after a
  // PUSH32 whose data spans a whole chunk (the data then ends 1 byte into the chunk after it).
  std::size_t push_spill = 0;
  std::size_t pc = 0;  // next instruction to decode
  for (std::size_t i = 0; i < chunk_count; ++i) {
    const std::size_t begin = i * kCodeChunkSize;
    const std::size_t end = std::min(code.size(), begin + kCodeChunkSize);
    std::copy(code.begin() + static_cast<std::ptrdiff_t>(begin),
              code.begin() + static_cast<std::ptrdiff_t>(end), chunks[i].begin() + 1);
    if (push_spill > kCodeChunkSize) {
      chunks[i][0] = static_cast<std::uint8_t>(kCodeChunkSize);
      push_spill -= kCodeChunkSize;
      continue;
    }
    chunks[i][0] = static_cast<std::uint8_t>(push_spill);
    push_spill = 0;
    while (pc < end) {
      const std::uint8_t op = code[pc];
      const std::size_t data = op >= kPush1 && op <= kPush32 ? op - kPush1 + 1 : 0;
      // geth counts the spill from where the push data would end, also past the end of the code.
      const std::size_t next = pc + 1 + data;
      if (data != 0 && next >= begin + kCodeChunkSize) {
        push_spill = next - (begin + kCodeChunkSize);
        pc = next;
        break;
      }
      pc = next;
    }
  }
  return chunks;
}

#define MERKLEFORGE_BINTRIE_KEYS(H, ORDER)                                             \
  template TreeKey tree_key<H, ORDER>(const Address&, const TreeIndex&, std::uint8_t); \
  template TreeKey basic_data_key<H, ORDER>(const Address&);                           \
  template TreeKey code_hash_key<H, ORDER>(const Address&);                            \
  template TreeKey storage_slot_key<H, ORDER>(const Address&, const Digest32&);        \
  template TreeKey code_chunk_key<H, ORDER>(const Address&, std::uint64_t);
MERKLEFORGE_BINTRIE_KEYS(Sha256, IndexOrder::big_endian)
MERKLEFORGE_BINTRIE_KEYS(Sha256, IndexOrder::little_endian)
MERKLEFORGE_BINTRIE_KEYS(Blake3, IndexOrder::big_endian)
MERKLEFORGE_BINTRIE_KEYS(Blake3, IndexOrder::little_endian)
#undef MERKLEFORGE_BINTRIE_KEYS

}  // namespace merkleforge::bintrie
