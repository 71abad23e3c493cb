#include "merkleforge/verkle/account.hpp"

#include <algorithm>
#include <string>

#include "merkleforge/hash/keccak.hpp"
#include "merkleforge/parallel/parallel.hpp"
#include "merkleforge/verkle/tree_key_batch.hpp"

namespace merkleforge::verkle {

namespace {

constexpr std::uint8_t kPush1 = 0x60;
constexpr std::uint8_t kPush32 = 0x7f;
constexpr std::size_t kChunkCodeBytes = 31;

/// Code chunks of `code_size` bytes of code.
std::size_t chunk_count(std::size_t code_size) {
  return (code_size + kChunkCodeBytes - 1) / kChunkCodeBytes;
}

/// Stems (tree indices 0, 1, ...) an account's fields occupy: the header, then one per further 256
/// code chunks (chunk i sits at position kCodeOffset + i).
std::size_t stem_count(std::size_t chunks) {
  return (kCodeOffset - 1 + chunks) / kVerkleNodeWidth + 1;
}

void store_be(std::uint8_t* out, std::size_t width, std::uint64_t value) {
  for (std::size_t i = 0; i < width; ++i) {
    out[width - 1 - i] = static_cast<std::uint8_t>(value >> (8 * i));
  }
}

/// The stems of many accounts' fields, derived in one batch (tree_key_batch.hpp).
class AccountStems {
 public:
  explicit AccountStems(std::span<const AccountWrite> accounts) : first_(accounts.size()) {
    std::vector<TreeKeyRequest> requests;
    requests.reserve(accounts.size());  // one stem per account without long code
    for (std::size_t a = 0; a < accounts.size(); ++a) {
      first_[a] = requests.size();
      const Address32 address32 = to_address32(accounts[a].address);
      const std::size_t stems = stem_count(chunk_count(accounts[a].code.size()));
      for (std::uint64_t index = 0; index < stems; ++index) {
        requests.push_back({address32, {index, 0, 0, 0}, 0});
      }
    }
    keys_ = get_tree_keys(requests);
  }

  /// The key of account `a`'s field at `position` (EIP-6800: tree index position / 256, sub
  /// index position % 256).
  TreeKey key(std::size_t a, std::uint64_t position) const {
    TreeKey key = keys_[first_[a] + position / kVerkleNodeWidth];
    key[31] = static_cast<std::uint8_t>(position % kVerkleNodeWidth);
    return key;
  }

 private:
  std::vector<std::size_t> first_;  ///< index in keys_ of each account's header stem
  std::vector<TreeKey> keys_;
};

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

namespace {

void write(VerkleTrie& trie, const TreeKey& key, const Digest32& value) {
  trie.insert(key, value);
}
void write(VerkleTrie& trie, const TreeKeyRequest& request, const Digest32& value) {
  trie.insert_deferred(request, value);
}

/// Writes an account's basic data, code hash and code chunks; key_at(position) gives the key (or
/// the deferred key's request) of the field at EIP-6800 position `position` (tree index
/// position / 256, sub index position % 256).
template <class KeyAt>
void insert_fields(VerkleTrie& trie, const Digest32& basic_data_leaf, const Digest32& code_hash,
                   ByteSpan code, KeyAt&& key_at) {
  write(trie, key_at(kBasicDataLeafKey), basic_data_leaf);
  write(trie, key_at(kCodeHashLeafKey), code_hash);
  const std::vector<Digest32> chunks = chunkify_code(code);
  for (std::size_t i = 0; i < chunks.size(); ++i) write(trie, key_at(kCodeOffset + i), chunks[i]);
}

/// basic_data() of every account, or the error of the first account that has one.
Result<std::vector<Digest32>> basic_data_leaves(std::span<const AccountWrite> accounts) {
  std::vector<Digest32> leaves(accounts.size());
  for (std::size_t a = 0; a < accounts.size(); ++a) {
    const AccountWrite& account = accounts[a];
    const Result<Digest32> leaf =
        basic_data(account.nonce, account.balance_be, account.code.size());
    if (!leaf.ok()) return leaf.error();
    leaves[a] = *leaf;
  }
  return leaves;
}

}  // namespace

std::vector<Digest32> chunkify_code(ByteSpan code) {
  // push_data_end: the offset just past the PUSH data of the last instruction seen.
  std::vector<Digest32> chunks(chunk_count(code.size()));
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
  // Queued with their (address, tree index): the trie derives the stems of many queued writes
  // together, so one account at a time costs no field inversion of its own.
  const Address32 address32 = to_address32(address);
  const Digest32 code_hash = Keccak256::digest(code);
  insert_fields(trie, *header, code_hash, code, [&](std::uint64_t position) {
    return TreeKeyRequest{address32,
                          {position / kVerkleNodeWidth, 0, 0, 0},
                          static_cast<std::uint8_t>(position % kVerkleNodeWidth)};
  });
  return Ok{};
}

Status put_accounts(VerkleTrie& trie, std::span<const AccountWrite> accounts) {
  const Result<std::vector<Digest32>> headers = basic_data_leaves(accounts);
  if (!headers.ok()) return headers.error();
  const AccountStems stems(accounts);
  std::vector<Digest32> code_hashes(accounts.size());
  // Grain 1: codes differ in size (up to 24 KiB), so the ranges balance by stealing.
  parallel_for(accounts.size(), 1, [&](std::size_t begin, std::size_t end) {
    for (std::size_t a = begin; a < end; ++a) code_hashes[a] = Keccak256::digest(accounts[a].code);
  });
  for (std::size_t a = 0; a < accounts.size(); ++a) {
    insert_fields(trie, (*headers)[a], code_hashes[a], accounts[a].code,
                  [&](std::uint64_t position) { return stems.key(a, position); });
  }
  return Ok{};
}

void put_storage(VerkleTrie& trie, const Address& address, const Digest32& slot_be,
                 const Digest32& value) {
  trie.insert(storage_slot_key(to_address32(address), slot_be), value);
}

}  // namespace merkleforge::verkle
