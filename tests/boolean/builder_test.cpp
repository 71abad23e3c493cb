// The public circuit builder (boolean/builder.hpp): every operation against plain C++ on random
// words, its misuses, its layout, the witness check that names a false gate, a cheating prover
// past that check, and the circuits written with it against the hash layer and the published
// BLAKE3 vectors.
#include "merkleforge/boolean/builder.hpp"

#include <gtest/gtest.h>

#include <array>
#include <bit>
#include <random>
#include <vector>

#include "merkleforge/boolean/prover.hpp"
#include "merkleforge/hash/blake3.hpp"
#include "merkleforge/hash/sha256.hpp"
#include "pipeline.hpp"
#include "support/vectors.hpp"
#include "walks_support.hpp"

namespace merkleforge::boolean {
namespace {

std::uint64_t mask(unsigned width) {
  return width == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << width) - 1;
}

/// `width` bits at bit `position` of little-endian bytes.
std::uint64_t read_bits(ByteSpan bytes, std::size_t position, unsigned width) {
  std::uint64_t value = 0;
  for (unsigned i = 0; i < width; ++i) {
    const std::size_t at = position + i;
    value |= std::uint64_t{(bytes[at / 8] >> (at % 8)) & 1u} << i;
  }
  return value;
}

void write_bits(Bytes& bytes, std::size_t position, std::uint64_t value, unsigned width) {
  for (unsigned i = 0; i < width; ++i) {
    const std::size_t at = position + i;
    bytes[at / 8] = static_cast<std::uint8_t>(bytes[at / 8] | ((value >> i) & 1u) << (at % 8));
  }
}

Bytes outputs_of(const Circuit& circuit, ByteSpan input) {
  const Words z = test::witness_of(circuit, input);
  Bytes out(circuit.output_bytes());
  circuit.output(z, out);
  return out;
}

/// One circuit per width with every operation's result as an output, against the same
/// operations on uint64_t.
TEST(CircuitBuilder, EveryOperationIsThePlainOne) {
  std::mt19937_64 rng(41);
  for (unsigned width : {1u, 5u, 8u, 31u, 32u, 63u, 64u}) {
    const unsigned shift = width == 1 ? 0 : static_cast<unsigned>(rng() % width);
    const unsigned low = width / 3, taken = width - low;
    CircuitBuilder b("ops" + std::to_string(width));
    const Wire x = b.input(width), y = b.input(width), c = b.input(1);
    const std::uint64_t k = rng() & mask(width);
    const std::vector<Wire> results = {b.bit_xor(x, y),
                                       b.bit_and(x, y),
                                       b.bit_or(x, y),
                                       b.bit_not(x),
                                       b.shl(x, shift),
                                       b.shr(x, shift),
                                       b.rotl(x, shift),
                                       b.rotr(x, shift),
                                       b.add(x, y),
                                       b.select(c, x, y),
                                       b.equal(x, y),
                                       b.equal(x, x),
                                       b.slice(x, low, taken),
                                       b.broadcast(c, width),
                                       b.add(x, b.constant(k, width)),
                                       b.concat(b.slice(x, 0, 1), b.slice(y, 0, 1))};
    std::vector<Wire> all = results;
    if (2 * width <= 64) all.push_back(b.mul(x, y));  // checked in the exponent by the engine
    b.assert_zero(b.bit_and(x, b.bit_not(x)));        // a constraint that holds
    for (const Wire w : all) b.output(w);
    auto circuit = std::move(b).build();
    ASSERT_TRUE(circuit) << circuit.error().message;
    for (int trial = 0; trial < 20; ++trial) {
      std::uint64_t xv = rng() & mask(width), yv = rng() & mask(width);
      if (trial == 1) yv = xv;                   // equal must say 1 somewhere
      if (trial == 2) xv = mask(width), yv = 1;  // the longest carry chain
      const unsigned cv = trial % 2;
      Bytes input(circuit->input_bytes());
      write_bits(input, 0, xv, width);
      write_bits(input, width, yv, width);
      write_bits(input, 2 * width, cv, 1);
      const auto rotl = [&](std::uint64_t v, unsigned s) {
        return s == 0 ? v : ((v << s) | (v >> (width - s))) & mask(width);
      };
      const std::vector<std::uint64_t> expected = {xv ^ yv,
                                                   xv & yv,
                                                   xv | yv,
                                                   ~xv & mask(width),
                                                   (xv << shift) & mask(width),
                                                   xv >> shift,
                                                   rotl(xv, shift),
                                                   rotl(xv, (width - shift) % width),
                                                   (xv + yv) & mask(width),
                                                   cv ? xv : yv,
                                                   xv == yv ? 1u : 0u,
                                                   1,
                                                   (xv >> low) & mask(taken),
                                                   cv ? mask(width) : 0,
                                                   (xv + k) & mask(width),
                                                   (xv & 1) | (yv & 1) << 1};
      std::vector<std::uint64_t> expected_all = expected;
      if (2 * width <= 64) expected_all.push_back(xv * yv);
      const Bytes out = outputs_of(*circuit, input);
      std::size_t position = 0;
      for (std::size_t r = 0; r < all.size(); ++r) {
        EXPECT_EQ(read_bits(out, position, all[r].width()), expected_all[r])
            << "width " << width << ", result " << r << ", trial " << trial;
        position += all[r].width();
      }
      EXPECT_TRUE(test::failing_rows(*circuit, test::witness_of(*circuit, input)).empty());
    }
    test::expect_adjoint(*circuit, test::witness_of(*circuit, Bytes(circuit->input_bytes())), rng);
    Words any(circuit->words());
    for (auto& word : any) word = rng();
    test::expect_adjoint(*circuit, any, rng);
  }
}

TEST(CircuitBuilder, BigEndianWordsKeepTheirBytesInOrder) {
  CircuitBuilder b("endian");
  const Wire x = b.input(32, ByteOrder::big);
  b.output(b.add(x, b.constant(1, 32)), ByteOrder::big);
  b.output(x);  // little-endian: the bytes reversed
  auto circuit = std::move(b).build();
  ASSERT_TRUE(circuit);
  const Bytes out = outputs_of(*circuit, Bytes{0x01, 0x02, 0x03, 0xff});
  EXPECT_EQ(out, (Bytes{0x01, 0x02, 0x04, 0x00, 0xff, 0x03, 0x02, 0x01}));
}

TEST(CircuitBuilder, MisusesAreReportedByBuildNamingTheOperation) {
  const auto error_of = [](auto&& make) {
    CircuitBuilder b("misuse");
    make(b);
    auto built = std::move(b).build();
    return built ? std::string("built") : built.error().message;
  };
  EXPECT_NE(error_of([](CircuitBuilder& b) {
              b.output(b.bit_xor(b.input(32), b.input(8)));
            }).find("operation 2: xor of 32 bits and 8 bits"),
            std::string::npos);
  EXPECT_NE(error_of([](CircuitBuilder& b) {
              b.output(b.rotr(b.input(32), 32));
            }).find("rotr by 32 of a word of 32 bits"),
            std::string::npos);
  EXPECT_NE(error_of([](CircuitBuilder& b) {
              b.input(4);
              b.output(b.input(8, ByteOrder::big));
            }).find("big-endian input of 8 bits at bit 4"),
            std::string::npos);
  EXPECT_NE(error_of([](CircuitBuilder& b) {
              b.output(b.bit_not(Wire()));
            }).find("not of a wire that this builder did not make"),
            std::string::npos);
  EXPECT_NE(error_of([](CircuitBuilder& b) { b.output(b.constant(256, 8)); }).find("constant 256"),
            std::string::npos);
  EXPECT_NE(error_of([](CircuitBuilder& b) { b.input(0); }).find("input of 0 bits"),
            std::string::npos);
  EXPECT_NE(error_of([](CircuitBuilder& b) { b.input(8); }).find("has no outputs"),
            std::string::npos);
  EXPECT_NE(error_of([](CircuitBuilder& b) {
              const Wire x = b.input(64);
              b.output(b.concat(x, x));
            }).find("concat of 128 bits"),
            std::string::npos);
  EXPECT_NE(error_of([](CircuitBuilder& b) {
              b.output(b.mul(b.input(64), b.input(8)));
            }).find("mul of 72 bits (at most 64: mul_wide for more)"),
            std::string::npos);
  EXPECT_NE(error_of([](CircuitBuilder& b) {
              b.output(b.mul_wide(b.input(32), b.input(8)).first);
            }).find("mul_wide of 40 bits (more than 64: mul for fewer)"),
            std::string::npos);
  EXPECT_NE(error_of([](CircuitBuilder& b) {
              const Wire x = b.input(16);
              b.output(b.mul(x, x));
              b.output(b.mul(x, b.input(8)));
            }).find("one shape of mul per circuit"),
            std::string::npos);
  EXPECT_NE(error_of([](CircuitBuilder& b) {
              const Wire x = b.input(64);
              for (int i = 0; i < 300000; ++i) b.bit_and(x, x);
              b.output(x);
            }).find("needs 2^25 committed bits"),
            std::string::npos);
}

TEST(CircuitBuilder, LayoutIsInputsThenGatesThenTheOutputSlot) {
  CircuitBuilder b("layout");
  const Wire x = b.input(32), y = b.input(32);
  const Wire sum = b.add(x, y);         // bits 64 … 94
  const Wire both = b.bit_and(x, sum);  // bits 95 … 126
  b.output(both);
  auto circuit = std::move(b).build();
  ASSERT_TRUE(circuit);
  EXPECT_EQ(circuit->input_bytes(), 8u);
  EXPECT_EQ(circuit->gate_bits(), 31u + 32u);
  EXPECT_EQ(circuit->log_bits(), 9u);  // the engine's minimum
  EXPECT_EQ(circuit->output_log_bits(), 5u);
  EXPECT_EQ(circuit->output_offset(), 512u - 32u);
  EXPECT_EQ(circuit->row_name(3), "input bit 3");
  EXPECT_EQ(circuit->row_name(64), "operation 2 (add, 32 bits), bit 0");
  EXPECT_EQ(circuit->row_name(126), "operation 3 (and, 32 bits), bit 31");
  EXPECT_EQ(circuit->row_name(127), "padding bit 127");
  EXPECT_EQ(circuit->row_name(500), "output slot bit 20");
}

/// A circuit whose witness is wrong at one gate of one instance: the builder's circuit with one
/// committed bit flipped when the input's first byte is 0x5a.
class WrongGate final : public Circuit {
 public:
  WrongGate(const Circuit& inner, std::size_t bit) : inner_(inner), bit_(bit) {}
  std::string_view name() const noexcept override { return inner_.name(); }
  unsigned log_bits() const noexcept override { return inner_.log_bits(); }
  std::size_t input_bytes() const noexcept override { return inner_.input_bytes(); }
  std::size_t output_bytes() const noexcept override { return inner_.output_bytes(); }
  unsigned output_log_bits() const noexcept override { return inner_.output_log_bits(); }
  std::size_t output_offset() const noexcept override { return inner_.output_offset(); }
  void witness(ByteSpan input, std::span<std::uint64_t> z) const override {
    inner_.witness(input, z);
    if (input[0] == 0x5a) z[bit_ / 64] ^= std::uint64_t{1} << (bit_ % 64);
  }
  void place_inputs(ByteSpan input, std::span<std::uint64_t> region) const override {
    inner_.place_inputs(input, region);
  }
  void output(std::span<const std::uint64_t> z, std::span<std::uint8_t> out) const override {
    inner_.output(z, out);
  }
  void operands(std::span<const std::uint64_t> z, std::span<std::uint64_t> a,
                std::span<std::uint64_t> b) const override {
    inner_.operands(z, a, b);
  }
  B128P transpose(std::span<const B128P> wa, std::span<const B128P> wb,
                  std::span<B128P> columns) const override {
    return inner_.transpose(wa, wb, columns);
  }
  std::string row_name(std::size_t row) const override { return inner_.row_name(row); }

