// JSON in and out of EthereumState: genesis allocations and eth_getProof results.
// (nlohmann_json is header-only; the Debian package puts it on the system include path.)
#include <nlohmann/json.hpp>
#include <string>

#include "merkleforge/core/hex.hpp"
#include "merkleforge/mpt/rlp.hpp"
#include "merkleforge/mpt/state.hpp"

namespace merkleforge::mpt {
namespace {

using nlohmann::json;

Error malformed(const std::string& what) {
  return make_error(Errc::malformed_input, "genesis: " + what);
}

std::string_view strip_0x(std::string_view text) {
  if (text.size() >= 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X'))
    text.remove_prefix(2);
  return text;
}

// Hex of at most N bytes, right-aligned (left-padded with zeros) into an array of N.
template <std::size_t N>
Result<std::array<std::uint8_t, N>> padded_hex(std::string_view text, const char* field) {
  std::string digits(strip_0x(text));
  if (digits.size() % 2 != 0) digits.insert(digits.begin(), '0');
  auto bytes = from_hex(digits);
  if (!bytes) return malformed(std::string(field) + ": " + bytes.error().message);
  const ByteSpan value = rlp::trim_leading_zeros(*bytes);
  if (value.size() > N)
    return malformed(std::string(field) + " longer than " + std::to_string(N) + " bytes");
  std::array<std::uint8_t, N> out{};
  std::copy(value.begin(), value.end(), out.end() - static_cast<std::ptrdiff_t>(value.size()));
  return out;
}

Result<Uint256> quantity(const json& value, const char* field) {
  if (value.is_number_unsigned()) {
    Uint256 out{};
    std::uint64_t number = value.get<std::uint64_t>();
    for (std::size_t i = 0; i < 8; ++i) out[31 - i] = static_cast<std::uint8_t>(number >> (8 * i));
    return out;
  }
  if (!value.is_string()) return malformed(std::string(field) + " is not a number or string");
  auto parsed = parse_uint256(value.get<std::string>());
  if (!parsed) return malformed(std::string(field) + ": " + parsed.error().message);
  return parsed;
}

Result<GenesisAccount> parse_account(const std::string& address, const json& fields) {
  GenesisAccount account;
  auto parsed_address = padded_hex<20>(address, "address");
  if (!parsed_address || strip_0x(address).size() != 40)
    return malformed("address '" + address + "' is not 20 bytes of hex");
  account.address = *parsed_address;
  if (!fields.is_object()) return malformed("account " + address + " is not an object");
  for (const char* name : {"balance", "wei"}) {
    if (!fields.contains(name)) continue;
    auto balance = quantity(fields[name], name);
    if (!balance) return balance.error();
    account.balance = *balance;
  }
  if (fields.contains("nonce")) {
    auto nonce = quantity(fields["nonce"], "nonce");
    if (!nonce) return nonce.error();
    if (std::any_of(nonce->begin(), nonce->end() - 8, [](std::uint8_t b) { return b != 0; })) {
      return malformed("nonce exceeds 64 bits");
    }
    for (std::size_t i = 24; i < 32; ++i) account.nonce = account.nonce << 8 | (*nonce)[i];
  }
  if (fields.contains("code")) {
    if (!fields["code"].is_string()) return malformed("code is not a string");
    auto code = from_hex(fields["code"].get<std::string>());
    if (!code) return malformed("code: " + code.error().message);
    account.code = std::move(*code);
  }
  if (fields.contains("storage")) {
    if (!fields["storage"].is_object()) return malformed("storage is not an object");
    for (const auto& [slot_text, value_text] : fields["storage"].items()) {
      if (!value_text.is_string()) return malformed("storage value is not a string");
      auto slot = padded_hex<32>(slot_text, "storage slot");
      if (!slot) return slot.error();
      auto value = padded_hex<32>(value_text.get<std::string>(), "storage value");
      if (!value) return value.error();
      if (!rlp::trim_leading_zeros(*value).empty()) account.storage.emplace_back(*slot, *value);
    }
  }
  return account;
}

std::string quantity_hex(ByteSpan big_endian) {
  const std::string digits = to_hex(rlp::trim_leading_zeros(big_endian));
  const std::size_t first = digits.find_first_not_of('0');
  std::string out = "0x";
  out.append(first == std::string::npos ? std::string_view("0")
                                        : std::string_view(digits).substr(first));
  return out;
}

json hex_list(const std::vector<Bytes>& nodes) {
  json list = json::array();
  for (const auto& node : nodes) list.push_back("0x" + to_hex(node));
  return list;
}

}  // namespace

Result<Uint256> parse_uint256(std::string_view text) {
  if (text.size() >= 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X'))
    return padded_hex<32>(text, "quantity");
  if (text.empty()) return make_error(Errc::malformed_input, "empty number");
  Uint256 out{};
  for (const char digit : text) {
    if (digit < '0' || digit > '9') {
      std::string message(text);
      message += " is not a decimal number";
      return make_error(Errc::malformed_input, std::move(message));
    }
    unsigned carry = static_cast<unsigned>(digit - '0');
    for (std::size_t i = 32; i-- > 0;) {
      const unsigned value = out[i] * 10u + carry;
      out[i] = static_cast<std::uint8_t>(value & 0xff);
      carry = value >> 8;
    }
    if (carry != 0) return make_error(Errc::malformed_input, "number exceeds 2^256 - 1");
  }
  return out;
}

Result<std::vector<GenesisAccount>> parse_genesis_alloc(std::string_view text) {
  const json document = json::parse(text, nullptr, false);
  if (document.is_discarded()) return malformed("not valid JSON");
  if (!document.is_object()) return malformed("expected a JSON object");
  const json& alloc = document.contains("alloc") ? document["alloc"] : document;
  if (!alloc.is_object()) return malformed("alloc is not an object");
  std::vector<GenesisAccount> accounts;
  accounts.reserve(alloc.size());
  for (const auto& [address, fields] : alloc.items()) {
    auto account = parse_account(address, fields);
    if (!account) return account.error();
    accounts.push_back(std::move(*account));
  }
  return accounts;
}

std::string eth_get_proof_json(const AccountProof& proof) {
  const Account account = proof.account.value_or(Account{});
  json result;
  result["address"] = "0x" + to_hex(proof.address);
  result["accountProof"] = hex_list(proof.account_proof);
  result["balance"] = quantity_hex(account.balance);
  result["codeHash"] = "0x" + to_hex(proof.account ? account.code_hash : Digest32{});
  std::uint8_t nonce[8];
  for (int i = 0; i < 8; ++i) nonce[i] = static_cast<std::uint8_t>(account.nonce >> (8 * (7 - i)));
  result["nonce"] = quantity_hex(nonce);
  result["storageHash"] = "0x" + to_hex(account.storage_root);
  json storage = json::array();
  for (const auto& entry : proof.storage_proofs) {
    storage.push_back({{"key", "0x" + to_hex(entry.key)},
                       {"value", quantity_hex(entry.value)},
                       {"proof", hex_list(entry.proof)}});
  }
  result["storageProof"] = std::move(storage);
  return result.dump();
}

}  // namespace merkleforge::mpt
