// The proof system's verifiers compiled to wasm32 by Emscripten (tests/wasm/driver, linking the
// verifier modules alone) and run by Node gives the native verifier's verdict on every proof: an
// honest one made natively, edited and cut copies of it, a proof of another statement, and a proof
// of a false witness pushed through the real prover pipeline.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>

#include "merkleforge/boolean/prover.hpp"
#include "merkleforge/cs/prover.hpp"
#include "pipeline.hpp"
#include "support/cheating_prover.hpp"
#include "support/small_system.hpp"
#include "support/temp_dir.hpp"
#include "wasm/verdict.hpp"

namespace merkleforge {
namespace {

struct ProofCase {
  std::string name;
  Bytes proof;
};

std::vector<ProofCase> proof_cases() {
  const cs::test::SmallSystem small = cs::test::small_system();
  const Bytes honest = cs::prove(small.system, small.witness, small.publics).value();
  std::vector<ProofCase> cases{{"honest", honest}};
  // One flipped bit in the header, the protocol tape and the PCS proof.
  for (const std::size_t at : {std::size_t{0}, std::size_t{4}, std::size_t{9}, honest.size() / 5,
                               honest.size() / 2, honest.size() - 1}) {
    Bytes edited = honest;
    edited[at] ^= 0x01;
    cases.push_back({"bit flipped at " + std::to_string(at), edited});
  }
  for (const std::size_t kept :
       {std::size_t{0}, std::size_t{7}, honest.size() / 2, honest.size() - 1}) {
    cases.push_back({"first " + std::to_string(kept) + " bytes",
                     Bytes(honest.begin(), honest.begin() + static_cast<std::ptrdiff_t>(kept))});
  }
  // The same system with other values: a valid proof, of another statement (its public column).
  const cs::test::SmallSystem other = cs::test::small_system(6);
  cases.push_back({"proof of other public values",
                   cs::prove(other.system, other.witness, other.publics).value()});
  // Column c wrong on row 0, where "c on even rows" constrains it.
  cs::Witness false_witness = small.witness;
  false_witness.columns[2][0] ^= 0x01;
  cases.push_back(
      {"proof of a false witness",
       cs::test::prove_without_witness_check(small.system, false_witness, small.publics).value()});
  return cases;
}

/// The driver's output lines for `files`, verified under Node (`options` first).
std::vector<std::string> wasm_verdicts(const std::vector<std::filesystem::path>& files,
                                       const std::string& options = "") {
  std::string command =
      std::string(MERKLEFORGE_NODE) + " " + MERKLEFORGE_WASM_VERIFIER_JS + " " + options;
  for (const auto& file : files) command += " '" + file.string() + "'";
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) throw std::runtime_error("cannot run " + command);
  std::string output;
  char buffer[4096];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) {
    output.append(buffer, n);
  }
  const int status = pclose(pipe);
  if (status != 0)
    throw std::runtime_error(command + " exited with status " + std::to_string(status));
  std::vector<std::string> lines;
  std::istringstream in(output);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

TEST(WasmVerifier, GivesTheNativeVerdictOnEveryProof) {
  const cs::test::SmallSystem small = cs::test::small_system();
  const std::vector<ProofCase> cases = proof_cases();
  test::TempDir dir("wasm-verifier");
  std::vector<std::filesystem::path> files;
  std::vector<std::string> native;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    files.push_back(dir / ("proof-" + std::to_string(i)));
    std::ofstream(files.back(), std::ios::binary)
        .write(reinterpret_cast<const char*>(cases[i].proof.data()),
               static_cast<std::streamsize>(cases[i].proof.size()));
    native.push_back(wasm_test::verdict(cs::verify(small.system, small.publics, cases[i].proof)));
  }
  // The native verdicts are the expected ones: the honest proof alone is accepted.
  ASSERT_EQ(native[0], "ok");
  for (std::size_t i = 1; i < cases.size(); ++i) EXPECT_NE(native[i], "ok") << cases[i].name;

  const std::vector<std::string> wasm = wasm_verdicts(files);
  ASSERT_EQ(wasm.size(), cases.size());
  for (std::size_t i = 0; i < cases.size(); ++i) {
    EXPECT_EQ(wasm[i], native[i]) << cases[i].name;
  }
}

void write_file(const std::filesystem::path& path, ByteSpan bytes) {
  std::ofstream(path, std::ios::binary)
      .write(reinterpret_cast<const char*>(bytes.data()),
             static_cast<std::streamsize>(bytes.size()));
}

