#include "merkleforge/verkle/account.hpp"

#include <algorithm>
#include <string>

#include "merkleforge/hash/keccak.hpp"

namespace merkleforge::verkle {

namespace {

constexpr std::uint8_t kPush1 = 0x60;
constexpr std::uint8_t kPush32 = 0x7f;
constexpr std::size_t kChunkCodeBytes = 31;

void store_be(std::uint8_t* out, std::size_t width, std::uint64_t value) {
  for (std::size_t i = 0; i < width; ++i) {
    out[width - 1 - i] = static_cast<std::uint8_t>(value >> (8 * i));
  }
}

}  // namespace

Result<Digest32> basic_data(std::uint64_t nonce, const Digest32& balance_be,
                            std::size_t code_size) {
  if (std::any_of(balance_be.begin(), balance_be.begin() + 16, [](auto b) { return b != 0; })) {
    return make_error(Errc::invalid_argument, "balance does not fit in 128 bits");
  }
  if (code_size >= (std::size_t{1} << 24)) {
    return make_error(Errc::invalid_argument,
                      "code size " + std::to_string(code_size) + " does not fit in 3 bytes");
  }
  Digest32 leaf{};
  store_be(leaf.data() + 5, 3, code_size);
  store_be(leaf.data() + 8, 8, nonce);
  std::copy(balance_be.begin() + 16, balance_be.end(), leaf.begin() + 16);
  return leaf;
}

std::vector<Digest32> chunkify_code(ByteSpan code) {
  // push_data_end: the offset just past the PUSH data of the last instruction seen.
  std::vector<Digest32> chunks((code.size() + kChunkCodeBytes - 1) / kChunkCodeBytes);
  std::size_t push_data_end = 0;
  std::size_t pc = 0;
  for (std::size_t c = 0; c < chunks.size(); ++c) {
    const std::size_t begin = c * kChunkCodeBytes;
    const std::size_t end = std::min(begin + kChunkCodeBytes, code.size());
    // PUSH data still to come at the chunk's start, counted past the end of the code as EIP-6800's
    // reference does (it pads the code first), then capped at the chunk's 31 bytes.
    const std::size_t pending = push_data_end > begin ? push_data_end - begin : 0;
    chunks[c][0] = static_cast<std::uint8_t>(std::min(pending, kChunkCodeBytes));
    std::copy(code.begin() + static_cast<std::ptrdiff_t>(begin),
              code.begin() + static_cast<std::ptrdiff_t>(end), chunks[c].begin() + 1);
    for (pc = std::max(pc, begin); pc < end; ++pc) {
      const std::uint8_t op = code[pc];
      if (op >= kPush1 && op <= kPush32) {
        push_data_end = pc + 1 + (op - kPush1 + 1);
        pc = push_data_end - 1;  // the loop's ++pc lands on the next instruction
      }
    }
  }
  return chunks;
}

Status put_account(VerkleTrie& trie, const Address& address, std::uint64_t nonce,
                   const Digest32& balance_be, ByteSpan code) {
  const Result<Digest32> header = basic_data(nonce, balance_be, code.size());
  if (!header.ok()) return header.error();
  const Address32 address32 = to_address32(address);
  trie.insert(basic_data_key(address32), *header);
  trie.insert(code_hash_key(address32), Keccak256::digest(code));
  const std::vector<Digest32> chunks = chunkify_code(code);
  for (std::size_t i = 0; i < chunks.size(); ++i) {
    trie.insert(code_chunk_key(address32, i), chunks[i]);
  }
  return Ok{};
}

void put_storage(VerkleTrie& trie, const Address& address, const Digest32& slot_be,
                 const Digest32& value) {
  trie.insert(storage_slot_key(to_address32(address), slot_be), value);
}

}  // namespace merkleforge::verkle
