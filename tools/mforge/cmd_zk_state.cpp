// mforge zk prove-state / verify-state / show-state: succinct state proofs (docs/state-proofs.md).
//   mforge zk prove-state --tree rfc6962 --leaves FILE --indices I[,I...]
//        FILE: the log's leaf hashes (RFC 6962: SHA-256 of 0x00 ‖ entry), one hex line each, in
//        log order; proves that leaves I... are in the log of that size and root
//   mforge zk prove-state --tree bintrie --entries FILE (--keys K[,K...] | --keys-file KEYS)
//        FILE as `mforge bintrie root` ({"entries": [[key, value], ...]}); KEYS: one hex key per
//        line; proves each key's value, or its absence, under the tree's root
//        [--variant geth|eip]: the tree's hash, as `mforge bintrie root` (geth: SHA-256, eip:
//        BLAKE3)
//        [--writes WRITES]: WRITES as FILE, each key written once; also proves that writing them
//        (after the reads) gives the post-state's root. The written keys are read too, so --keys
//        may then be left out
//   both: [--commitment fast|slim] [--threads T] --proof FILE --statement FILE
//        writes the proof and the statement (binary, state/statement.hpp), prints a JSON summary
//        (root, post-state root with writes, items, instances, proof bytes, the raw
//        multiproof's bytes, prove seconds)
//   mforge zk verify-state --statement FILE --proof FILE
//        exit 0 valid, 1 invalid, 2 malformed (statement or proof)
//   mforge zk show-state FILE
//        the statement as JSON
//   mforge zk describe-state --statement FILE --proof FILE
//        the proof's wiring, the commitment's parameters and the soundness account
#include <algorithm>
#include <chrono>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>

#include "bintrie_io.hpp"
#include "cli_io.hpp"
#include "commands.hpp"
#include "merkleforge/binary/tree.hpp"
#include "merkleforge/hash/blake3.hpp"
#include "merkleforge/parallel/parallel.hpp"
#include "merkleforge/state/prover.hpp"
#include "merkleforge/state/statement.hpp"

