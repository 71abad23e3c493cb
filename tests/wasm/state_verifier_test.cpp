// The state verifier for the browser (web/, docs/state-proofs-web.md): merkleforge-state.js and
// .wasm, built by Emscripten from the verifier modules alone, give the native verdict
// (state::verify_state_proof) on state proofs made natively — inclusions in an RFC 6962 log and
// reads of a binary state tree, honest, altered, against another statement, cut, and statements
// that do not decode — under Node (require() and import()) and on the page web/index.html in
// headless Chromium.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <random>
#include <sstream>

#include "merkleforge/binary/tree.hpp"
#include "merkleforge/bintrie/proof.hpp"
#include "merkleforge/bintrie/trie.hpp"
#include "merkleforge/hash/blake3.hpp"
#include "merkleforge/hash/sha256.hpp"
#include "merkleforge/state/prover.hpp"
#include "merkleforge/state/statement.hpp"
#include "support/temp_dir.hpp"
#include "wasm/verdict.hpp"

namespace merkleforge {
namespace {

namespace fs = std::filesystem;

struct StateCase {
  std::string name;
  Bytes statement;
  Bytes proof;
};

/// mf_wasm_verify_state's code for a native verdict (web/verifier/state_verifier.cpp).
int wasm_code(const Status& status) {
  if (status.ok()) return 0;
  switch (status.error().code) {
    case Errc::corrupt_data:
    case Errc::invalid_argument:
      return 1;
    default:
      return 2;
  }
}

/// The line state_driver.cjs prints for a verdict: "<code> ok" or "<code> <error>: <message>".
std::string driver_line(const Status& status) {
  return std::to_string(wasm_code(status)) + " " + wasm_test::verdict(status);
}

/// SHA-256(0x00 ‖ entry): an RFC 6962 leaf hash.
Digest32 log_leaf(std::size_t i) {
  const std::string entry = "entry " + std::to_string(i);
  const std::uint8_t prefix[1] = {0x00};
  return Sha256().update(prefix).update(as_bytes(entry)).finalize();
}

Bytes flipped(Bytes bytes, std::size_t at) {
  bytes.at(at) ^= 0x01;
  return bytes;
}

/// Five inclusions in a log of 100 leaves, a read of four keys (three present, one absent) of a
/// binary tree of 60 keys and writes to it, reads of the EIP text's BLAKE3 tree, each honest and
/// spoiled in several ways.
std::vector<StateCase> state_cases() {
  std::vector<StateCase> cases;

  std::vector<Digest32> leaves(100);
  for (std::size_t i = 0; i < leaves.size(); ++i) leaves[i] = log_leaf(i);
  const auto tree = BinaryMerkleTree<Sha256>::from_leaf_hashes(leaves);
  state::StateStatement log;
  log.kind = state::TreeKind::rfc6962;
  log.log.size = leaves.size();
  log.log.root = tree.root();
  log.log.indices = {3, 17, 42, 77, 99};
  for (const std::uint64_t i : log.log.indices) log.log.leaf_hashes.push_back(leaves[i]);
  const Bytes log_proof =
      state::prove_log_inclusions(log.log, tree.multiproof(log.log.indices)->siblings).value();
  const Bytes log_statement = state::encode_statement(log);
  cases.push_back({"log: honest", log_statement, log_proof});
  cases.push_back({"log: a byte of the shape altered", log_statement, flipped(log_proof, 8)});
  cases.push_back({"log: a byte in the middle altered", log_statement,
                   flipped(log_proof, log_proof.size() / 2)});
  cases.push_back(
      {"log: the last byte altered", log_statement, flipped(log_proof, log_proof.size() - 1)});
  cases.push_back({"log: the first half", log_statement,
                   Bytes(log_proof.begin(),
                         log_proof.begin() + static_cast<std::ptrdiff_t>(log_proof.size() / 2))});
  state::StateStatement other_leaf = log;
  other_leaf.log.leaf_hashes[2] = log_leaf(1000);
  cases.push_back({"log: another leaf hash", state::encode_statement(other_leaf), log_proof});
  state::StateStatement other_size = log;
  other_size.log.size = 101;
  cases.push_back({"log: another size", state::encode_statement(other_size), log_proof});
  state::StateStatement slim = log;
  slim.commitment = pcs::Profile::slim;
  cases.push_back({"log: the slim profile", state::encode_statement(slim), log_proof});
  state::StateStatement unsorted = log;
  std::swap(unsorted.log.indices[0], unsorted.log.indices[1]);
  std::swap(unsorted.log.leaf_hashes[0], unsorted.log.leaf_hashes[1]);
  cases.push_back({"log: indices out of order", state::encode_statement(unsorted), log_proof});
  cases.push_back({"log: a cut statement", Bytes(log_statement.begin(), log_statement.begin() + 20),
                   log_proof});
  cases.push_back({"log: an empty proof", log_statement, Bytes{}});

  std::mt19937_64 rng(7);
  bintrie::BinaryTrie<> trie;
  std::vector<bintrie::TreeKey> keys;
  for (int i = 0; i < 60; ++i) {
    bintrie::TreeKey key;
    for (auto& byte : key) byte = static_cast<std::uint8_t>(rng());
    Digest32 value{};
    value[static_cast<std::size_t>(i) % 32] = static_cast<std::uint8_t>(1 + i);
    trie.insert(key, value);
    keys.push_back(key);
  }
  std::vector<bintrie::TreeKey> read = {keys[4], keys[19], keys[33], keys[33]};
  read.back()[31] ^= 0x55;  // a slot of a present stem, absent
  std::sort(read.begin(), read.end());
  state::StateStatement reads;
  reads.kind = state::TreeKind::bintrie;
  reads.bintrie.root = trie.root();
  reads.bintrie.keys = read;
  for (const auto& key : read) reads.bintrie.values.push_back(trie.get(key));
  const Bytes reads_proof =
      state::prove_bintrie_reads(reads.bintrie, bintrie::prove(trie, std::span(read))).value();
  const Bytes reads_statement = state::encode_statement(reads);
  cases.push_back({"bintrie: honest", reads_statement, reads_proof});
  cases.push_back({"bintrie: a byte in the middle altered", reads_statement,
                   flipped(reads_proof, reads_proof.size() / 2)});
  state::StateStatement other_value = reads;
  for (auto& value : other_value.bintrie.values) {
    if (value) {
      (*value)[0] ^= 0x80;
      break;
    }
  }
  cases.push_back({"bintrie: another value", state::encode_statement(other_value), reads_proof});
  cases.push_back({"bintrie: the log's proof", reads_statement, log_proof});
  cases.push_back({"log: the bintrie's proof", log_statement, reads_proof});

  // Writes to the read keys (the absent slot among them) and to a new stem.
  std::vector<bintrie::Entry> written = {{read[0], Digest32{0x31}}, {read[3], Digest32{0x32}}};
  written.push_back({bintrie::TreeKey{0x77}, Digest32{0x33}});
  const auto proved = state::prove_bintrie_writes(trie, read, written).value();
  state::StateStatement writes;
  writes.kind = state::TreeKind::bintrie_writes;
  writes.bintrie = proved.reads;
  writes.writes = proved.writes;
  const Bytes writes_statement = state::encode_statement(writes);
  cases.push_back({"writes: honest", writes_statement, proved.proof});
  state::StateStatement other_post = writes;
  other_post.writes.post_root[5] ^= 0x02;
  cases.push_back(
      {"writes: another post-state root", state::encode_statement(other_post), proved.proof});
  cases.push_back({"writes: the reads' proof", writes_statement, reads_proof});

  // The EIP text's hash: BLAKE3 leaves and blake3-pair nodes.
  bintrie::BinaryTrie<Blake3> eip;
  for (int i = 0; i < 40; ++i) eip.insert(keys[static_cast<std::size_t>(i)], Digest32{1, 2});
  std::vector<bintrie::TreeKey> eip_keys = {keys[3], keys[8], keys[50]};  // keys[50] absent
  std::sort(eip_keys.begin(), eip_keys.end());
  const auto eip_reads = state::prove_bintrie_reads(eip, eip_keys).value();
  state::StateStatement blake3;
  blake3.kind = state::TreeKind::bintrie;
  blake3.bintrie = eip_reads.statement;
  cases.push_back({"eip: honest", state::encode_statement(blake3), eip_reads.proof});
  state::StateStatement as_sha256 = blake3;
  as_sha256.bintrie.hash = state::BintrieHash::sha256;
  cases.push_back({"eip: read as SHA-256", state::encode_statement(as_sha256), eip_reads.proof});
  return cases;
}

void write_file(const fs::path& path, ByteSpan bytes) {
  std::ofstream(path, std::ios::binary)
      .write(reinterpret_cast<const char*>(bytes.data()),
             static_cast<std::streamsize>(bytes.size()));
}

/// `command`'s standard output; throws when it exits with another status than 0.
std::string run(const std::string& command) {
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) throw std::runtime_error("cannot run " + command);
  std::string output;
  char buffer[4096];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) {
    output.append(buffer, n);
  }
  const int status = pclose(pipe);
  if (status != 0)
    throw std::runtime_error(command + " exited with status " + std::to_string(status) + ":\n" +
                             output.substr(0, 2000));
  return output;
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

const fs::path kSite = MERKLEFORGE_WASM_STATE_SITE;

class WasmStateVerifier : public ::testing::Test {
 protected:
  void SetUp() override {
    cases_ = state_cases();
    for (std::size_t i = 0; i < cases_.size(); ++i) {
      write_file(statement(i), cases_[i].statement);
      write_file(proof(i), cases_[i].proof);
      native_.push_back(state::verify_state_proof(cases_[i].statement, cases_[i].proof));
    }
    // The native verdicts are the expected ones: the honest proofs alone are accepted.
    for (std::size_t i = 0; i < cases_.size(); ++i) {
      EXPECT_EQ(native_[i].ok(), cases_[i].name.ends_with(": honest")) << cases_[i].name;
    }
  }

