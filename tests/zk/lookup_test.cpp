// Lasso lookups: honest reads verify with true claims on T, U, R, F; a lookup of a value outside
// the table is rejected, also when it hides behind a zero read timestamp (the non-zero check).
#include "merkleforge/zk/lookup.hpp"

#include <gtest/gtest.h>

#include "merkleforge/zk/prover.hpp"
#include "protocol_support.hpp"

namespace merkleforge::zk::test {
namespace {

using binius::B32;

B32 power(B32 base, std::uint64_t exponent) {
  B32 result = B32::one();
  for (; exponent != 0; exponent >>= 1, base = base * base) {
    if (exponent & 1) result = result * base;
  }
  return result;
}

TEST(Lookup, TimestampGeneratorHasFullOrder) {
  // 2^32 − 1 = 3·5·17·257·65537: α generates B32* iff no α^((2^32−1)/p) is 1.
  const B32 alpha(kLookupGenerator);
  const std::uint64_t order = 0xffffffffULL;
  EXPECT_EQ(power(alpha, order), B32::one());
  for (std::uint64_t p : {3u, 5u, 17u, 257u, 65537u}) {
    EXPECT_NE(power(alpha, order / p), B32::one()) << p;
  }
}

struct Instance {
  std::vector<std::uint32_t> table, lookups;
};

Instance random_instance(std::mt19937_64& rng) {
  Instance inst;
  for (std::uint32_t j = 0; j < 64; ++j) inst.table.push_back(j * 0x9e3779b1u + 7);
  for (int i = 0; i < 128; ++i) inst.lookups.push_back(inst.table[rng() % 64]);
  return inst;
}

ProofTapes prove(const Instance& inst, const LookupWitness& witness) {
  ProverTranscript transcript = prover_transcript();
  auto out = prove_lookup(inst.table, inst.lookups, witness, transcript);
  EXPECT_TRUE(out.ok()) << (out.ok() ? "" : out.error().message);
  return std::move(transcript).finish();
}

Result<LookupClaims> verify(const ProofTapes& tapes) {
  VerifierTranscript transcript = verifier_transcript(tapes);
  auto out = verify_lookup(6, 7, transcript);
  if (out.ok() && !transcript.finish().ok()) return make_error(Errc::malformed_input, "unread");
  return out;
}

std::vector<B128> widen(const std::vector<std::uint32_t>& v) {
  std::vector<B128> out;
  for (const std::uint32_t x : v) out.push_back(B128(x));
  return out;
}

TEST(Lookup, HonestReadsVerifyWithTrueClaims) {
  std::mt19937_64 rng(41);
  const Instance inst = random_instance(rng);
  auto witness = lookup_witness(inst.table, inst.lookups);
  ASSERT_TRUE(witness.ok());
  auto out = verify(prove(inst, *witness));
  ASSERT_TRUE(out.ok()) << out.error().message;
  using Col = LookupClaims::Claim::Column;
  ASSERT_EQ(out->claims.size(), 8u);
  for (const auto& claim : out->claims) {
    const std::vector<B128> values =
        widen(claim.column == Col::table             ? inst.table
              : claim.column == Col::lookups         ? inst.lookups
              : claim.column == Col::read_timestamps ? witness->read_timestamps
                                                     : witness->final_timestamps);
    EXPECT_EQ(claim.value, naive_evaluate(values, claim.point));
  }
}

TEST(Lookup, ValueNotInTheTableIsRejected) {
  std::mt19937_64 rng(42);
  Instance inst = random_instance(rng);
  auto witness = lookup_witness(inst.table, inst.lookups);
  ASSERT_TRUE(witness.ok());
  inst.lookups[17] = 5;  // not a table value; the timestamps stay those of the honest read
  ASSERT_EQ(lookup_witness(inst.table, inst.lookups).error().code, Errc::invalid_argument);
  auto out = verify(prove(inst, *witness));
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.error().code, Errc::corrupt_data);
}

TEST(Lookup, ValueNotInTheTableBehindAZeroTimestampFailsTheNonZeroCheck) {
  // Read timestamp 0 makes the pull (u, 0) and the push (u, α·0) cancel, so the channel balances
  // for any u; only the non-zero check on R stops it.
  std::mt19937_64 rng(43);
  Instance inst = random_instance(rng);
  auto honest = lookup_witness(inst.table, inst.lookups);
  ASSERT_TRUE(honest.ok());
  // Drop lookup 17 from the honest reads, then make it a free read of a foreign value.
  inst.lookups[17] = 5;
  std::vector<std::uint32_t> others = inst.lookups;
  others[17] = inst.table[0];
  LookupWitness forged{std::vector<std::uint32_t>(inst.lookups.size()),
                       std::vector<std::uint32_t>(inst.table.size(), 1)};
  for (std::size_t i = 0; i < others.size(); ++i) {
    if (i == 17) continue;
    std::size_t j = 0;
    while (inst.table[j] != others[i]) ++j;
    forged.read_timestamps[i] = forged.final_timestamps[j];
    forged.final_timestamps[j] = (B32(forged.final_timestamps[j]) * B32(kLookupGenerator)).value();
  }
  forged.read_timestamps[17] = 0;
  auto out = verify(prove(inst, forged));
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.error().code, Errc::corrupt_data);
  EXPECT_NE(out.error().message.find("non-zero"), std::string::npos) << out.error().message;
}

