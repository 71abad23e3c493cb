// mforge mpt root|prove|verify and mforge state-root: the Ethereum Merkle Patricia trie.
//
//   mpt root [--secure] [--db PATH [--name NAME]] FILE   root of a trie test file; --db also
//   commits mpt prove [--secure] (--db PATH [--name NAME] | FILE) KEY   proof of KEY as a JSON list
//   mpt verify --root HEX [--secure] KEY PROOF.json     value (or "absent"); exit 1 if invalid
//   state-root [--tree mpt|verkle|binary] GENESIS.json  state root of a genesis file or alloc map
//
// FILE is in the ethereum/tests TrieTests format: a map or an ordered list of [key, value]
// pairs, one test object with "in", or a whole published file {name: {in, root}} (then one
// "NAME 0xROOT" line per test, exit 1 when a root differs from the test's); "0x…" is hex,
// anything else ASCII; null deletes.
#include <fstream>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "cli_io.hpp"
#include "commands.hpp"
#include "merkleforge/bintrie/account.hpp"
#include "merkleforge/core/hex.hpp"
#include "merkleforge/hash/keccak.hpp"
#include "merkleforge/mpt/proof.hpp"
#include "merkleforge/mpt/state.hpp"
#include "merkleforge/store/rocksdb_store.hpp"
#include "verkle_state.hpp"