 private:
  const Circuit& inner_;
  std::size_t bit_;
};

TEST(CircuitBuilder, AFalseGateIsNamedByTheWitnessCheckAndRejectedPastIt) {
  const Circuit& blake3 = blake3_circuit();
  const std::size_t bit = 8 * blake3.input_bytes() + 40;  // the first addition's bit 9
  const WrongGate wrong(blake3, bit);
  std::mt19937_64 rng(42);
  Bytes inputs = test::random_bytes(4 * blake3.input_bytes(), rng);
  for (std::size_t i = 0; i < 4; ++i) inputs[i * blake3.input_bytes()] = i == 2 ? 0x5a : 0;
  auto refused = prove(wrong, 4, inputs);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, Errc::invalid_argument);
  EXPECT_NE(refused.error().message.find("instance 2 is false at operation"), std::string::npos)
      << refused.error().message;
  EXPECT_NE(refused.error().message.find("(add, 32 bits), bit 9"), std::string::npos)
      << refused.error().message;

  // The same false witness, proved without the check: the verifier rejects it.
  const std::size_t words = blake3.words();
  std::vector<std::uint64_t> z(4 * words);
  Bytes outputs(4 * blake3.output_bytes());
  for (std::size_t i = 0; i < 4; ++i) {
    const auto instance = std::span(z).subspan(i * words, words);
    wrong.witness(ByteSpan(inputs).subspan(i * blake3.input_bytes(), blake3.input_bytes()),
                  instance);
    blake3.output(instance, std::span(outputs).subspan(32 * i, 32));
  }
  auto proof = detail::prove_bits(blake3, 4, z, outputs);
  ASSERT_TRUE(proof) << proof.error().message;
  const Status verdict = verify(blake3, 4, outputs, *proof);
  ASSERT_FALSE(verdict.ok());
  EXPECT_EQ(verdict.error().code, Errc::corrupt_data);
}