  fs::path statement(std::size_t i) const { return dir_ / ("statement-" + std::to_string(i)); }
  fs::path proof(std::size_t i) const { return dir_ / ("proof-" + std::to_string(i)); }

  /// state_driver.cjs's lines for every case (`options` first).
  std::vector<std::string> node_lines(const std::string& options = "") const {
    std::string command = std::string(MERKLEFORGE_NODE) + " '" + MERKLEFORGE_WASM_STATE_DRIVER +
                          "' " + options + " '" + (kSite / "merkleforge-state.js").string() + "'";
    for (std::size_t i = 0; i < cases_.size(); ++i) {
      command += " '" + statement(i).string() + "' '" + proof(i).string() + "'";
    }
    return lines(run(command));
  }

  std::vector<StateCase> cases_;
  std::vector<Status> native_;
  test::TempDir dir_{"wasm-state-verifier"};
};

TEST_F(WasmStateVerifier, NodeGivesTheNativeVerdictOnEveryProof) {
  const std::vector<std::string> wasm = node_lines();
  ASSERT_EQ(wasm.size(), cases_.size());
  for (std::size_t i = 0; i < cases_.size(); ++i) {
    EXPECT_EQ(wasm[i], driver_line(native_[i])) << cases_[i].name;
  }
}

// The bundle is a CommonJS file: an ES module imports it as its default export.
TEST_F(WasmStateVerifier, NodeImportsTheBundleFromAnEsModule) {
  const std::vector<std::string> wasm = node_lines("--esm");
  ASSERT_EQ(wasm.size(), cases_.size());
  for (std::size_t i = 0; i < cases_.size(); ++i) {
    EXPECT_EQ(wasm[i], driver_line(native_[i])) << cases_[i].name;
  }
}

std::string unescape_html(std::string text) {
  const std::pair<const char*, const char*> entities[] = {{"&lt;", "<"},    {"&gt;", ">"},
                                                          {"&quot;", "\""}, {"&#39;", "'"},
                                                          {"&nbsp;", " "},  {"&amp;", "&"}};
  for (const auto& [entity, character] : entities) {
    for (std::size_t at; (at = text.find(entity)) != std::string::npos;) {
      text.replace(at, std::string_view(entity).size(), character);
    }
  }
  return text;
}

/// The value of attribute `name` in an element's opening tag, "" when it has none.
std::string attribute(const std::string& tag, const std::string& name) {
  const std::string key = " " + name + "=\"";
  const auto begin = tag.find(key);
  if (begin == std::string::npos) return "";
  const auto end = tag.find('"', begin + key.size());
  return unescape_html(tag.substr(begin + key.size(), end - begin - key.size()));
}

// The page (web/index.html) in headless Chromium from file:// URLs, the statement and the proof
// named by its query: "valid" on the honest proofs, "invalid: <the native message>" on the others.
TEST_F(WasmStateVerifier, ThePageInHeadlessChromiumGivesTheNativeVerdict) {
  const std::string chromium = MERKLEFORGE_CHROMIUM;
  if (chromium.empty() || !fs::exists(chromium)) {
    GTEST_SKIP()
        << "Chromium is not installed (Debian's chromium package, scripts/install-deps.sh)";
  }
  ASSERT_TRUE(fs::exists(kSite / "index.html")) << kSite;
  fs::create_directories(dir_ / "profile");
  // One Chromium per page load (about 3 s here): four loads, the honest proofs of both kinds, an
  // altered proof and a proof of another statement.
  for (const std::string name : {"log: honest", "log: a byte in the middle altered",
                                 "bintrie: honest", "bintrie: another value"}) {
    const auto it = std::find_if(cases_.begin(), cases_.end(),
                                 [&](const StateCase& c) { return c.name == name; });
    ASSERT_NE(it, cases_.end()) << name;
    const auto i = static_cast<std::size_t>(it - cases_.begin());
    const std::string url = "file://" + (kSite / "index.html").string() + "?statement=file://" +
                            statement(i).string() + "&proof=file://" + proof(i).string();
    const std::string dom =
        run("timeout 120 '" + chromium +
            "' --headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run "
            "--disable-background-networking --disable-component-update --disable-sync "
            "--allow-file-access-from-files --virtual-time-budget=30000 --user-data-dir='" +
            (dir_ / "profile").string() + "' --dump-dom '" + url + "' 2>/dev/null");
    const auto begin = dom.find("<output id=\"verdict\"");
    ASSERT_NE(begin, std::string::npos) << name << ": no verdict in\n" << dom.substr(0, 2000);
    const auto text_begin = dom.find('>', begin) + 1;
    const auto text_end = dom.find("</output>", text_begin);
    ASSERT_NE(text_end, std::string::npos) << name;
    const std::string tag = dom.substr(begin, text_begin - begin);
    const std::string text = unescape_html(dom.substr(text_begin, text_end - text_begin));
    const Status& native = native_[i];
    if (native.ok()) {
      EXPECT_EQ(text, "valid") << name;
      EXPECT_EQ(attribute(tag, "data-state"), "valid") << name;
    } else {
      EXPECT_EQ(text, "invalid: " + native.error().message) << name;
      EXPECT_EQ(attribute(tag, "data-state"), "invalid") << name;
      EXPECT_EQ(attribute(tag, "data-error"), errc_name(native.error().code)) << name;
    }
    EXPECT_EQ(attribute(tag, "data-code"), std::to_string(wasm_code(native))) << name;
  }
}

}  // namespace
}  // namespace merkleforge
