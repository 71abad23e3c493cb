// `mforge zk` as scripts use it: prove writes a proof and a statement that verify accepts (exit 0);
// another seed's statement, a changed public output, another count or a proof of another circuit
// is invalid (exit 1); bytes that are not a proof, a statement of another circuit than the one
// named and bad input lines are malformed (exit 2); --inputs instances give the outputs computed
// here.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "cli_support.hpp"
#include "merkleforge/binius/tower.hpp"

namespace merkleforge::test {
namespace {

namespace fs = std::filesystem;

// FIPS 180-4's "abc": the initial value ‖ the one padded block (an --inputs line of sha256).
constexpr const char* kAbcInput =
    "6a09e667bb67ae853c6ef372a54ff53a510e527f9b05688c1f83d9ab5be0cd19"
    "6162638000000000000000000000000000000000000000000000000000000000"
    "0000000000000000000000000000000000000000000000000000000000000018\n";

class ZkCli : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("mf_zk_cli_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  CommandOutput prove(const std::string& circuit, const std::string& source,
                      const std::string& tag) {
    return run_mforge("zk prove " + circuit + " " + source + " --proof " + path(tag + ".proof") +
                      " --statement " + path(tag + ".json"));
  }
  CommandOutput verify(const std::string& circuit, const std::string& proof,
                       const std::string& statement) {
    return run_mforge("zk verify " + circuit + " --proof " + path(proof) + " --statement " +
                      path(statement));
  }
  static std::string read(const std::string& file) {
    std::ifstream in(file, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  }
  static void write(const std::string& file, const std::string& text) {
    std::ofstream(file, std::ios::binary) << text;
  }

 private:
  fs::path dir_;
};

/// The 16 bytes of a hex string's `offset`-th 8-byte half as a big-endian number.
std::uint64_t be64_at(const std::string& hex, std::size_t half) {
  return std::stoull(hex.substr(16 * half, 16), nullptr, 16);
}

// u64mul, which only the Boolean engine proves: the products against C++ 128-bit multiplication
// of the statement's public inputs, an edited product refused, and the first engine or a count
// other than a multiple of 64 refused as usage errors.
TEST_F(ZkCli, U64MulOnTheBooleanEngine) {
  ASSERT_EQ(prove("u64mul", "--count 64 --seed 5 --public-inputs", "w").exit_code, 0);
  const nlohmann::json doc = nlohmann::json::parse(read(path("w.json")));
  EXPECT_EQ(doc["engine"], "boolean");
  ASSERT_EQ(doc["public_outputs"].size(), 64u);
  for (std::size_t i = 0; i < 64; ++i) {
    const std::string in = doc["public_inputs"][i], out = doc["public_outputs"][i];
    const binius::uint128 product = binius::uint128{be64_at(in, 0)} * be64_at(in, 1);
    EXPECT_EQ(be64_at(out, 0), static_cast<std::uint64_t>(product >> 64)) << i;
    EXPECT_EQ(be64_at(out, 1), static_cast<std::uint64_t>(product)) << i;
  }
  EXPECT_EQ(verify("u64mul", "w.proof", "w.json").exit_code, 0);
  std::string edited = read(path("w.json"));
  const std::size_t quote =
      edited.find('"', edited.find('[', edited.find("\"public_outputs\""))) + 1;
  edited[quote + 31] = edited[quote + 31] == '0' ? '1' : '0';  // the first product's last digit
  write(path("edited.json"), edited);
  EXPECT_EQ(verify("u64mul", "w.proof", "edited.json").exit_code, 1);
  EXPECT_EQ(prove("u64mul", "--count 64 --engine v0", "x").exit_code, 2);
  EXPECT_EQ(prove("u64mul", "--count 100", "x").exit_code, 2);
}

// The commitment's profile: the statement names it, verify follows it, and a statement that names
// the other profile does not pass with the proof.
TEST_F(ZkCli, SlimCommitmentIsPartOfTheStatement) {
  ASSERT_EQ(prove("keccakf", "--count 2 --seed 3", "fast").exit_code, 0);
  const auto slim = prove("keccakf", "--count 2 --seed 3 --commitment slim", "slim");
  ASSERT_EQ(slim.exit_code, 0) << slim.err;
  const nlohmann::json doc = nlohmann::json::parse(read(path("slim.json")));
  EXPECT_EQ(doc["commitment"], "slim");
  EXPECT_GE(doc["security_bits"].get<double>(), 100.0);
  EXPECT_LT(doc["interactive_security_bits"].get<double>(), 100.0);
  EXPECT_LT(read(path("slim.proof")).size(), read(path("fast.proof")).size());
  EXPECT_EQ(verify("keccakf", "slim.proof", "slim.json").exit_code, 0);
  std::string edited = read(path("slim.json"));
  edited.replace(edited.find("\"slim\""), 6, "\"fast\"");
  write(path("as_fast.json"), edited);
  EXPECT_NE(verify("keccakf", "slim.proof", "as_fast.json").exit_code, 0);
  edited.replace(edited.find("\"fast\""), 6, "\"tiny\"");
  write(path("unknown.json"), edited);
  EXPECT_EQ(verify("keccakf", "slim.proof", "unknown.json").exit_code, 2);
  EXPECT_NE(verify("keccakf", "fast.proof", "slim.json").exit_code, 0);
  EXPECT_EQ(prove("keccakf", "--count 2 --engine v0 --commitment slim", "x").exit_code, 2);
  EXPECT_EQ(prove("keccakf", "--count 2 --commitment tiny", "x").exit_code, 2);
}

TEST_F(ZkCli, ProveVerifyAndOtherStatements) {
  for (const std::string circuit :
       {"u32add", "u32mul", "keccakf", "sha256", "groestlp", "vision32"}) {
    const std::string count = circuit == "u32add" || circuit == "u32mul" ? "100" : "2";
    const auto a = prove(circuit, "--count " + count + " --seed 7", "a");
    ASSERT_EQ(a.exit_code, 0) << a.err;
    EXPECT_NE(a.out.find("witness: "), std::string::npos);
    EXPECT_NE(a.out.find("prove: "), std::string::npos);
    EXPECT_NE(a.out.find("proof: "), std::string::npos);
    EXPECT_EQ(verify(circuit, "a.proof", "a.json").exit_code, 0) << circuit;
    ASSERT_EQ(prove(circuit, "--count " + count + " --seed 8", "b").exit_code, 0);
    EXPECT_EQ(verify(circuit, "a.proof", "b.json").exit_code, 1) << circuit;

    std::string statement = read(path("a.json"));
    const std::size_t first = statement.find("\"public_outputs\"");
    const std::size_t quote = statement.find('"', statement.find('[', first)) + 1;
    statement[quote] = statement[quote] == '0' ? '1' : '0';  // one public output changed
    write(path("changed.json"), statement);
    EXPECT_EQ(verify(circuit, "a.proof", "changed.json").exit_code, 1) << circuit;

    std::string proof = read(path("a.proof"));
    proof[proof.size() / 2] ^= 0x01;
    write(path("corrupt.proof"), proof);
    EXPECT_NE(verify(circuit, "corrupt.proof", "a.json").exit_code, 0) << circuit;
    write(path("short.proof"), proof.substr(0, 7));
    EXPECT_EQ(verify(circuit, "short.proof", "a.json").exit_code, 2) << circuit;
  }
  EXPECT_EQ(verify("u32xor", "a.proof", "a.json").exit_code, 2);  // a keccakf statement
  write(path("bad.json"), "{\"circuit\": \"keccakf\"}");
  EXPECT_EQ(verify("keccakf", "a.proof", "bad.json").exit_code, 2);
}

/// The statement of `json` with one more public output appended and the count raised by one.
std::string with_extra_output(const std::string& json, const std::string& output) {
  std::string out = json;
  const std::size_t count_at = out.find("\"count\"");
  const std::size_t digits = out.find_first_of("0123456789", count_at);
  const std::size_t end = out.find_first_not_of("0123456789", digits);
  out.replace(digits, end - digits,
              std::to_string(std::stoul(out.substr(digits, end - digits)) + 1));
  const std::size_t close = out.find(']', out.find("\"public_outputs\""));
  out.insert(close, ", \"" + output + "\"");
  return out;
}

// Padding to a power of two must not let a proof of 3 instances pass for 4 with the padding's
// image appended (the count is part of the statement), and a well-formed proof of one circuit is
// invalid for another (exit 1), never "malformed" (2 is for bytes that are not a proof at all).
TEST_F(ZkCli, CountAndCircuitAreBound) {
  ASSERT_EQ(prove("u32xor", "--count 3 --seed 5", "xor").exit_code, 0);
  write(path("xor4.json"), with_extra_output(read(path("xor.json")), "00000000"));
  EXPECT_EQ(verify("u32xor", "xor.proof", "xor4.json").exit_code, 1) << read(path("xor4.json"));
  // SHA-256 pads with the zero input, whose image the statement of 2 would then carry.
  write(path("zero.txt"), std::string(2 * 96, '0') + "\n");
  ASSERT_EQ(prove("sha256", "--count 1 --inputs " + path("zero.txt"), "zero").exit_code, 0);
  const std::string zero = read(path("zero.json"));
  const std::size_t at = zero.find('"', zero.find('[', zero.find("\"public_outputs\""))) + 1;
  const std::string zero_image = zero.substr(at, 64);
  ASSERT_EQ(prove("sha256", "--count 1 --seed 5", "one").exit_code, 0);
  write(path("two.json"), with_extra_output(read(path("one.json")), zero_image));
  EXPECT_EQ(verify("sha256", "one.proof", "two.json").exit_code, 1);

  ASSERT_EQ(prove("u32and", "--count 3 --seed 5", "and").exit_code, 0);
  ASSERT_EQ(prove("u32add", "--count 3 --seed 5", "add").exit_code, 0);
  EXPECT_EQ(verify("u32and", "xor.proof", "and.json").exit_code, 1);
  EXPECT_EQ(verify("u32xor", "add.proof", "xor.json").exit_code, 1);
  EXPECT_EQ(verify("u32add", "and.proof", "add.json").exit_code, 1);
}

TEST_F(ZkCli, InputsFileInstancesAndTheirOutputs) {
  write(path("in.txt"), "0000000100000002\nffffffff00000001\n80000000 80000000\n");
  EXPECT_EQ(prove("u32add", "--count 3 --inputs " + path("in.txt"), "x").exit_code, 2);  // bad line
  write(path("in.txt"), "0000000100000002\nffffffff00000001\n8000000080000000\n");
  ASSERT_EQ(prove("u32add", "--count 3 --inputs " + path("in.txt"), "x").exit_code, 0);
  const std::string statement = read(path("x.json"));
  const std::size_t at = statement.find("\"public_outputs\"");
  ASSERT_NE(at, std::string::npos);
  const std::string outputs = statement.substr(at, statement.find(']', at) - at);
  EXPECT_NE(outputs.find("\"00000003\""), std::string::npos) << outputs;  // 1 + 2
  EXPECT_NE(outputs.find("\"00000000\""), std::string::npos) << outputs;  // 2^32 wraps to 0
  EXPECT_EQ(verify("u32add", "x.proof", "x.json").exit_code, 0);
  EXPECT_EQ(prove("u32add", "--count 2 --inputs " + path("in.txt"), "y").exit_code, 2);  // count
  EXPECT_EQ(prove("nosuch", "--count 2", "y").exit_code, 2);
}

TEST_F(ZkCli, Sha256InputOfAbcProvesThePublishedDigest) {
  // FIPS 180-4's "abc": the initial value ‖ the one padded block; the output is the digest.
  write(path("abc.txt"), kAbcInput);
  ASSERT_EQ(prove("sha256", "--count 1 --inputs " + path("abc.txt"), "abc").exit_code, 0);
  EXPECT_NE(read(path("abc.json"))
                .find("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            std::string::npos);
  EXPECT_EQ(verify("sha256", "abc.proof", "abc.json").exit_code, 0);
}

// --public-inputs makes the statement "these blocks give these digests": the inputs are listed
// and bound; changing one, or dropping the list (private inputs), is another statement.
TEST_F(ZkCli, PublicInputsAreListedAndBound) {
  write(path("abc.txt"), kAbcInput);
  ASSERT_EQ(prove("sha256", "--count 1 --inputs " + path("abc.txt") + " --public-inputs", "pub")
                .exit_code,
            0);
  const std::string statement = read(path("pub.json"));
  EXPECT_NE(statement.find("\"public_inputs\""), std::string::npos) << statement;
  EXPECT_NE(statement.find("6a09e667bb67ae85"), std::string::npos) << statement;
  EXPECT_EQ(verify("sha256", "pub.proof", "pub.json").exit_code, 0);
  std::string changed = statement;
  changed.replace(changed.find("616263"), 6, "616264");  // "abd"
  write(path("changed.json"), changed);
  EXPECT_EQ(verify("sha256", "pub.proof", "changed.json").exit_code, 1);
  std::string dropped = statement;
  const std::size_t from = dropped.find("\"public_inputs\"");
  dropped.erase(from, dropped.find(']', from) + 2 - from);
  write(path("dropped.json"), dropped);
  EXPECT_EQ(verify("sha256", "pub.proof", "dropped.json").exit_code, 1) << dropped;
  ASSERT_EQ(prove("u32add", "--count 5 --seed 3 --public-inputs", "add").exit_code, 0);
  EXPECT_EQ(verify("u32add", "add.proof", "add.json").exit_code, 0);
}

TEST_F(ZkCli, DescribeShowsTheSecurity) {
  const auto d = run_mforge("zk describe keccakf --count 8192 --engine v0");
  ASSERT_EQ(d.exit_code, 0) << d.err;
  EXPECT_NE(d.out.find("2^22 rows"), std::string::npos) << d.out;
  // The interactive bound, the round-by-round error and the Fiat–Shamir statement; no claim of
  // zero knowledge (docs/soundness.md).
  for (const char* part :
       {"security (interactive): 100.38 bits", "knowledge soundness",
        "round-by-round: the largest error of one round is 2^-100.44 (pcs queries)",
        "·2^-100.44 + 3·2^(2k - 256)", "2^64 calls 2^-36.44", "not zero-knowledge", "count 8192"}) {
    EXPECT_NE(d.out.find(part), std::string::npos) << part << "\n" << d.out;
  }
  EXPECT_EQ(run_mforge("zk describe u32add --count 0").exit_code, 2);
}

// --engine boolean: the Boolean engine's proof and statement; verify follows the statement's
// engine, and a proof of the other engine is malformed, not merely invalid.
TEST_F(ZkCli, BooleanEngineProvesAndVerifiesKeccakf) {
  const auto a = prove("keccakf", "--count 2 --seed 7 --engine boolean", "a");
  ASSERT_EQ(a.exit_code, 0) << a.err;
  EXPECT_NE(read(path("a.json")).find("\"engine\": \"boolean\""), std::string::npos);
  EXPECT_EQ(verify("keccakf", "a.proof", "a.json").exit_code, 0);
  ASSERT_EQ(prove("keccakf", "--count 2 --seed 7 --engine v0", "v0").exit_code, 0);
  // The default engine for keccakf is the Boolean one.
  ASSERT_EQ(prove("keccakf", "--count 2 --seed 7", "default").exit_code, 0);
  EXPECT_NE(read(path("default.json")).find("\"engine\": \"boolean\""), std::string::npos);
  // The same instances on both engines: the same public outputs.
  const std::string boolean_json = read(path("a.json")), v0_json = read(path("v0.json"));
  const auto outputs = [](const std::string& json) {
    const std::size_t begin = json.find('[', json.find("\"public_outputs\""));
    return json.substr(begin, json.find(']', begin) - begin);
  };
  EXPECT_EQ(outputs(boolean_json), outputs(v0_json));

  std::string statement = boolean_json;
  const std::size_t quote =
      statement.find('"', statement.find('[', statement.find("\"public_outputs\""))) + 1;
  statement[quote] = statement[quote] == '0' ? '1' : '0';
  write(path("changed.json"), statement);
  EXPECT_EQ(verify("keccakf", "a.proof", "changed.json").exit_code, 1);

  const auto other_engine = verify("keccakf", "v0.proof", "a.json");
  EXPECT_EQ(other_engine.exit_code, 2);
  EXPECT_NE(other_engine.err.find("not a proof of the Boolean engine"), std::string::npos)
      << other_engine.err;
  EXPECT_EQ(verify("keccakf", "a.proof", "v0.json").exit_code, 2);
  ASSERT_EQ(prove("keccakf", "--count 3 --engine boolean", "c").exit_code, 0);  // padded to 4
  EXPECT_EQ(verify("keccakf", "c.proof", "c.json").exit_code, 0);
  EXPECT_EQ(prove("u32mul", "--count 2 --engine boolean", "c").exit_code, 2);
  // u32mul on the Boolean engine by default for a multiple of 64, the same products as the first
  // engine's.
  ASSERT_EQ(prove("u32mul", "--count 64 --seed 2", "m").exit_code, 0);
  EXPECT_NE(read(path("m.json")).find("\"engine\": \"boolean\""), std::string::npos);
  EXPECT_EQ(verify("u32mul", "m.proof", "m.json").exit_code, 0);
  ASSERT_EQ(prove("u32mul", "--count 64 --seed 2 --engine v0", "m0").exit_code, 0);
  EXPECT_EQ(read(path("m0.json")).find("\"engine\": \"boolean\""), std::string::npos);
  EXPECT_EQ(nlohmann::json::parse(read(path("m.json")))["public_outputs"],
            nlohmann::json::parse(read(path("m0.json")))["public_outputs"]);
  // u32 operations: 64 per instance, so a multiple of 64 (others go to the first engine).
  EXPECT_EQ(prove("u32add", "--count 100 --engine boolean", "u").exit_code, 2);
  ASSERT_EQ(prove("u32add", "--count 128 --seed 4", "u").exit_code, 0);
  EXPECT_NE(read(path("u.json")).find("\"engine\": \"boolean\""), std::string::npos);
  EXPECT_EQ(verify("u32add", "u.proof", "u.json").exit_code, 0);
  ASSERT_EQ(prove("u32add", "--count 128 --seed 4 --engine v0", "u0").exit_code, 0);
  EXPECT_EQ(verify("u32add", "u0.proof", "u0.json").exit_code, 0);
  EXPECT_EQ(nlohmann::json::parse(read(path("u.json")))["public_outputs"],
            nlohmann::json::parse(read(path("u0.json")))["public_outputs"]);
  const auto sha = prove("sha256", "--count 2 --engine boolean", "s");
  ASSERT_EQ(sha.exit_code, 0) << sha.err;
  EXPECT_EQ(verify("sha256", "s.proof", "s.json").exit_code, 0);
  EXPECT_EQ(prove("keccakf", "--count 2 --engine other", "c").exit_code, 2);

  const auto d = run_mforge("zk describe keccakf --count 8192 --engine boolean");
  ASSERT_EQ(d.exit_code, 0) << d.err;
  for (const char* part : {"merkleforge/boolean/v3", "zerocheck A·B = z (univariate skip)",
                           "lincheck", "outputs on their slots", "knowledge soundness"}) {
    EXPECT_NE(d.out.find(part), std::string::npos) << part << "\n" << d.out;
  }
}

}  // namespace
}  // namespace merkleforge::test