std::uint32_t load_be32(const std::uint8_t* p) {
  return std::uint32_t{p[0]} << 24 | std::uint32_t{p[1]} << 16 | std::uint32_t{p[2]} << 8 | p[3];
}

TEST(BuilderCircuits, Sha256IsTheHashLayersCompressionAndTheHandWrittenCircuits) {
  std::mt19937_64 rng(43);
  for (int trial = 0; trial < 8; ++trial) {
    const Bytes input = test::random_bytes(96, rng);
    std::array<std::uint32_t, 8> state;
    for (unsigned i = 0; i < 8; ++i) state[i] = load_be32(&input[4 * i]);
    Sha256::compress(state, &input[32]);
    Bytes expected;
    for (const std::uint32_t word : state) {
      for (int byte = 3; byte >= 0; --byte)
        expected.push_back(static_cast<std::uint8_t>(word >> (8 * byte)));
    }
    EXPECT_EQ(outputs_of(sha256_builder_circuit(), input), expected);
    EXPECT_EQ(outputs_of(sha256_circuit(), input), expected);
  }
}

/// BLAKE3's IV as compression input words (the paper's IV, little-endian bytes).
Bytes blake3_iv() {
  constexpr std::array<std::uint32_t, 8> iv = {0x6A09E667, 0xBB67AE85, 0x3C6EF372, 0xA54FF53A,
                                               0x510E527F, 0x9B05688C, 0x1F83D9AB, 0x5BE0CD19};
  Bytes bytes;
  for (const std::uint32_t word : iv) {
    for (int byte = 0; byte < 4; ++byte)
      bytes.push_back(static_cast<std::uint8_t>(word >> (8 * byte)));
  }
  return bytes;
}

