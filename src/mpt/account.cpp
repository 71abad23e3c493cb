#include "merkleforge/mpt/account.hpp"

#include <algorithm>

#include "merkleforge/mpt/rlp.hpp"

namespace merkleforge::mpt {
namespace {

Error malformed(const char* what) {
  return make_error(Errc::malformed_input, std::string("account: ") + what);
}

Result<Digest32> read_digest(const rlp::Item& item) {
  if (item.is_list || item.payload.size() != 32) return malformed("hash field is not 32 bytes");
  Digest32 digest;
  std::copy(item.payload.begin(), item.payload.end(), digest.begin());
  return digest;
}

}  // namespace

Bytes encode_account(const Account& account) {
  Bytes fields;
  fields.reserve(110);
  rlp::append_uint(fields, account.nonce);
  rlp::append_big_uint(fields, account.balance);
  rlp::append_string(fields, account.storage_root);
  rlp::append_string(fields, account.code_hash);
  Bytes out;
  out.reserve(fields.size() + 2);
  rlp::append_list_header(out, fields.size());
  out.insert(out.end(), fields.begin(), fields.end());
  return out;
}

Result<Account> decode_account(ByteSpan encoding) {
  auto list = rlp::decode(encoding);
  if (!list) return list.error();
  auto items = rlp::list_items(*list);
  if (!items) return items.error();
  if (items->size() != 4) return malformed("expected a list of 4 fields");
  Account account;
  auto nonce = rlp::to_uint64((*items)[0]);
  if (!nonce) return nonce.error();
  account.nonce = *nonce;
  auto balance = rlp::to_big_uint((*items)[1], 32);
  if (!balance) return balance.error();
  std::copy(balance->begin(), balance->end(),
            account.balance.end() - static_cast<std::ptrdiff_t>(balance->size()));
  auto storage_root = read_digest((*items)[2]);
  if (!storage_root) return storage_root.error();
  account.storage_root = *storage_root;
  auto code_hash = read_digest((*items)[3]);
  if (!code_hash) return code_hash.error();
  account.code_hash = *code_hash;
  return account;
}

Bytes encode_storage_value(ByteSpan big_endian) {
  const ByteSpan trimmed = rlp::trim_leading_zeros(big_endian);
  if (trimmed.empty()) return {};
  return rlp::encode_string(trimmed);
}

Result<Uint256> decode_storage_value(ByteSpan encoding) {
  auto item = rlp::decode(encoding);
  if (!item) return item.error();
  auto value = rlp::to_big_uint(*item, 32);
  if (!value) return value.error();
  Uint256 out{};
  std::copy(value->begin(), value->end(), out.end() - static_cast<std::ptrdiff_t>(value->size()));
  return out;
}

}  // namespace merkleforge::mpt