namespace mforge {
namespace {

using namespace merkleforge;
using state::StateStatement;

int fail(const Error& error) {
  return report_failure("zk", error);
}

struct StateArgs {
  std::string tree, leaves, indices, entries, keys, keys_file, writes, commitment = "fast";
  std::string variant = "geth";
  std::string proof, statement;
  std::size_t threads = 0;
};

/// What a prover made: the proof, the statement, and figures for the summary.
struct Made {
  Bytes proof;
  StateStatement statement;
  std::size_t items = 0, multiproof_bytes = 0, instances = 0;
};

Result<std::vector<std::uint64_t>> indices_of(const std::string& list) {
  std::vector<std::uint64_t> out;
  std::stringstream in(list);
  for (std::string item; std::getline(in, item, ',');) {
    std::size_t used = 0;
    try {
      out.push_back(std::stoull(item, &used));
    } catch (const std::exception&) {
      used = 0;
    }
    if (used == 0 || used != item.size()) {
      return make_error(Errc::malformed_input, "index '" + item + "' is not a number");
    }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

/// One 32-byte hex item per non-empty line of `path`.
Result<std::vector<Digest32>> hex_lines(const std::string& path, const char* what) {
  auto text = read_text_file(path);
  if (!text) return text.error();
  std::vector<Digest32> out;
  std::stringstream in(*text);
  for (std::string line; std::getline(in, line);) {
    if (line.empty()) continue;
    auto item = fixed_hex<32>(line, what);
    if (!item) return item.error();
    out.push_back(*item);
  }
  return out;
}

Result<Made> prove_log(const StateArgs& args, pcs::Profile commitment) {
  auto leaves = hex_lines(args.leaves, "leaf hash");
  if (!leaves) return leaves.error();
  auto indices = indices_of(args.indices);
  if (!indices) return indices.error();
  const auto tree = BinaryMerkleTree<Sha256>::from_leaf_hashes(*leaves);
  auto proved = state::prove_log_inclusions(tree, *indices, nullptr, commitment);
  if (!proved) return proved.error();
  Made made;
  made.statement.kind = state::TreeKind::rfc6962;
  made.statement.log = std::move(proved->statement);
  made.proof = std::move(proved->proof);
  made.items = indices->size();
  made.multiproof_bytes = proved->multiproof_bytes;
  made.instances = state::log_instances(made.statement.log).value();
  return made;
}

template <class H>
Result<Made> prove_bintrie(const StateArgs& args, pcs::Profile commitment) {
  auto trie = trie_from_file<H>(args.entries);
  if (!trie) return trie.error();
  std::vector<bintrie::TreeKey> keys;
  if (!args.keys_file.empty()) {
    auto listed = hex_lines(args.keys_file, "key");
    if (!listed) return listed.error();
    keys = *listed;
  } else if (!args.keys.empty()) {
    auto listed = keys32_of(args.keys);
    if (!listed) return listed.error();
    keys = *listed;
  }
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  Made made;
  if (args.writes.empty()) {
    auto proved = state::prove_bintrie_reads(*trie, keys, nullptr, commitment);
    if (!proved) return proved.error();
    made.statement.kind = state::TreeKind::bintrie;
    made.statement.bintrie = std::move(proved->statement);
    made.proof = std::move(proved->proof);
    made.multiproof_bytes = proved->multiproof.size();
    made.instances = state::bintrie_instances(made.statement.bintrie, made.proof).value();
  } else {
    auto writes = entries_from_file(args.writes);
    if (!writes) return writes.error();
    auto proved = state::prove_bintrie_writes(*trie, keys, *writes, nullptr, commitment);
    if (!proved) return proved.error();
    made.statement.kind = state::TreeKind::bintrie_writes;
    made.statement.bintrie = std::move(proved->reads);
    made.statement.writes = std::move(proved->writes);
    made.proof = std::move(proved->proof);
    made.multiproof_bytes = proved->multiproof.size();
    made.instances =
        state::bintrie_instances(made.statement.bintrie, made.statement.writes, made.proof).value();
  }
  made.items = made.statement.bintrie.keys.size();
  return made;
}

/// The statement as JSON: kind, profile, root and the items.
nlohmann::json statement_json(const StateStatement& s) {
  nlohmann::json out = {{"commitment", pcs::profile_name(s.commitment)}};
  if (s.kind == state::TreeKind::rfc6962) {
    out["tree"] = "rfc6962";
    out["size"] = s.log.size;
    out["root"] = to_hex(s.log.root);
    out["leaves"] = nlohmann::json::array();
    for (std::size_t j = 0; j < s.log.indices.size(); ++j) {
      out["leaves"].push_back(
          {{"index", s.log.indices[j]}, {"hash", to_hex(s.log.leaf_hashes[j])}});
    }
  } else {
    const auto hex_or_null = [](const std::optional<Digest32>& value) {
      return value ? nlohmann::json(to_hex(*value)) : nlohmann::json(nullptr);
    };
    const bool writes = s.kind == state::TreeKind::bintrie_writes;
    out["tree"] = "bintrie";
    out["hash"] = s.bintrie.hash == state::BintrieHash::blake3 ? "blake3" : "sha256";
    out["root"] = to_hex(s.bintrie.root);
    if (writes) out["post_root"] = to_hex(s.writes.post_root);
    out["reads"] = nlohmann::json::array();
    for (std::size_t i = 0; i < s.bintrie.keys.size(); ++i) {
      nlohmann::json read = {{"key", to_hex(s.bintrie.keys[i])},
                             {"value", hex_or_null(s.bintrie.values[i])}};
      if (writes) read["written"] = hex_or_null(s.writes.values[i]);
      out["reads"].push_back(read);
    }
  }
  return out;
}

int run_prove_state(const StateArgs& args) {
  const pcs::Profile commitment = pcs::profile_named(args.commitment).value();
  std::optional<ThreadLimit> limit;
  if (args.threads > 0) limit.emplace(args.threads);
  const auto start = std::chrono::steady_clock::now();
  auto made = args.tree == "rfc6962"  ? prove_log(args, commitment)
              : args.variant == "eip" ? prove_bintrie<Blake3>(args, commitment)
                                      : prove_bintrie<Sha256>(args, commitment);
  if (!made) return fail(made.error());
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  made->statement.commitment = commitment;
  if (Status s = write_file(args.proof, made->proof); !s) return fail(s.error());
  if (Status s = write_file(args.statement, state::encode_statement(made->statement)); !s) {
    return fail(s.error());
  }
  nlohmann::json summary = {{"tree", args.tree},
                            {"commitment", args.commitment},
                            {"items", made->items},
                            {"proof_bytes", made->proof.size()},
                            {"multiproof_bytes", made->multiproof_bytes},
                            {"seconds", seconds}};
  const nlohmann::json statement = statement_json(made->statement);
  summary["root"] = statement["root"];
  if (statement.contains("post_root")) summary["post_root"] = statement["post_root"];
  summary["instances"] = made->instances;
  std::cout << summary.dump() << "\n";
  return kExitOk;
}

/// A statement file and a proof file.
struct StatementAndProof {
  Bytes statement, proof;
};
Result<StatementAndProof> read_statement_and_proof(const std::string& statement_path,
                                                   const std::string& proof_path) {
  auto statement = read_binary(statement_path);
  if (!statement) return statement.error();
  auto proof = read_binary(proof_path);
  if (!proof) return proof.error();
  return StatementAndProof{std::move(*statement), std::move(*proof)};
}

int run_verify_state(const std::string& statement_path, const std::string& proof_path) {
  auto files = read_statement_and_proof(statement_path, proof_path);
  if (!files) return fail(files.error());
  const Status verified = state::verify_state_proof(files->statement, files->proof);
  if (!verified) {
    if (verified.error().code != Errc::corrupt_data) return fail(verified.error());
    std::cout << "invalid: " << verified.error().message << "\n";
    return kExitNegative;
  }
  std::cout << "valid\n";
  return kExitOk;
}

int run_show_state(const std::string& path) {
  auto bytes = read_binary(path);
  if (!bytes) return fail(bytes.error());
  auto statement = state::decode_statement(*bytes);
  if (!statement) return fail(statement.error());
  std::cout << statement_json(*statement).dump(2) << "\n";
  return kExitOk;
}

int run_describe_state(const std::string& statement_path, const std::string& proof_path) {
  auto files = read_statement_and_proof(statement_path, proof_path);
  if (!files) return fail(files.error());
  auto text = state::describe_state_proof(files->statement, files->proof);
  if (!text) return fail(text.error());
  std::cout << *text;
  return kExitOk;
}

}  // namespace

void register_zk_state(CLI::App& zk, int& exit_code) {
  auto args = std::make_shared<StateArgs>();
  auto* prove = zk.add_subcommand("prove-state",
                                  "Prove reads (and writes) of a binary tree or log inclusions");
  prove->add_option("--tree", args->tree, "rfc6962 or bintrie")
      ->required()
      ->check(CLI::IsMember({"rfc6962", "bintrie"}));
  prove->add_option("--leaves", args->leaves, "rfc6962: the log's leaf hashes, one hex per line");
  prove->add_option("--indices", args->indices, "rfc6962: the leaves to prove, I,J,...");
  prove->add_option("--entries", args->entries, "bintrie: {\"entries\": [[key, value], ...]}");
  auto* keys = prove->add_option("--keys", args->keys, "bintrie: the keys to prove, K,K,...");
  prove->add_option("--keys-file", args->keys_file, "bintrie: the keys, one hex per line")
      ->excludes(keys);
  prove
      ->add_option("--variant", args->variant,
                   "bintrie: geth (default: SHA-256) or eip (the EIP-7864 text: BLAKE3)")
      ->check(CLI::IsMember({"geth", "eip"}));
  prove->add_option("--writes", args->writes,
                    "bintrie: the writes, {\"entries\": [[key, value], ...]}");
  prove->add_option("--commitment", args->commitment, "fast (default) or slim")
      ->check(CLI::IsMember({"fast", "slim"}));
  prove->add_option("--threads", args->threads, "worker threads (default: all)");
  prove->add_option("--proof", args->proof, "proof output file")->required();
  prove->add_option("--statement", args->statement, "statement output file")->required();
  prove->callback([args, &exit_code] {
    const bool log = args->tree == "rfc6962";
    const auto refuse = [&](const char* why) {
      exit_code = fail(make_error(Errc::invalid_argument, why));
    };
    if (log && (args->leaves.empty() || args->indices.empty())) {
      return refuse("--tree rfc6962 needs --leaves and --indices");
    }
    if (log && (!args->writes.empty() || args->variant != "geth")) {
      return refuse("--writes and --variant are for --tree bintrie");
    }
    if (!log && (args->entries.empty() ||
                 (args->keys.empty() && args->keys_file.empty() && args->writes.empty()))) {
      return refuse("--tree bintrie needs --entries and --keys, --keys-file or --writes");
    }
    exit_code = run_prove_state(*args);
  });

  auto* verify = zk.add_subcommand("verify-state", "Verify a state proof against its statement");
  verify->add_option("--statement", args->statement, "statement file")->required();
  verify->add_option("--proof", args->proof, "proof file")->required();
  verify->callback(
      [args, &exit_code] { exit_code = run_verify_state(args->statement, args->proof); });

  auto* describe = zk.add_subcommand("describe-state", "Parameters and soundness of a state proof");
  describe->add_option("--statement", args->statement, "statement file")->required();
  describe->add_option("--proof", args->proof, "proof file")->required();
  describe->callback(
      [args, &exit_code] { exit_code = run_describe_state(args->statement, args->proof); });

  auto* show = zk.add_subcommand("show-state", "Print a state statement as JSON");
  show->add_option("statement", args->statement, "statement file")->required();
  show->callback([args, &exit_code] { exit_code = run_show_state(args->statement); });
}

}  // namespace mforge