/// The compression input of a one-block message (≤ 64 bytes) as the root: flags CHUNK_START |
/// CHUNK_END | ROOT.
Bytes one_block_input(ByteSpan message) {
  Bytes input = blake3_iv();
  Bytes block(64);
  std::copy(message.begin(), message.end(), block.begin());
  input.insert(input.end(), block.begin(), block.end());
  input.resize(input.size() + 8);  // counter 0
  input.push_back(static_cast<std::uint8_t>(message.size()));
  input.resize(input.size() + 3);
  input.push_back(1 | 2 | 8);
  input.resize(input.size() + 3);
  return input;
}

TEST(BuilderCircuits, Blake3GivesThePublishedDigestsOfOneBlockMessages) {
  const auto json = merkleforge::test::load_vectors("hash/blake3_test_vectors.json");
  int checked = 0;
  for (const auto& c : json.at("cases")) {
    const std::size_t length = c.at("input_len").get<std::size_t>();
    if (length > 64) continue;
    Bytes message(length);
    for (std::size_t i = 0; i < length; ++i) message[i] = static_cast<std::uint8_t>(i % 251);
    const Bytes expected =
        merkleforge::test::hex_bytes(c.at("hash").get<std::string>().substr(0, 64));
    EXPECT_EQ(outputs_of(blake3_circuit(), one_block_input(message)), expected) << length;
    ++checked;
  }
  EXPECT_GE(checked, 10);
  std::mt19937_64 rng(44);
  for (std::size_t length : {0u, 1u, 33u, 64u}) {  // and the hash layer on random messages
    const Bytes message = test::random_bytes(length, rng);
    const Digest32 digest = Blake3::digest(message);
    EXPECT_EQ(outputs_of(blake3_circuit(), one_block_input(message)),
              Bytes(digest.begin(), digest.end()));
  }
}

