// mforge bintrie: Ethereum's binary state tree (EIP-7864 as go-ethereum's trie/bintrie builds it).
//   mforge bintrie root [--variant geth|eip] FILE
//                                          root (hex) of FILE = {"entries": [[key32, value32],
//   ...]}
//                                          (hex; a listed pair is present also when its value
//                                          is zero; of repeated keys the last one wins)
//   mforge bintrie key [--variant geth|eip] ADDRESS TREE_INDEX SUB_INDEX
//                                          the tree key of a 20-byte address, a tree index
//                                          (decimal or 0x-hex, up to 2^256 - 1) and a sub-index
// --variant: geth (default: SHA-256, tree index big-endian) or eip (the EIP-7864 text: BLAKE3,
// tree index little-endian); docs/bintrie.md lists the differences.
//   mforge bintrie prove FILE --keys K[,K...]
//                                          the multiproof (hex) of the keys in FILE's tree
//   mforge bintrie verify PROOF --root R --keys K[,K...]
//                                          checks the proof (hex, in a file or - for standard
//                                          input) of the keys against the trusted root R and
//                                          prints each key's value or "absent"; exit 0 when it
//                                          holds, 1 when it does not reach R, 2 when malformed
#include <iostream>
#include <nlohmann/json.hpp>

#include "bintrie_io.hpp"
#include "cli_io.hpp"
#include "commands.hpp"
#include "merkleforge/bintrie/proof.hpp"
#include "merkleforge/core/hex.hpp"
#include "merkleforge/hash/blake3.hpp"
#include "merkleforge/mpt/state.hpp"

namespace mforge {
namespace {

using namespace merkleforge;

int fail(const Error& error) {
  return report_failure("bintrie", error);
}

template <class H>
int run_root(const std::string& path) {
  auto trie = trie_from_file<H>(path);
  if (!trie) return fail(trie.error());
  std::cout << to_hex(trie->root()) << "\n";
  return kExitOk;
}

int run_key(const std::string& address_text, const std::string& index_text, unsigned sub,
            bool eip_text) {
  auto address = fixed_hex<20>(address_text, "address");
  if (!address) return fail(address.error());
  const Result<mpt::Uint256> index = mpt::parse_uint256(index_text);
  if (!index) return fail(index.error());
  const auto sub_index = static_cast<std::uint8_t>(sub);
  const bintrie::TreeKey key = eip_text
                                   ? bintrie::tree_key<Blake3, bintrie::IndexOrder::little_endian>(
                                         *address, *index, sub_index)
                                   : bintrie::tree_key(*address, *index, sub_index);
  std::cout << to_hex(key) << "\n";
  return kExitOk;
}

int run_prove(const std::string& path, const std::string& key_list) {
  auto trie = trie_from_file(path);
  if (!trie) return fail(trie.error());
  auto keys = keys32_of(key_list);
  if (!keys) return fail(keys.error());
  std::cout << to_hex(bintrie::prove(*trie, *keys)) << "\n";
  return kExitOk;
}

int run_verify(const std::string& path, const std::string& root_text, const std::string& key_list) {
  auto root = fixed_hex<32>(root_text, "root");
  if (!root) return fail(root.error());
  auto keys = keys32_of(key_list);
  if (!keys) return fail(keys.error());
  Result<std::string> text = read_text_file(path);
  if (!text) return fail(text.error());
  const std::size_t start = text->find_first_not_of(" \t\r\n");
  const std::size_t end = text->find_last_not_of(" \t\r\n");
  Result<Bytes> proof =
      from_hex(start == std::string::npos ? "" : text->substr(start, end - start + 1));
  if (!proof) return fail(make_error(Errc::malformed_input, "proof is not hex"));
  const auto values = bintrie::verify(*root, *keys, *proof);
  if (!values) {
    if (values.error().code != Errc::corrupt_data) return fail(values.error());
    std::cout << "invalid: " << values.error().message << "\n";
    return kExitNegative;
  }
  for (std::size_t i = 0; i < keys->size(); ++i) {
    std::cout << to_hex((*keys)[i]) << " "
              << ((*values)[i] ? to_hex(*(*values)[i]) : std::string("absent")) << "\n";
  }
  return kExitOk;
}

}  // namespace

void register_bintrie(CLI::App& app, int& exit_code) {
  auto* bintrie = app.add_subcommand(
      "bintrie", "Ethereum's binary state tree (EIP-7864, go-ethereum's SHA-256 form)");
  bintrie->require_subcommand(1);

  struct RootArgs {
    std::string file, variant = "geth";
  };
  auto root_args = std::make_shared<RootArgs>();
  const auto add_variant = [](CLI::App* command, std::string& variant) {
    command
        ->add_option(
            "--variant", variant,
            "geth (default: SHA-256, big-endian tree index) or eip (BLAKE3, little-endian)")
        ->check(CLI::IsMember({"geth", "eip"}));
  };
  auto* root = bintrie->add_subcommand("root", "Root of {\"entries\": [[key32, value32], ...]}");
  root->add_option("file", root_args->file, "JSON file (- for standard input)")->required();
  add_variant(root, root_args->variant);
  root->callback([root_args, &exit_code] {
    exit_code = root_args->variant == "eip" ? run_root<Blake3>(root_args->file)
                                            : run_root<Sha256>(root_args->file);
  });

  struct KeyArgs {
    std::string address, index, variant = "geth";
    unsigned sub_index = 0;
  };
  auto args = std::make_shared<KeyArgs>();
  auto* key = bintrie->add_subcommand("key", "Tree key of (address, tree index, sub-index)");
  key->add_option("address", args->address, "20-byte address, hex")->required();
  key->add_option("tree_index", args->index, "tree index, decimal or 0x-hex")->required();
  key->add_option("sub_index", args->sub_index, "sub-index 0..255")
      ->required()
      ->check(CLI::Range(0u, 255u));
  add_variant(key, args->variant);
  key->callback([args, &exit_code] {
    exit_code = run_key(args->address, args->index, args->sub_index, args->variant == "eip");
  });

  struct ProofArgs {
    std::string file, keys, root;
  };
  auto proof_args = std::make_shared<ProofArgs>();
  auto* prove = bintrie->add_subcommand("prove", "Multiproof (hex) of --keys in FILE's tree");
  prove->add_option("file", proof_args->file, "JSON {\"entries\": ...} (- for stdin)")->required();
  prove->add_option("--keys", proof_args->keys, "comma-separated 32-byte keys, hex")->required();
  prove->callback(
      [proof_args, &exit_code] { exit_code = run_prove(proof_args->file, proof_args->keys); });
  auto* verify = bintrie->add_subcommand("verify", "Check a multiproof against --root");
  verify->add_option("proof", proof_args->file, "proof hex file (- for stdin)")->required();
  verify->add_option("--root", proof_args->root, "trusted root, hex")->required();
  verify->add_option("--keys", proof_args->keys, "comma-separated 32-byte keys, hex")->required();
  verify->callback([proof_args, &exit_code] {
    exit_code = run_verify(proof_args->file, proof_args->root, proof_args->keys);
  });
}

}  // namespace mforge
