// mforge smt: the sparse Merkle tree (JMT hashing, SHA-256) from the command line.
//   mforge smt root FILE [--db PATH]          root of a JSON object {"key hex": "value hex", ...};
//                                             with --db, applied to the stored tree and committed
//   mforge smt prove (FILE | --db PATH) --key K
//                                             a proof document for key K (hex) on stdout
//   mforge smt verify --root R --proof P.json exit 0 when the proof holds under root R, 1 when not
// Keys are hashed with SHA-256 (as penumbra-zone/jmt); values are stored as given.
#include <fstream>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>

#include "commands.hpp"
#include "merkleforge/core/hex.hpp"
#include "merkleforge/hash/sha256.hpp"
#include "merkleforge/sparse/proof_codec.hpp"
#include "merkleforge/sparse/sparse_merkle_tree.hpp"
#include "merkleforge/store/rocksdb_store.hpp"

namespace mforge {
namespace {

using namespace merkleforge;
using Tree = SparseMerkleTree<Sha256>;
using nlohmann::json;

Result<std::string> read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return make_error(Errc::io_error, path + ": cannot open");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

int fail(const std::string& message, int code) {
  std::cerr << "mforge smt: " << message << "\n";
  return code;
}

int exit_code_of(const Error& error) {
  return error.code == Errc::io_error || error.code == Errc::corrupt_data ? kExitIo : kExitUsage;
}

/// The updates of a JSON object of hex key -> hex value.
Result<std::vector<SparseUpdate>> updates_from_file(const std::string& path) {
  Result<std::string> text = read_text(path);
  if (!text) return text.error();
  const json document = json::parse(*text, nullptr, false);
  if (!document.is_object())
    return make_error(Errc::malformed_input,
                      path + ": expected a JSON object of hex key -> hex value");
  std::vector<SparseUpdate> updates;
  for (const auto& [key, value] : document.items()) {
    Result<Bytes> key_bytes = from_hex(key);
    if (!key_bytes || !value.is_string())
      return make_error(Errc::malformed_input, path + ": bad entry '" + key + "'");
    Result<Bytes> value_bytes = from_hex(value.get<std::string>());
    if (!value_bytes)
      return make_error(Errc::malformed_input, path + ": bad value of '" + key + "'");
    updates.push_back({Tree::key_hash(*key_bytes), std::move(*value_bytes)});
  }
  return updates;
}

/// The tree of FILE (in memory) or of the database (with FILE applied and committed when given).
struct OpenTree {
  std::unique_ptr<RocksDbNodeStore> store;
  std::unique_ptr<Tree> tree;
};

Result<OpenTree> open_tree(const std::string& file, const std::string& db) {
  OpenTree out;
  if (db.empty()) {
    out.tree = std::make_unique<Tree>();
  } else {
    auto store = RocksDbNodeStore::open(db);
    if (!store) return store.error();
    out.store = std::move(*store);
    auto tree = Tree::open(*out.store);
    if (!tree) return tree.error();
    out.tree = std::move(*tree);
  }
  if (file.empty()) return out;
  Result<std::vector<SparseUpdate>> updates = updates_from_file(file);
  if (!updates) return updates.error();
  out.tree->apply_batch(std::move(*updates));
  if (out.store) {
    Result<Tree::Version> version = out.tree->commit();
    if (!version) return version.error();
  }
  return out;
}

int run_root(const std::string& file, const std::string& db) {
  Result<OpenTree> opened = open_tree(file, db);
  if (!opened) return fail(opened.error().message, exit_code_of(opened.error()));
  std::cout << to_hex(opened->tree->root_hash()) << "\n";
  return kExitOk;
}

int run_prove(const std::string& file, const std::string& db, const std::string& key_hex) {
  if (file.empty() && db.empty()) return fail("prove needs FILE or --db", kExitUsage);
  Result<Bytes> key = from_hex(key_hex);
  if (!key) return fail("--key: " + key.error().message, kExitUsage);
  Result<OpenTree> opened = open_tree(file, db);
  if (!opened) return fail(opened.error().message, exit_code_of(opened.error()));
  const Digest32 key_hash = Tree::key_hash(*key);
  const std::optional<Bytes> value = opened->tree->get(key_hash);
  const json document = {
      {"key_hash", to_hex(key_hash)},
      {"value", value ? json(to_hex(*value)) : json(nullptr)},
      {"root", to_hex(opened->tree->root_hash())},
      {"proof", json::parse(sparse_proof_to_json(opened->tree->prove(key_hash), key_hash))}};
  std::cout << document.dump(2) << "\n";
  return kExitOk;
}

/// Checks the document's proof for the caller's key against the caller's root; a document about
/// another key is invalid (the key, like the root, is trusted input, never read from the proof).
int run_verify(const std::string& root_hex, const std::string& key_hex,
               const std::string& proof_path) {
  Result<Digest32> root = digest_from_hex(root_hex);
  if (!root) return fail("--root: " + root.error().message, kExitUsage);
  Result<Bytes> key = from_hex(key_hex);
  if (!key) return fail("--key: " + key.error().message, kExitUsage);
  Result<std::string> text = read_text(proof_path);
  if (!text) return fail(text.error().message, kExitIo);
  const json document = json::parse(*text, nullptr, false);
  if (!document.is_object() || !document.contains("key_hash") || !document.contains("value") ||
      !document.contains("proof") || !document["key_hash"].is_string()) {
    return fail(proof_path + ": expected {key_hash, value, proof}", kExitUsage);
  }
  Result<Digest32> key_hash = digest_from_hex(document["key_hash"].get<std::string>());
  if (!key_hash) return fail("key_hash: " + key_hash.error().message, kExitUsage);
  if (*key_hash != Tree::key_hash(*key)) {
    std::cout << "invalid: the proof is about another key\n";
    return kExitNegative;
  }
  Result<SparseProof> proof = sparse_proof_from_json(document["proof"].dump(), *key_hash);
  if (!proof) return fail(proof.error().message, kExitUsage);
  Status verified = Ok{};
  if (document["value"].is_null()) {
    verified = verify_sparse_non_membership<Sha256>(*root, *key_hash, *proof);
  } else {
    Result<Bytes> value = document["value"].is_string()
                              ? from_hex(document["value"].get<std::string>())
                              : Result<Bytes>(make_error(Errc::malformed_input, "not a string"));
    if (!value) return fail("value: " + value.error().message, kExitUsage);
    verified = verify_sparse_membership<Sha256>(*root, *key_hash, Sha256::digest(*value), *proof);
  }
  if (!verified) {
    std::cout << "invalid: " << verified.error().message << "\n";
    return kExitNegative;
  }
  std::cout << (document["value"].is_null() ? "valid: key absent\n"
                                            : "valid: key present with this value\n");
  return kExitOk;
}

}  // namespace

void register_smt(CLI::App& app, int& exit_code) {
  auto* smt = app.add_subcommand(
      "smt", "Sparse Merkle tree (Jellyfish hashing, SHA-256): root, prove, verify");
  smt->require_subcommand(1);
  struct Options {
    std::string file, db, key, root, proof;
  };
  auto options = std::make_shared<Options>();

  auto* root = smt->add_subcommand("root", "Root of a JSON object of hex key -> hex value");
  root->add_option("file", options->file, "JSON file")->required();
  root->add_option("--db", options->db, "RocksDB folder: apply FILE to the stored tree and commit");
  root->callback([options, &exit_code] { exit_code = run_root(options->file, options->db); });

  auto* prove =
      smt->add_subcommand("prove", "Proof document for --key (membership or non-membership)");
  prove->add_option("file", options->file, "JSON file (or --db)");
  prove->add_option("--db", options->db, "RocksDB folder holding the tree");
  prove->add_option("--key", options->key, "key, hex")->required();
  prove->callback(
      [options, &exit_code] { exit_code = run_prove(options->file, options->db, options->key); });

  auto* verify = smt->add_subcommand("verify", "Check a proof document against a trusted root");
  verify->add_option("--root", options->root, "trusted root, hex")->required();
  verify->add_option("--key", options->key, "the key the proof must be about, hex")->required();
  verify->add_option("--proof", options->proof, "proof document from 'mforge smt prove'")
      ->required();
  verify->callback([options, &exit_code] {
    exit_code = run_verify(options->root, options->key, options->proof);
  });
}

}  // namespace mforge