/// Linear operations used once by linear operations are folded into one step of the forward
/// walk: chains of them, with terms that cancel, against plain C++ and the backward walk.
TEST(CircuitBuilder, ChainsOfLinearOperationsAreThePlainOnes) {
  std::mt19937_64 rng(43);
  for (unsigned width : {5u, 32u, 64u}) {
    const unsigned s = 1 + static_cast<unsigned>(rng() % (width - 1)), t = width / 2;
    const std::uint64_t k = rng() & mask(width);
    CircuitBuilder b("chains" + std::to_string(width));
    const Wire x = b.input(width), y = b.input(width);
    const Wire mixed = b.rotl(b.shr(b.bit_xor(b.bit_not(x), b.shl(y, s)), t), s);
    b.output(b.bit_xor(b.bit_xor(mixed, b.constant(k, width)), b.rotr(b.rotl(x, s), s)));
    b.output(b.bit_xor(b.rotl(y, s), b.rotr(y, width - s)));  // cancels to zero
    b.output(b.add(b.bit_xor(b.rotr(x, t), b.shr(x, s)), y));
    auto circuit = std::move(b).build();
    ASSERT_TRUE(circuit) << circuit.error().message;
    const auto rotl = [&](std::uint64_t v, unsigned r) {
      return r == 0 ? v : ((v << r) | (v >> (width - r))) & mask(width);
    };
    for (int trial = 0; trial < 10; ++trial) {
      const std::uint64_t xv = rng() & mask(width), yv = rng() & mask(width);
      Bytes input(circuit->input_bytes());
      write_bits(input, 0, xv, width);
      write_bits(input, width, yv, width);
      const std::uint64_t mixed_v = rotl(((~xv ^ yv << s) & mask(width)) >> t, s);
      const Bytes out = outputs_of(*circuit, input);
      EXPECT_EQ(read_bits(out, 0, width), mixed_v ^ k ^ xv) << "width " << width;
      EXPECT_EQ(read_bits(out, width, width), 0u) << "width " << width;
      EXPECT_EQ(read_bits(out, 2 * width, width),
                ((rotl(xv, width - t) ^ xv >> s) + yv) & mask(width))
          << "width " << width;
      EXPECT_TRUE(test::failing_rows(*circuit, test::witness_of(*circuit, input)).empty());
    }
    Words any(circuit->words());
    for (auto& word : any) word = rng();
    test::expect_adjoint(*circuit, any, rng);
  }
}

TEST(BuilderCircuits, U32OperationsAreThePlainOnes) {
  std::mt19937_64 rng(45);
  const Bytes input = test::random_bytes(8 * kU32OpsPerInstance, rng);
  for (const char* name : {"u32add", "u32xor", "u32and", "u32or"}) {
    const Circuit& circuit = *find_circuit(name);
    ASSERT_EQ(circuit.input_bytes(), input.size());
    const Bytes out = outputs_of(circuit, input);
    for (std::size_t j = 0; j < kU32OpsPerInstance; ++j) {
      const std::uint32_t x = load_be32(&input[8 * j]), y = load_be32(&input[8 * j + 4]);
      const std::string op(name);
      const std::uint32_t z = op == "u32add"   ? x + y
                              : op == "u32xor" ? x ^ y
                              : op == "u32and" ? x & y
                                               : x | y;
      EXPECT_EQ(load_be32(&out[4 * j]), z) << name << " " << j;
    }
  }
}

std::uint64_t load_be64(const std::uint8_t* p) {
  return std::uint64_t{load_be32(p)} << 32 | load_be32(p + 4);
}

/// Makes every row of z hold again after a cheat, except the assertions' (which a cheat cannot
/// satisfy) and the rows in `kept`: z_j := a_j·b_j, repeated until nothing changes (the circuit
/// is acyclic, so each pass settles one more level).
void satisfy_rows_but_assertions(const Circuit& circuit, std::span<std::uint64_t> z,
                                 const std::vector<std::size_t>& kept) {
  const std::size_t rows = std::size_t{1} << circuit.log_bits();
  std::vector<bool> fixed(rows);
  for (std::size_t j = 0; j < rows; ++j) {
    fixed[j] = circuit.row_name(j).find("assert_zero") != std::string::npos;
  }
  for (const std::size_t j : kept) fixed[j] = true;
  for (bool changed = true; changed;) {
    changed = false;
    Words a(z.size()), b(z.size());
    circuit.operands(z, a, b);
    for (std::size_t j = 0; j < rows; ++j) {
      const std::uint64_t want = (a[j / 64] & b[j / 64]) >> (j % 64) & 1;
      if (fixed[j] || ((z[j / 64] >> (j % 64)) & 1) == want) continue;
      z[j / 64] ^= std::uint64_t{1} << (j % 64);
      changed = true;
    }
  }
}

