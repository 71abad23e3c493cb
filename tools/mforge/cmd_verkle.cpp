// mforge verkle: the EIP-6800 Verkle trie from the command line.
//   mforge verkle root FILE                 root commitment (the block stateRoot form, hex) of a
//                                           JSON object {"key32 hex": "value32 hex", ...}
//   mforge verkle tree-key ADDRESS INDEX SUBINDEX
//                                           get_tree_key of a 20-byte address, a tree index
//                                           (decimal or 0x-hex, up to 2^256 - 1) and a sub-index
//   mforge verkle prove FILE --keys K[,K...] [--format json|ssz]
//                                           the execution witness of the keys in the tree of
//                                           FILE: values present or absent, and proof; as geth's
//                                           JSON or as the hex of its SSZ encoding
//   mforge verkle verify-witness WITNESS --root R
//                                           WITNESS in either form (JSON when it starts with
//                                           '{'); exit 0 when the witness holds under root R, 1
//                                           when its proof fails, 2 when it is malformed
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli_io.hpp"
#include "commands.hpp"
#include "merkleforge/core/hex.hpp"
#include "merkleforge/mpt/state.hpp"
#include "merkleforge/verkle/account.hpp"
#include "merkleforge/verkle/trie.hpp"
#include "merkleforge/verkle/witness.hpp"
#include "verkle_state.hpp"

