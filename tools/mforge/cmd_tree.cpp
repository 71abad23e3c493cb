// mforge tree root|prove|verify|consistency: binary Merkle trees over one leaf per line.
//
// Leaves are the lines of FILE (stdin when absent or "-"), without their '\n'; a last line
// without '\n' is a leaf too. With --hex each line is hex (bitcoin txids are always display-order
// hex). Proofs are the JSON form of docs/binary-tree.md, with the proven leaves' hashes included.
#include <algorithm>
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "commands.hpp"
#include "merkleforge/binary/bitcoin.hpp"
#include "merkleforge/binary/merkletreejs.hpp"
#include "merkleforge/binary/openzeppelin.hpp"
#include "merkleforge/binary/proof_encoding.hpp"
#include "merkleforge/binary/tree.hpp"
#include "merkleforge/binary/verify.hpp"
#include "merkleforge/core/hex.hpp"

namespace mforge {
namespace {

using namespace merkleforge;

struct TreeOptions {
  std::string hash = "sha256";
  std::string scheme = "rfc6962";
  std::string profile = "rfc6962";
  bool hex = false;
  std::string file = "-";
  std::string indices;
  std::uint64_t old_size = 0;
  std::uint64_t new_size = 0;
  std::string root;
  std::string old_root;
  std::string proof_file;
  std::uint64_t size = 0;
};

/// A failure with the exit code it maps to.
struct Failure {
  int code;
  std::string message;
};

template <class T>
using Outcome = std::variant<T, Failure>;

Failure usage(std::string message) {
  return {kExitUsage, std::move(message)};
}

Outcome<std::string> read_all(const std::string& name) {
  std::ostringstream text;
  if (name == "-") {
    text << std::cin.rdbuf();
  } else {
    std::ifstream in(name, std::ios::binary);
    if (!in) return Failure{kExitIo, name + ": cannot open"};
    text << in.rdbuf();
  }
  return text.str();
}

Outcome<std::vector<Bytes>> read_leaves(const TreeOptions& options, bool hex) {
  auto text = read_all(options.file);
  if (auto* failure = std::get_if<Failure>(&text)) return *failure;
  const std::string& all = std::get<std::string>(text);
  std::vector<Bytes> leaves;
  std::size_t begin = 0;
  while (begin < all.size()) {
    std::size_t end = all.find('\n', begin);
    if (end == std::string::npos) end = all.size();
    const std::string_view line(all.data() + begin, end - begin);
    if (hex) {
      Result<Bytes> bytes = from_hex(line);
      if (!bytes) {
        return usage("line " + std::to_string(leaves.size() + 1) + ": " + bytes.error().message);
      }
      leaves.push_back(std::move(*bytes));
    } else {
      leaves.emplace_back(line.begin(), line.end());
    }
    begin = end + 1;
  }
  return leaves;
}

Outcome<HashAlgorithm> parse_hash(const std::string& name) {
  const auto algorithm = hash_from_name(name);
  if (!algorithm) return usage("unknown hash '" + name + "' (sha256, keccak256, sha3-256, blake3)");
  return *algorithm;
}

Outcome<std::string> profile_root(const TreeOptions& options) {
  const bool is_bitcoin = options.profile == "bitcoin";
  auto leaves = read_leaves(options, options.hex || is_bitcoin);
  if (auto* failure = std::get_if<Failure>(&leaves)) return *failure;
  const std::vector<Bytes>& data = std::get<std::vector<Bytes>>(leaves);
  auto as_digests = [&]() -> Outcome<std::vector<Digest32>> {
    std::vector<Digest32> out;
    for (const Bytes& leaf : data) {
      if (leaf.size() != 32) return usage("this profile needs 32-byte leaves (64 hex digits)");
      Digest32 digest;
      std::copy(leaf.begin(), leaf.end(), digest.begin());
      out.push_back(is_bitcoin ? bitcoin::reversed(digest) : digest);
    }
    return out;
  };
  if (options.profile == "rfc6962") {
    auto hash = parse_hash(options.hash);
    if (auto* failure = std::get_if<Failure>(&hash)) return *failure;
    return with_hasher(std::get<HashAlgorithm>(hash), [&](auto tag) {
      using H = typename decltype(tag)::type;
      return to_hex(BinaryMerkleTree<H>::from_leaves(data).root());
    });
  }
  if (options.profile == "openzeppelin") {
    std::vector<Digest32> hashes;
    for (const Bytes& leaf : data) hashes.push_back(openzeppelin::leaf_hash(leaf));
    auto tree = openzeppelin::StandardMerkleTree::from_leaf_hashes(hashes);
    if (!tree) return usage(tree.error().message);
    return to_hex(tree->root());
  }
  auto digests = as_digests();
  if (auto* failure = std::get_if<Failure>(&digests)) return *failure;
  const std::vector<Digest32>& leaf_digests = std::get<std::vector<Digest32>>(digests);
  if (is_bitcoin) {
    const bitcoin::MerkleRoot result = bitcoin::merkle_root(leaf_digests);
    if (result.mutated) {
      return Failure{kExitNegative, to_hex(bitcoin::reversed(result.root)) +
                                        "\nmutated: a level pairs two equal hashes "
                                        "(CVE-2012-2459); Bitcoin Core rejects this block"};
    }
    return to_hex(bitcoin::reversed(result.root));
  }
  if (options.profile == "merkletreejs") {
    auto hash = parse_hash(options.hash);
    if (auto* failure = std::get_if<Failure>(&hash)) return *failure;
    return with_hasher(std::get<HashAlgorithm>(hash), [&](auto tag) {
      using H = typename decltype(tag)::type;
      return to_hex(MerkletreejsTree<H>::from_leaf_hashes(leaf_digests).root());
    });
  }
  return usage("unknown profile '" + options.profile +
               "' (rfc6962, openzeppelin, bitcoin, merkletreejs)");
}

Outcome<std::vector<std::uint64_t>> parse_indices(const std::string& list) {
  std::vector<std::uint64_t> out;
  std::stringstream stream(list);
  std::string item;
  while (std::getline(stream, item, ',')) {
    if (item.empty() || item.find_first_not_of("0123456789") != std::string::npos ||
        item.size() > 19) {
      return usage("--index: '" + item + "' is not a leaf index");
    }
    out.push_back(std::stoull(item));
  }
  if (out.empty()) return usage("--index: no leaf index given");
  return out;
}

/// Runs `make(tree)` on the RFC 6962 tree over the input leaves with the chosen hash.
template <class Make>
Outcome<std::string> with_rfc_tree(const TreeOptions& options, Make&& make) {
  if (options.profile != "rfc6962") return usage("proofs are available for --profile rfc6962");
  auto hash = parse_hash(options.hash);
  if (auto* failure = std::get_if<Failure>(&hash)) return *failure;
  auto leaves = read_leaves(options, options.hex);
  if (auto* failure = std::get_if<Failure>(&leaves)) return *failure;
  return with_hasher(std::get<HashAlgorithm>(hash), [&](auto tag) -> Outcome<std::string> {
    using H = typename decltype(tag)::type;
    return make(BinaryMerkleTree<H>::from_leaves(std::get<std::vector<Bytes>>(leaves)));
  });
}

Outcome<std::string> prove(const TreeOptions& options) {
  auto indices = parse_indices(options.indices);
  if (auto* failure = std::get_if<Failure>(&indices)) return *failure;
  const auto& list = std::get<std::vector<std::uint64_t>>(indices);
  return with_rfc_tree(options, [&](const auto& tree) -> Outcome<std::string> {
    if (list.size() == 1) {
      auto proof = tree.inclusion_proof(list[0]);
      if (!proof) return usage(proof.error().message);
      const Digest32 leaf = tree.leaf_hash(list[0]).value();
      return proof_to_json(*proof, std::span<const Digest32>(&leaf, 1));
    }
    auto proof = tree.multiproof(list);
    if (!proof) return usage(proof.error().message);
    std::vector<Digest32> leaves;
    for (std::uint64_t index : proof->leaf_indices) leaves.push_back(tree.leaf_hash(index).value());
    return proof_to_json(*proof, leaves);
  });
}

Outcome<std::string> consistency(const TreeOptions& options) {
  return with_rfc_tree(options, [&](const auto& tree) -> Outcome<std::string> {
    const std::uint64_t new_size = options.new_size == 0 ? tree.size() : options.new_size;
    auto proof = tree.consistency_proof(options.old_size, new_size);
    if (!proof) return usage(proof.error().message);
    return proof_to_json(*proof);
  });
}

Outcome<Digest32> parse_root(const std::string& hex, const char* option) {
  Result<Digest32> root = digest_from_hex(hex);
  if (!root) return usage(std::string(option) + ": " + root.error().message);
  return *root;
}

/// True when the proof verifies against the caller's trusted roots and sizes; verify() rejects a
/// proof that states another size than the trusted one (a root does not commit to its size).
template <class H, class Scheme>
Outcome<bool> check_proof(const ProofDocument& document, const Digest32& root,
                          const TreeOptions& options) {
  const std::vector<Digest32>& leaves = document.leaf_hashes;
  if (const auto* inclusion = std::get_if<InclusionProof>(&document.proof)) {
    if (leaves.empty()) return usage("the proof has no leaf_hashes to verify");
    return verify<H, Scheme>(root, options.size, *inclusion, leaves[0]);
  }
  if (const auto* multi = std::get_if<MultiProof>(&document.proof)) {
    if (leaves.empty()) return usage("the proof has no leaf_hashes to verify");
    return verify<H, Scheme>(root, options.size, *multi, leaves);
  }
  const auto& proof = std::get<ConsistencyProof>(document.proof);
  if (options.old_root.empty() || options.old_size == 0) {
    return usage("a consistency proof needs the trusted --old-root and --old-size");
  }
  auto old_root = parse_root(options.old_root, "--old-root");
  if (auto* failure = std::get_if<Failure>(&old_root)) return *failure;
  return verify<H, Scheme>(std::get<Digest32>(old_root), options.old_size, root, options.size,
                           proof);
}

Outcome<NodeScheme> parse_scheme(const std::string& name) {
  if (name == "rfc6962") return NodeScheme::rfc6962;
  if (name == "concat") return NodeScheme::concat;
  return usage("unknown --scheme '" + name + "' (rfc6962, concat)");
}

/// Verifies with the caller's trusted root, size, hash and node scheme; the proof's own statement
/// of hash and scheme must agree with them, or the proof is invalid.
Outcome<std::string> verify_command(const TreeOptions& options) {
  auto root = parse_root(options.root, "--root");
  if (auto* failure = std::get_if<Failure>(&root)) return *failure;
  auto hash = parse_hash(options.hash);
  if (auto* failure = std::get_if<Failure>(&hash)) return *failure;
  auto scheme = parse_scheme(options.scheme);
  if (auto* failure = std::get_if<Failure>(&scheme)) return *failure;
  auto text = read_all(options.proof_file);
  if (auto* failure = std::get_if<Failure>(&text)) return *failure;
  Result<ProofDocument> document = proof_from_json(std::get<std::string>(text));
  if (!document) return usage(options.proof_file + ": " + document.error().message);
  const HashAlgorithm trusted_hash = std::get<HashAlgorithm>(hash);
  const NodeScheme trusted_scheme = std::get<NodeScheme>(scheme);
  const bool statement_agrees = std::visit(
      [&](const auto& p) { return p.hash == trusted_hash && p.scheme == trusted_scheme; },
      document->proof);
  if (!statement_agrees) {
    return Failure{kExitNegative, "invalid: the proof states another hash or node scheme"};
  }
  Outcome<bool> valid = with_hasher(trusted_hash, [&](auto tag) {
    using H = typename decltype(tag)::type;
    return trusted_scheme == NodeScheme::concat
               ? check_proof<H, ConcatHashing<H>>(*document, std::get<Digest32>(root), options)
               : check_proof<H, Rfc6962Hashing<H>>(*document, std::get<Digest32>(root), options);
  });
  if (auto* failure = std::get_if<Failure>(&valid)) return *failure;
  if (!std::get<bool>(valid)) return Failure{kExitNegative, "invalid"};
  return std::string("valid");
}

/// Prints the result (stdout) or the failure (stderr) and returns the exit code.
int report(const Outcome<std::string>& outcome) {
  if (const auto* failure = std::get_if<Failure>(&outcome)) {
    std::cerr << "mforge tree: " << failure->message << "\n";
    return failure->code;
  }
  std::cout << std::get<std::string>(outcome) << "\n";
  return kExitOk;
}

void add_input_options(CLI::App* command, TreeOptions& options) {
  command->add_option("--hash", options.hash, "sha256 | keccak256 | sha3-256 | blake3")
      ->capture_default_str();
  command->add_flag("--hex", options.hex, "each line is hex");
  command->add_option("file", options.file, "leaves, one per line ('-' or none: stdin)");
}

}  // namespace

void register_tree(CLI::App& app, int& exit_code) {
  auto* tree = app.add_subcommand("tree", "Binary Merkle trees: roots, proofs, verification");
  tree->require_subcommand(1);
  auto options = std::make_shared<TreeOptions>();

  auto* root = tree->add_subcommand("root", "Print the root of the leaves (hex)");
  add_input_options(root, *options);
  root->add_option("--profile", options->profile,
                   "rfc6962 | openzeppelin (lines: abi-encoded leaf) | bitcoin (lines: txids, "
                   "display hex) | merkletreejs (lines: 32-byte leaves)")
      ->capture_default_str();
  root->callback([options, &exit_code] { exit_code = report(profile_root(*options)); });

  auto* prove_command = tree->add_subcommand("prove", "Print a JSON inclusion proof or multiproof");
  add_input_options(prove_command, *options);
  prove_command->add_option("--index", options->indices, "leaf index, or I,J,... for a multiproof")
      ->required();
  prove_command->callback([options, &exit_code] { exit_code = report(prove(*options)); });

  auto* consistency_command =
      tree->add_subcommand("consistency", "Print a JSON consistency proof between two sizes");
  add_input_options(consistency_command, *options);
  consistency_command->add_option("--old", options->old_size, "old tree size")->required();
  consistency_command->add_option("--new", options->new_size, "new tree size (default: all)");
  consistency_command->callback(
      [options, &exit_code] { exit_code = report(consistency(*options)); });

  auto* verify_sub = tree->add_subcommand(
      "verify", "Verify a JSON proof: exit 0 valid, 1 invalid, 2 malformed input");
  verify_sub->add_option("--root", options->root, "trusted (new) root, hex")->required();
  verify_sub->add_option("--proof", options->proof_file, "proof JSON file ('-': stdin)")
      ->required();
  verify_sub->add_option("--size", options->size, "trusted (new) tree size")->required();
  verify_sub
      ->add_option("--hash", options->hash, "trusted hash: sha256 | keccak256 | sha3-256 | blake3")
      ->capture_default_str();
  verify_sub->add_option("--scheme", options->scheme, "trusted node hashing: rfc6962 | concat")
      ->capture_default_str();
  verify_sub->add_option("--old-root", options->old_root, "trusted old root (consistency)");
  verify_sub->add_option("--old-size", options->old_size, "trusted old tree size (consistency)");
  verify_sub->callback([options, &exit_code] { exit_code = report(verify_command(*options)); });
}

}  // namespace mforge