/// The rows of a single instance that fail, by name.
std::vector<std::string> failing_row_names(const Circuit& circuit, const Words& z) {
  std::vector<std::string> names;
  for (const std::size_t row : test::failing_rows(circuit, z))
    names.push_back(circuit.row_name(row));
  return names;
}

// Multiplication (builder `mul`, checked in the exponent): the products against C++, edges
// included; honest proofs verify. Cheating provers through the real pipeline, every rank-1 row
// made to hold: a false product is caught by the exponent check alone, and the all-ones product
// of a zero factor (congruent to 0, so the exponent check passes) by the assertion alone.
/// z with slot `slot`'s product field (`width` bits at 2S in the slot) set to `product` and every
/// row but the assertions' satisfied again, and the outputs it gives.
std::pair<Words, Bytes> with_product(const Circuit& c, const Words& honest, std::size_t slot,
                                     binius::uint128 product, unsigned width) {
  const MulRegion region = *c.mul_region();
  const std::size_t first = region.offset + (slot << region.slot_log_bits) +
                            (std::size_t{1} << (region.slot_log_bits - 1));  // 2S
  Words z = honest;
  std::vector<std::size_t> kept;
  for (unsigned bit = 0; bit < width; ++bit) {
    const std::size_t at = first + bit;
    const std::uint64_t value = static_cast<std::uint64_t>(product >> bit) & 1;
    z[at / 64] = (z[at / 64] & ~(std::uint64_t{1} << (at % 64))) | value << (at % 64);
    kept.push_back(at);
  }
  satisfy_rows_but_assertions(c, z, kept);
  Bytes outputs(c.output_bytes());
  c.output(z, outputs);
  return {z, outputs};
}

/// Two cheating provers on instance 0 of `c`, through the real pipeline: slot 5's product plus
/// one (every row holds; the exponent check rejects it) and slot 0's all-ones product of a zero
/// factor (only the assertion's rows fail; the assertion rejects it).
void expect_false_products_rejected(const Circuit& c, const Bytes& inputs, binius::uint128 product5,
                                    unsigned width) {
  const Words honest = test::witness_of(c, inputs);
  const binius::uint128 ones = width == 128 ? ~binius::uint128{0} : (binius::uint128{1} << width) - 1;
  {
    const auto [z, outputs] = with_product(c, honest, 5, product5 + 1, width);
    EXPECT_TRUE(test::failing_rows(c, z).empty());
    auto false_proof = detail::prove_bits(c, 1, z, outputs);
    ASSERT_TRUE(false_proof) << false_proof.error().message;
    const Status verdict = verify(c, 1, outputs, *false_proof);
    ASSERT_FALSE(verdict.ok());
    EXPECT_EQ(verdict.error().code, Errc::corrupt_data) << verdict.error().message;
  }
  {
    const auto [z, outputs] = with_product(c, honest, 0, ones, width);
    const std::vector<std::string> failing = failing_row_names(c, z);
    ASSERT_FALSE(failing.empty());
    for (const std::string& name : failing) EXPECT_NE(name.find("assert_zero"), std::string::npos);
    auto false_proof = detail::prove_bits(c, 1, z, outputs);
    ASSERT_TRUE(false_proof) << false_proof.error().message;
    const Status verdict = verify(c, 1, outputs, *false_proof);
    ASSERT_FALSE(verdict.ok());
    EXPECT_EQ(verdict.error().code, Errc::corrupt_data) << verdict.error().message;
  }
}