namespace mforge {
namespace {

using namespace merkleforge;

int fail(const Error& error) {
  return report_failure("verkle", error);
}

Result<verkle::VerkleTrie> trie_from_file(const std::string& path) {
  Result<std::string> text = read_text_file(path);
  if (!text) return text.error();
  const nlohmann::json document = nlohmann::json::parse(*text, nullptr, false);
  if (!document.is_object()) {
    return make_error(Errc::malformed_input, path + ": expected a JSON object of key -> value");
  }
  verkle::VerkleTrie trie;
  for (const auto& [key_text, value] : document.items()) {
    auto key = fixed_hex<32>(key_text, "key");
    if (!key) return key.error();
    auto value_bytes = fixed_hex<32>(value.is_string() ? value.get<std::string>() : "", "value");
    if (!value_bytes) return value_bytes.error();
    trie.insert(*key, *value_bytes);
  }
  return trie;
}

int run_root(const std::string& path) {
  Result<verkle::VerkleTrie> trie = trie_from_file(path);
  if (!trie) return fail(trie.error());
  std::cout << to_hex(trie->root()) << "\n";
  return kExitOk;
}

int run_tree_key(const std::string& address_text, const std::string& index_text, unsigned sub) {
  auto address = fixed_hex<20>(address_text, "address");
  if (!address) return fail(address.error());
  const Result<mpt::Uint256> index_be = mpt::parse_uint256(index_text);
  if (!index_be) return fail(index_be.error());
  verkle::TreeIndex index{};  // little-endian 64-bit limbs
  for (std::size_t byte = 0; byte < 32; ++byte) {
    index[byte / 8] |= std::uint64_t{(*index_be)[31 - byte]} << (8 * (byte % 8));
  }
  const verkle::TreeKey key =
      verkle::get_tree_key(verkle::to_address32(*address), index, static_cast<std::uint8_t>(sub));
  std::cout << to_hex(key) << "\n";
  return kExitOk;
}

int run_prove(const std::string& path, const std::string& key_list, const std::string& format) {
  Result<verkle::VerkleTrie> trie = trie_from_file(path);
  if (!trie) return fail(trie.error());
  Result<std::vector<verkle::TreeKey>> keys = keys32_of(key_list);
  if (!keys) return fail(keys.error());
  Result<verkle::ExecutionWitness> witness = verkle::prove_keys(*trie, *keys);
  if (!witness) return fail(witness.error());
  std::cout << (format == "ssz" ? "0x" + to_hex(verkle::to_ssz(*witness))
                                : verkle::to_json(*witness))
            << "\n";
  return kExitOk;
}

/// A witness in the JSON form, or the hex of its SSZ form.
Result<verkle::ExecutionWitness> parse_witness(const std::string& text) {
  const std::size_t start = text.find_first_not_of(" \t\r\n");
  if (start != std::string::npos && text[start] == '{')
    return verkle::parse_execution_witness(text);
  const std::size_t end = text.find_last_not_of(" \t\r\n");
  Result<Bytes> bytes =
      from_hex(start == std::string::npos ? "" : text.substr(start, end - start + 1));
  if (!bytes) {
    return make_error(Errc::malformed_input, "witness is neither JSON nor the hex of SSZ bytes");
  }
  return verkle::parse_execution_witness_ssz(*bytes);
}

int run_verify_witness(const std::string& path, const std::string& root_text) {
  auto root = fixed_hex<32>(root_text, "root");
  if (!root) return fail(root.error());
  Result<std::string> text = read_text_file(path);
  if (!text) return fail(text.error());
  Result<verkle::ExecutionWitness> witness = parse_witness(*text);
  if (!witness) return fail(witness.error());
  const Status verified = verkle::verify_execution_witness(*witness, *root);
  if (!verified && verified.error().code != Errc::corrupt_data) return fail(verified.error());
  std::cout << (verified ? "valid" : "invalid: " + verified.error().message) << "\n";
  return verified ? kExitOk : kExitNegative;
}

}  // namespace

Result<verkle::VerkleTrie> verkle_genesis_trie(std::span<const mpt::GenesisAccount> accounts) {
  verkle::VerkleTrie trie;
  for (const mpt::GenesisAccount& account : accounts) {
    const Status written =
        verkle::put_account(trie, account.address, account.nonce, account.balance, account.code);
    if (!written) return written.error();
    for (const auto& [slot, value] : account.storage) {
      verkle::put_storage(trie, account.address, slot, value);
    }
  }
  return trie;
}

void register_verkle(CLI::App& app, int& exit_code) {
  auto* verkle = app.add_subcommand("verkle", "EIP-6800 Verkle trie: roots and tree keys");
  verkle->require_subcommand(1);

  auto file = std::make_shared<std::string>();
  auto* root = verkle->add_subcommand("root", "Root commitment of a JSON object key32 -> value32");
  root->add_option("file", *file, "JSON file (- for standard input)")->required();
  root->callback([file, &exit_code] { exit_code = run_root(*file); });

  struct TreeKeyArgs {
    std::string address, index;
    unsigned sub_index = 0;
  };
  auto args = std::make_shared<TreeKeyArgs>();
  auto* tree_key = verkle->add_subcommand("tree-key", "get_tree_key(address, index, sub-index)");
  tree_key->add_option("address", args->address, "20-byte address, hex")->required();
  tree_key->add_option("index", args->index, "tree index, decimal or 0x-hex")->required();
  tree_key->add_option("subindex", args->sub_index, "sub-index 0..255")
      ->required()
      ->check(CLI::Range(0u, 255u));
  tree_key->callback([args, &exit_code] {
    exit_code = run_tree_key(args->address, args->index, args->sub_index);
  });

  struct ProveArgs {
    std::string file, keys, root, format = "json";
  };
  auto prove_args = std::make_shared<ProveArgs>();
  auto* prove = verkle->add_subcommand("prove", "Execution witness of --keys in FILE's tree");
  prove->add_option("file", prove_args->file, "JSON object key32 -> value32")->required();
  prove->add_option("--keys", prove_args->keys, "comma-separated 32-byte keys, hex")->required();
  prove->add_option("--format", prove_args->format, "json (geth's form, default) or ssz (hex)")
      ->check(CLI::IsMember({"json", "ssz"}));
  prove->callback([prove_args, &exit_code] {
    exit_code = run_prove(prove_args->file, prove_args->keys, prove_args->format);
  });
  auto* verify =
      verkle->add_subcommand("verify-witness", "Check an execution witness against --root");
  verify->add_option("witness", prove_args->file, "witness: JSON or SSZ hex (- for standard input)")
      ->required();
  verify->add_option("--root", prove_args->root, "trusted pre-state root, hex")->required();
  verify->callback([prove_args, &exit_code] {
    exit_code = run_verify_witness(prove_args->file, prove_args->root);
  });
}

}  // namespace mforge