// A cheating prover that runs the lookup's channel with every timestamp α times the honest one, so
// that the table's initial timestamps are α instead of 1: the channel still balances (push (T, α),
// (U, α·R'), pull (U, R'), (T, F') with R' = α·R, F' = α·F) and R' is non-zero, so only the check
// that the constant column's claim is 1 rejects it.
TEST(Lookup, InitialTimestampsOtherThanOneAreRejected) {
  std::mt19937_64 rng(44);
  const Instance inst = random_instance(rng);
  const LookupWitness honest = lookup_witness(inst.table, inst.lookups).value();
  const auto times_alpha = [](const std::vector<std::uint32_t>& v) {
    std::vector<std::uint32_t> out;
    for (const std::uint32_t x : v) out.push_back((B32(x) * B32(kLookupGenerator)).value());
    return out;
  };
  const std::vector<std::uint32_t> reads = times_alpha(honest.read_timestamps);
  const std::vector<std::uint32_t> writes = times_alpha(reads);
  const std::vector<std::uint32_t> finals = times_alpha(honest.final_timestamps);
  const std::vector<std::uint32_t> initial(inst.table.size(), kLookupGenerator);

  ProverTranscript transcript = prover_transcript();
  // The lookup's own framing (src/zk/lookup_common.hpp): its phase, then n_T and n_U as 8 bytes.
  transcript.begin_phase("zk/lookup");
  for (const std::uint8_t n_vars : {std::uint8_t{6}, std::uint8_t{7}}) {
    const std::array<std::uint8_t, 8> le64{n_vars};
    transcript.absorb_public(le64);
  }
  const ChannelStatement channel{{{6, 2, FlushDirection::push},
                                  {7, 2, FlushDirection::pull},
                                  {7, 2, FlushDirection::push},
                                  {6, 2, FlushDirection::pull}},
                                 {},
                                 {}};
  const Column t = Column::b32(inst.table), u = Column::b32(inst.lookups), r = Column::b32(reads);
  const std::vector<std::vector<Column>> columns{
      {t, Column::b32(initial)}, {u, r}, {u, Column::b32(writes)}, {t, Column::b32(finals)}};
  ASSERT_TRUE(prove_channel(channel, columns, transcript).ok());
  ASSERT_TRUE(prove_grand_products(std::span(&r, 1), transcript).ok());

  auto out = verify(std::move(transcript).finish());
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.error().code, Errc::corrupt_data);
  EXPECT_NE(out.error().message.find("initial timestamps are not all 1"), std::string::npos)
      << out.error().message;
}

TEST(Lookup, BadSizesAreErrors) {
  const std::vector<std::uint32_t> three{1, 2, 3}, two{1, 2};
  EXPECT_EQ(lookup_witness(three, two).error().code, Errc::invalid_argument);
  ProverTranscript transcript = prover_transcript();
  EXPECT_EQ(prove_lookup(two, two, LookupWitness{{1}, {1, 1}}, transcript).error().code,
            Errc::wrong_size);
  VerifierTranscript verifier = verifier_transcript({});
  EXPECT_EQ(verify_lookup(32, 1, verifier).error().code, Errc::invalid_argument);
}

}  // namespace
}  // namespace merkleforge::zk::test