TEST(BuilderCircuits, U32MulIsCheckedInTheExponent) {
  const Circuit& mul = *find_circuit("u32mul");
  ASSERT_TRUE(mul.mul_region());
  std::mt19937_64 rng(47);
  Bytes inputs = test::random_bytes(mul.input_bytes(), rng);
  const std::uint32_t edges[][2] = {{0, 5}, {1, 1}, {0xffffffff, 0xffffffff}, {0x80000000, 2}};
  for (std::size_t e = 0; e < 4; ++e) {
    for (int half = 0; half < 2; ++half) {
      for (int byte = 0; byte < 4; ++byte) {
        inputs[8 * e + 4 * half + byte] =
            static_cast<std::uint8_t>(edges[e][half] >> (8 * (3 - byte)));
      }
    }
  }
  auto proved = prove(mul, 1, inputs);
  ASSERT_TRUE(proved) << proved.error().message;
  for (std::size_t j = 0; j < kU32OpsPerInstance; ++j) {
    const std::uint64_t x = load_be32(&inputs[8 * j]), y = load_be32(&inputs[8 * j + 4]);
    ASSERT_EQ(load_be64(&proved->outputs[8 * j]), x * y) << j;
  }
  EXPECT_TRUE(verify(mul, 1, proved->outputs, proved->proof).ok());
  expect_false_products_rejected(mul, inputs,
                                 std::uint64_t{load_be32(&inputs[40])} * load_be32(&inputs[44]), 64);
}

// u64 × u64 → 128 bits (mul_wide, in B128*): products against C++ 128-bit multiplication, the
// edges included, and the same two cheating provers.
TEST(BuilderCircuits, U64MulIsCheckedInTheExponent) {
  const Circuit& mul = u64mul_circuit();
  ASSERT_TRUE(mul.mul_region());
  std::mt19937_64 rng(48);
  Bytes inputs = test::random_bytes(mul.input_bytes(), rng);
  const std::uint64_t edges[][2] = {
      {0, 5}, {1, 1}, {~std::uint64_t{0}, ~std::uint64_t{0}}, {std::uint64_t{1} << 63, 2}};
  for (std::size_t e = 0; e < 4; ++e) {
    for (int half = 0; half < 2; ++half) {
      for (int byte = 0; byte < 8; ++byte) {
        inputs[16 * e + 8 * half + byte] =
            static_cast<std::uint8_t>(edges[e][half] >> (8 * (7 - byte)));
      }
    }
  }
  auto proved = prove(mul, 1, inputs);
  ASSERT_TRUE(proved) << proved.error().message;
  const auto product_of = [&](std::size_t j) {
    return binius::uint128{load_be64(&inputs[16 * j])} * load_be64(&inputs[16 * j + 8]);
  };
  for (std::size_t j = 0; j < kU32OpsPerInstance; ++j) {
    const binius::uint128 out = binius::make_uint128(load_be64(&proved->outputs[16 * j]),
                                                     load_be64(&proved->outputs[16 * j + 8]));
    ASSERT_TRUE(out == product_of(j)) << j;
  }
  EXPECT_TRUE(verify(mul, 1, proved->outputs, proved->proof).ok());
  // Every bit of a slot is named after its mul, the product's high half at 2S + 64 included.
  const MulRegion region = *mul.mul_region();
  const std::size_t last = region.offset + (std::size_t{1} << region.slot_log_bits) - 1;
  EXPECT_NE(mul.row_name(last).find("(mul"), std::string::npos) << mul.row_name(last);
  expect_false_products_rejected(mul, inputs, product_of(5), 128);
}

TEST(BuilderCircuits, ProofsOfBuiltCircuitsVerify) {
  std::mt19937_64 rng(46);
  for (const Circuit* circuit : {&blake3_circuit(), find_circuit("u32add")}) {
    const Bytes inputs = test::random_bytes(3 * circuit->input_bytes(), rng);
    auto proved = prove(*circuit, 3, inputs);
    ASSERT_TRUE(proved) << proved.error().message;
    for (std::size_t i = 0; i < 3; ++i) {
      const auto output = proved->outputs.begin() + i * circuit->output_bytes();
      EXPECT_EQ(Bytes(output, output + circuit->output_bytes()),
                outputs_of(*circuit, ByteSpan(inputs).subspan(i * circuit->input_bytes(),
                                                              circuit->input_bytes())))
          << circuit->name();
    }
    EXPECT_TRUE(verify(*circuit, 3, proved->outputs, proved->proof).ok()) << circuit->name();
    Bytes other = proved->outputs;
    other[5] ^= 1;
    EXPECT_FALSE(verify(*circuit, 3, other, proved->proof).ok()) << circuit->name();
  }
}

}  // namespace
}  // namespace merkleforge::boolean
