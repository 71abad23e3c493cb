// make_state_proofs DIR: writes honest state proofs made by the C++ prover, with their statements
// (state/statement.hpp, fast profile), for the C API's test of mf_state_proof_verify (CMake runs it
// at build time, tests/capi/CMakeLists.txt) and the Python test's committed fixtures
// (python/tests/data/, copied from here):
//   DIR/log.statement, DIR/log.proof          leaves 2, 5 and 9 of an RFC 6962 log of the 10
//                                             entries "entry 0" ... "entry 9"
//   DIR/bintrie.statement, DIR/bintrie.proof  two present keys and one absent key of a binary
//                                             state tree of 4 keys
// Deterministic; each proof is checked through verify_state_proof before it is written. Exit
// status 0, 1 on a failure, 2 on a usage error.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "merkleforge/binary/tree.hpp"
#include "merkleforge/bintrie/proof.hpp"
#include "merkleforge/state/prover.hpp"
#include "merkleforge/state/statement.hpp"

namespace {

using namespace merkleforge;
using namespace merkleforge::state;

[[noreturn]] void fail(const std::string& what) {
  std::fprintf(stderr, "make_state_proofs: %s\n", what.c_str());
  std::exit(1);
}

template <class T>
T value_or_fail(Result<T>&& result, const char* what) {
  if (!result) fail(std::string(what) + ": " + result.error().message);
  return std::move(result).value();
}

void write_file(const std::string& path, const Bytes& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(bytes.data()),
            static_cast<std::streamsize>(bytes.size()));
  if (!out) fail("cannot write " + path);
}

void write_case(const std::string& dir, const std::string& name, const StateStatement& statement,
                const Bytes& proof) {
  const Bytes encoded = encode_statement(statement);
  const Status verified = verify_state_proof(encoded, proof);
  if (!verified.ok())
    fail(name + ": the honest proof does not verify: " + verified.error().message);
  write_file(dir + "/" + name + ".statement", encoded);
  write_file(dir + "/" + name + ".proof", proof);
}

void log_case(const std::string& dir) {
  std::vector<Digest32> leaves;
  for (int i = 0; i < 10; ++i) {
    const std::string entry = "entry " + std::to_string(i);
    leaves.push_back(Rfc6962Hashing<Sha256>::leaf(
        {reinterpret_cast<const std::uint8_t*>(entry.data()), entry.size()}));
  }
  const auto tree = BinaryMerkleTree<Sha256>::from_leaf_hashes(leaves);
  const std::vector<std::uint64_t> indices = {2, 5, 9};
  auto proved = value_or_fail(prove_log_inclusions(tree, indices), "prove_log_inclusions");
  StateStatement statement;
  statement.kind = TreeKind::rfc6962;
  statement.log = proved.statement;
  write_case(dir, "log", statement, proved.proof);
}

/// Four stems of one slot each: the tree both binary-tree cases read.
bintrie::BinaryTrie<> four_stems(std::vector<bintrie::TreeKey>& keys) {
  bintrie::BinaryTrie<> trie;
  for (std::uint8_t k = 0; k < 4; ++k) {
    bintrie::TreeKey key{};
    key[0] = static_cast<std::uint8_t>(0x40 * k + 1);
    key[31] = k;
    Digest32 value{};
    value[31] = static_cast<std::uint8_t>(k + 1);
    trie.insert(key, value);
    keys.push_back(key);
  }
  return trie;
}

void bintrie_case(const std::string& dir) {
  std::vector<bintrie::TreeKey> keys;
  bintrie::BinaryTrie<> trie = four_stems(keys);
  bintrie::TreeKey absent = keys[2];
  absent[31] = 0x80;  // an empty slot of a present stem
  const std::vector<bintrie::TreeKey> read = {keys[0], keys[2], absent};
  auto proved = value_or_fail(prove_bintrie_reads(trie, read), "prove_bintrie_reads");
  StateStatement statement;
  statement.kind = TreeKind::bintrie;
  statement.bintrie = proved.statement;
  write_case(dir, "bintrie", statement, proved.proof);
}

/// Keys 0 and 2 read, key 0 written again and an empty slot of key 2's stem written.
void bintrie_writes_case(const std::string& dir) {
  std::vector<bintrie::TreeKey> keys;
  bintrie::BinaryTrie<> trie = four_stems(keys);
  bintrie::TreeKey absent = keys[2];
  absent[31] = 0x80;
  const std::vector<bintrie::Entry> writes = {{keys[0], Digest32{0x11}}, {absent, Digest32{0x22}}};
  auto proved = value_or_fail(prove_bintrie_writes(trie, std::vector{keys[2]}, writes),
                              "prove_bintrie_writes");
  StateStatement statement;
  statement.kind = TreeKind::bintrie_writes;
  statement.bintrie = proved.reads;
  statement.writes = proved.writes;
  write_case(dir, "writes", statement, proved.proof);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: make_state_proofs DIR\n");
    return 2;
  }
  log_case(argv[1]);
  bintrie_case(argv[1]);
  bintrie_writes_case(argv[1]);
  return 0;
}