// The Boolean engine's verifier (boolean/engine.hpp) on wasm32, for two Keccak-f instances: an
// honest proof, edited and cut copies, a proof of other outputs, and a false witness pushed
// through the real pipeline.
TEST(WasmVerifier, BooleanEngineGivesTheNativeVerdictOnEveryProof) {
  const boolean::Circuit& keccak = boolean::keccakf_circuit();
  constexpr std::size_t kCount = 2;
  Bytes inputs(kCount * keccak.input_bytes());
  for (std::size_t i = 0; i < inputs.size(); ++i) inputs[i] = static_cast<std::uint8_t>(i * 7);
  const boolean::Proved honest = boolean::prove(keccak, kCount, inputs).value();
  std::vector<ProofCase> cases{{"honest", honest.proof}};
  for (const std::size_t at : {std::size_t{4}, honest.proof.size() / 3, honest.proof.size() - 1}) {
    Bytes edited = honest.proof;
    edited[at] ^= 0x01;
    cases.push_back({"bit flipped at " + std::to_string(at), edited});
  }
  cases.push_back({"first half", Bytes(honest.proof.begin(),
                                       honest.proof.begin() +
                                           static_cast<std::ptrdiff_t>(honest.proof.size() / 2))});
  Bytes other_inputs = inputs;
  other_inputs[0] ^= 1;
  cases.push_back({"proof of other outputs", boolean::prove(keccak, kCount, other_inputs)->proof});
  std::vector<std::uint64_t> z(kCount * keccak.words());
  for (std::size_t i = 0; i < kCount; ++i) {
    keccak.witness(ByteSpan(inputs).subspan(i * keccak.input_bytes(), keccak.input_bytes()),
                   {z.data() + i * keccak.words(), keccak.words()});
  }
  z[keccak.words() + 30] ^= 4;  // a χ product of the second instance
  cases.push_back({"proof of a false witness",
                   boolean::detail::prove_bits(keccak, kCount, z, honest.outputs).value()});

  test::TempDir dir("wasm-boolean-verifier");
  write_file(dir / "outputs", honest.outputs);
  std::vector<std::filesystem::path> files;
  std::vector<std::string> native;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    files.push_back(dir / ("proof-" + std::to_string(i)));
    write_file(files.back(), cases[i].proof);
    native.push_back(
        wasm_test::verdict(boolean::verify(keccak, kCount, honest.outputs, cases[i].proof)));
  }
  ASSERT_EQ(native[0], "ok");
  for (std::size_t i = 1; i < cases.size(); ++i) EXPECT_NE(native[i], "ok") << cases[i].name;
  const std::vector<std::string> wasm =
      wasm_verdicts(files, "--boolean-keccakf " + std::to_string(kCount) + " '" +
                               (dir / "outputs").string() + "'");
  ASSERT_EQ(wasm.size(), cases.size());
  for (std::size_t i = 0; i < cases.size(); ++i) EXPECT_EQ(wasm[i], native[i]) << cases[i].name;
}

// A chain of BLAKE3 compressions written with the circuit builder (verify_chain) on wasm32: an
// honest proof, edited copies, and a chain with a broken link pushed through the real pipeline.
TEST(WasmVerifier, BooleanChainGivesTheNativeVerdictOnEveryProof) {
  const boolean::Circuit& blake3 = boolean::blake3_circuit();
  constexpr std::size_t kCount = 3;
  const std::size_t own = blake3.input_bytes() - blake3.output_bytes();
  Bytes head(blake3.output_bytes()), rest(kCount * own);
  for (std::size_t i = 0; i < head.size(); ++i) head[i] = static_cast<std::uint8_t>(i * 3);
  for (std::size_t i = 0; i < rest.size(); ++i) rest[i] = static_cast<std::uint8_t>(i * 5);
  const boolean::Proved honest = boolean::prove_chain(blake3, kCount, head, rest).value();
  std::vector<ProofCase> cases{{"honest", honest.proof}};
  for (const std::size_t at : {std::size_t{9}, honest.proof.size() / 2, honest.proof.size() - 3}) {
    Bytes edited = honest.proof;
    edited[at] ^= 0x10;
    cases.push_back({"bit flipped at " + std::to_string(at), edited});
  }
  // Every instance's input starts from the head: the links after the first are false.
  std::vector<std::uint64_t> z(4 * blake3.words());
  Bytes input(blake3.input_bytes()), tail(blake3.output_bytes());
  for (std::size_t i = 0; i < 4; ++i) {
    std::copy(head.begin(), head.end(), input.begin());
    std::fill(input.begin() + static_cast<std::ptrdiff_t>(head.size()), input.end(), 0);
    if (i < kCount) {
      std::copy_n(rest.begin() + static_cast<std::ptrdiff_t>(i * own), own,
                  input.begin() + static_cast<std::ptrdiff_t>(head.size()));
    } else {
      std::fill(input.begin(), input.end(), 0);  // the padding instance
    }
    blake3.witness(input, {z.data() + i * blake3.words(), blake3.words()});
  }
  blake3.output({z.data() + (kCount - 1) * blake3.words(), blake3.words()}, tail);
  const Bytes broken = boolean::detail::prove_chain_bits(blake3, kCount, z, head, tail).value();

  test::TempDir dir("wasm-boolean-chain");
  write_file(dir / "head", head);
  std::vector<std::filesystem::path> files;
  std::vector<std::string> native;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    files.push_back(dir / ("proof-" + std::to_string(i)));
    write_file(files.back(), cases[i].proof);
    native.push_back(wasm_test::verdict(
        boolean::verify_chain(blake3, kCount, head, honest.outputs, cases[i].proof)));
  }
  ASSERT_EQ(native[0], "ok");
  for (std::size_t i = 1; i < cases.size(); ++i) EXPECT_NE(native[i], "ok") << cases[i].name;
  write_file(dir / "tail", honest.outputs);
  std::vector<std::string> wasm =
      wasm_verdicts(files, "--boolean-blake3-chain " + std::to_string(kCount) + " '" +
                               (dir / "head").string() + "' '" + (dir / "tail").string() + "'");
  ASSERT_EQ(wasm.size(), cases.size());
  for (std::size_t i = 0; i < cases.size(); ++i) EXPECT_EQ(wasm[i], native[i]) << cases[i].name;

  // The broken chain, against its own tail.
  write_file(dir / "broken", broken);
  write_file(dir / "broken-tail", tail);
  const std::string native_broken =
      wasm_test::verdict(boolean::verify_chain(blake3, kCount, head, tail, broken));
  EXPECT_NE(native_broken, "ok");
  wasm = wasm_verdicts({dir / "broken"}, "--boolean-blake3-chain " + std::to_string(kCount) + " '" +
                                             (dir / "head").string() + "' '" +
                                             (dir / "broken-tail").string() + "'");
  ASSERT_EQ(wasm.size(), 1u);
  EXPECT_EQ(wasm[0], native_broken);
}

}  // namespace
}  // namespace merkleforge