namespace mforge {
namespace {

using namespace merkleforge;
using nlohmann::json;

struct Failure {
  int code;
  std::string message;
};

Result<json> read_json(const std::string& name) {
  auto text = read_text_file(name);
  if (!text) return text.error();
  json document = json::parse(*text, nullptr, false);
  if (document.is_discarded()) return make_error(Errc::malformed_input, name + ": not valid JSON");
  return document;
}

// TrieTests strings: 0x-hex or ASCII; null (delete) is the empty value.
Result<Bytes> trie_bytes(const json& value) {
  if (value.is_null()) return Bytes{};
  if (!value.is_string())
    return make_error(Errc::malformed_input, "keys and values must be strings or null");
  const auto text = value.get<std::string>();
  if (text.rfind("0x", 0) == 0) return from_hex(text);
  return Bytes(text.begin(), text.end());
}

Result<Bytes> trie_key(const std::string& text, bool secure) {
  auto key = trie_bytes(json(text));
  if (!key || !secure) return key;
  const Digest32 hashed = Keccak256::digest(*key);
  return Bytes(hashed.begin(), hashed.end());
}

Status apply_pairs(mpt::MerklePatriciaTrie& trie, json pairs, bool secure) {
  if (pairs.is_object() && pairs.contains("in")) pairs = pairs["in"];
  std::vector<std::pair<json, json>> entries;
  if (pairs.is_array()) {
    for (const auto& entry : pairs) {
      if (!entry.is_array() || entry.size() != 2)
        return make_error(Errc::malformed_input, "list entries must be [key, value]");
      entries.emplace_back(entry[0], entry[1]);
    }
  } else if (pairs.is_object()) {
    for (const auto& [key, value] : pairs.items()) entries.emplace_back(json(key), value);
  } else {
    return make_error(Errc::malformed_input, "expected a map or a list of [key, value] pairs");
  }
  for (const auto& [key_json, value_json] : entries) {
    auto key = trie_bytes(key_json);
    if (!key) return key.error();
    auto value = trie_bytes(value_json);
    if (!value) return value.error();
    Bytes hashed_key = *key;
    if (secure) {
      const Digest32 digest = Keccak256::digest(*key);
      hashed_key.assign(digest.begin(), digest.end());
    }
    if (auto status = trie.put(hashed_key, *value); !status) return status;
  }
  return Ok{};
}

int report(const Error& error, const char* command) {
  std::cerr << "mforge " << command << ": " << error.message << "\n";
  return error.code == Errc::io_error || error.code == Errc::corrupt_data ? kExitIo : kExitUsage;
}

Result<mpt::MerklePatriciaTrie> trie_from_file(const std::string& file, bool secure) {
  auto pairs = read_json(file);
  if (!pairs) return pairs.error();
  mpt::MerklePatriciaTrie trie;
  if (auto status = apply_pairs(trie, *pairs, secure); !status) return status.error();
  return trie;
}

struct Options {
  bool secure = false;
  std::string file, db, name = "state", key, root, proof_file;
};

/// True for an ethereum/tests TrieTests file as published: {name: {"in": ..., "root": ...}, ...}.
bool is_named_test_file(const json& document) {
  if (!document.is_object() || document.empty() || document.contains("in")) return false;
  for (const auto& [name, test] : document.items()) {
    if (!test.is_object() || !test.contains("in")) return false;
  }
  return true;
}

/// Every named test of a TrieTests file: "NAME 0xROOT" per line, each checked against the test's
/// own "root" when it has one; exit 1 when any differs.
int run_named_tests(const json& tests, bool secure) {
  int exit_code = kExitOk;
  for (const auto& [name, test] : tests.items()) {
    mpt::MerklePatriciaTrie trie;
    if (auto status = apply_pairs(trie, test["in"], secure); !status) {
      return report(make_error(status.error().code, name + ": " + status.error().message),
                    "mpt root");
    }
    const std::string root = "0x" + to_hex(trie.root_hash());
    std::cout << name << " " << root << "\n";
    if (!test.contains("root")) continue;
    if (!test["root"].is_string()) {
      return report(make_error(Errc::malformed_input, name + ": root must be a hex string"),
                    "mpt root");
    }
    if (test["root"].get<std::string>() != root) {
      std::cerr << "mforge mpt root: " << name << ": root " << root << " differs from the test's "
                << test["root"].get<std::string>() << "\n";
      exit_code = kExitNegative;
    }
  }
  return exit_code;
}

int run_root(const Options& options) {
  auto document = read_json(options.file);
  if (!document) return report(document.error(), "mpt root");
  if (is_named_test_file(*document)) {
    if (!options.db.empty()) {
      return report(
          make_error(Errc::invalid_argument, "--db takes one trie, not a file of named tests"),
          "mpt root");
    }
    return run_named_tests(*document, options.secure);
  }
  Result<mpt::MerklePatriciaTrie> trie = mpt::MerklePatriciaTrie();
  if (auto status = apply_pairs(*trie, *document, options.secure); !status) {
    return report(status.error(), "mpt root");
  }
  if (!options.db.empty()) {
    auto store = RocksDbNodeStore::open(options.db);
    if (!store) return report(store.error(), "mpt root");
    if (auto status = trie->commit(**store, options.name); !status)
      return report(status.error(), "mpt root");
  }
  std::cout << "0x" << to_hex(trie->root_hash()) << "\n";
  return kExitOk;
}

int run_prove(const Options& options) {
  Result<mpt::MerklePatriciaTrie> trie = mpt::MerklePatriciaTrie();
  std::unique_ptr<RocksDbNodeStore> store;
  if (!options.db.empty()) {
    RocksDbOptions db_options;
    db_options.create_if_missing = false;
    auto opened = RocksDbNodeStore::open(options.db, db_options);
    if (!opened) return report(opened.error(), "mpt prove");
    store = std::move(*opened);
    trie = mpt::MerklePatriciaTrie::open(*store, options.name);
  } else {
    trie = trie_from_file(options.file, options.secure);
  }
  if (!trie) return report(trie.error(), "mpt prove");
  auto key = trie_key(options.key, options.secure);
  if (!key) return report(key.error(), "mpt prove");
  auto proof = trie->prove(*key);
  if (!proof) return report(proof.error(), "mpt prove");
  json nodes = json::array();
  for (const auto& node : *proof) nodes.push_back("0x" + to_hex(node));
  std::cout << json{{"root", "0x" + to_hex(trie->root_hash())},
                    {"key", "0x" + to_hex(*key)},
                    {"proof", nodes}}
                   .dump(1)
            << "\n";
  return kExitOk;
}

int run_verify(const Options& options) {
  auto root = digest_from_hex(options.root);
  if (!root) return report(root.error(), "mpt verify");
  auto key = trie_key(options.key, options.secure);
  if (!key) return report(key.error(), "mpt verify");
  auto document = read_json(options.proof_file);
  if (!document) return report(document.error(), "mpt verify");
  const json& list =
      document->is_object() && document->contains("proof") ? (*document)["proof"] : *document;
  if (!list.is_array())
    return report(make_error(Errc::malformed_input, "proof must be a list of hex nodes"),
                  "mpt verify");
  std::vector<Bytes> nodes;
  for (const auto& node : list) {
    auto bytes =
        node.is_string()
            ? from_hex(node.get<std::string>())
            : Result<Bytes>(make_error(Errc::malformed_input, "proof node is not a string"));
    if (!bytes) return report(bytes.error(), "mpt verify");
    nodes.push_back(std::move(*bytes));
  }
  auto value = mpt::verify_proof(*root, *key, nodes);
  if (!value) {
    std::cout << "invalid: " << value.error().message << "\n";
    return kExitNegative;
  }
  std::cout << (value->has_value() ? "present 0x" + to_hex(**value) : std::string("absent"))
            << "\n";
  return kExitOk;
}

int run_state_root(const std::string& file, const std::string& tree) {
  auto text = read_text_file(file);
  if (!text) return report(text.error(), "state-root");
  auto alloc = mpt::parse_genesis_alloc(*text);
  if (!alloc) return report(alloc.error(), "state-root");
  if (tree == "mpt") {
    std::cout << "0x" << to_hex(mpt::genesis_state_root(*alloc)) << "\n";
    return kExitOk;
  }
  if (tree == "binary") {
    auto binary = bintrie::genesis_trie(*alloc);
    if (!binary) return report(binary.error(), "state-root");
    std::cout << "0x" << to_hex(binary->root()) << "\n";
    return kExitOk;
  }
  auto trie = verkle_genesis_trie(*alloc);
  if (!trie) return report(trie.error(), "state-root");
  std::cout << "0x" << to_hex(trie->root()) << "\n";
  return kExitOk;
}

}  // namespace

void register_mpt(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<Options>();
  auto* mpt_command =
      app.add_subcommand("mpt", "Ethereum Merkle Patricia trie: root, prove, verify");
  mpt_command->require_subcommand(1);

  auto* root = mpt_command->add_subcommand(
      "root", "Root of a TrieTests-format FILE (map or [key, value] list)");
  root->add_flag("--secure", options->secure, "key the trie by keccak256(key)");
  root->add_option("--db", options->db, "also commit the trie to this RocksDB folder");
  root->add_option("--name", options->name, "root record name in the database")
      ->capture_default_str();
  root->add_option("file", options->file, "trie test JSON ('-' for stdin)")->required();
  root->callback([options, &exit_code] { exit_code = run_root(*options); });

  auto* prove = mpt_command->add_subcommand("prove", "Proof of KEY (from FILE, or from --db)");
  prove->add_flag("--secure", options->secure, "key the trie by keccak256(key)");
  prove->add_option("--db", options->db, "read the trie committed in this RocksDB folder");
  prove->add_option("--name", options->name, "root record name in the database")
      ->capture_default_str();
  prove->add_option("--file", options->file, "trie test JSON to build the trie from");
  prove->add_option("key", options->key, "key: 0x-hex or ASCII")->required();
  prove->callback([options, &exit_code, prove] {
    if (options->db.empty() == options->file.empty()) {
      std::cerr << "mforge mpt prove: give exactly one of --db and --file\n" << prove->help();
      exit_code = kExitUsage;
      return;
    }
    exit_code = run_prove(*options);
  });

  auto* verify = mpt_command->add_subcommand("verify", "Verify a proof of KEY against --root");
  verify->add_option("--root", options->root, "trusted root hash (0x-hex)")->required();
  verify->add_flag("--secure", options->secure, "key the trie by keccak256(key)");
  verify->add_option("key", options->key, "key: 0x-hex or ASCII")->required();
  verify
      ->add_option("proof", options->proof_file,
                   "JSON list of hex nodes, or mpt prove output ('-' for stdin)")
      ->required();
  verify->callback([options, &exit_code] { exit_code = run_verify(*options); });

  auto* state_root =
      app.add_subcommand("state-root", "Ethereum state root of a geth genesis file or alloc map");
  struct StateRootArgs {
    std::string genesis, tree = "mpt";
  };
  auto args = std::make_shared<StateRootArgs>();
  state_root->add_option("genesis", args->genesis, "genesis JSON ('-' for stdin)")->required();
  state_root
      ->add_option("--tree", args->tree,
                   "mpt (default), verkle (EIP-6800) or binary (EIP-7864, as geth)")
      ->check(CLI::IsMember({"mpt", "verkle", "binary"}));
  state_root->callback(
      [args, &exit_code] { exit_code = run_state_root(args->genesis, args->tree); });
}

}  // namespace mforge
