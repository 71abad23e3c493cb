// Keccak-256 and SHA3-256 against published known answers (tests/vectors/hash/hash_kats.json).
#include "merkleforge/hash/keccak.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <random>
#include <string>
#include <string_view>

#include "hash/keccak_kernel_scope.hpp"
#include "merkleforge/core/cpu.hpp"
#include "merkleforge/core/hex.hpp"
#include "support/in_pieces.hpp"
#include "support/vectors.hpp"

namespace merkleforge {
namespace {

using test::kat_message;

using test::hex_bytes;
using test::load_vectors;

const nlohmann::json& kats() {
  static const nlohmann::json vectors = load_vectors("hash/hash_kats.json");
  return vectors;
}

template <class H>
void expect_matches(const Bytes& message, const std::string& expected_hex,
                    const std::string& label) {
  static std::mt19937_64 rng(20261130);
  EXPECT_EQ(to_hex(H::digest(message)), expected_hex) << label << " (one-shot)";
  EXPECT_EQ(to_hex(test::digest_in_pieces<H>(message, rng, 299)), expected_hex)
      << label << " (incremental)";
}

TEST(Keccak, Keccak256PublishedVectors) {
  ASSERT_FALSE(kats().at("keccak256").empty());
  for (const auto& entry : kats().at("keccak256")) {
    expect_matches<Keccak256>(kat_message(entry), entry.at("digest").get<std::string>(),
                              entry.at("source").get<std::string>());
  }
}

TEST(Keccak, Sha3_256PublishedVectors) {
  ASSERT_FALSE(kats().at("sha3_256").empty());
  for (const auto& entry : kats().at("sha3_256")) {
    expect_matches<Sha3_256>(kat_message(entry), entry.at("digest").get<std::string>(),
                             entry.at("source").get<std::string>());
  }
}

TEST(Keccak, Sha3_256ShortMsgKat) {
  const auto& entries = kats().at("sha3_256_shortmsg_kat").at("entries");
  ASSERT_EQ(entries.size(), 256u);
  for (const auto& entry : entries) {
    const Bytes message = kat_message(entry);
    ASSERT_EQ(message.size() * 8, entry.at("len_bits").get<std::size_t>());
    expect_matches<Sha3_256>(message, entry.at("digest").get<std::string>(),
                             "len_bits " + std::to_string(message.size() * 8));
  }
}

TEST(Keccak, RateBoundaryRegressionPoints) {
  const auto& entries = kats().at("derived_rate_boundary").at("entries");
  ASSERT_FALSE(entries.empty());
  for (const auto& entry : entries) {
    const Bytes message = kat_message(entry);
    const std::string label = std::to_string(message.size()) + " bytes";
    expect_matches<Keccak256>(message, entry.at("keccak256").get<std::string>(), label);
    expect_matches<Sha3_256>(message, entry.at("sha3_256").get<std::string>(), label);
  }
}

TEST(KeccakKernels, PortableAlwaysAvailableAndActiveOneIsAvailable) {
  const std::vector<Isa> available = KeccakKernels::available_kernels();
  ASSERT_FALSE(available.empty());
  EXPECT_EQ(available.front(), Isa::portable);
  EXPECT_NE(std::find(available.begin(), available.end(), KeccakKernels::active_kernel()),
            available.end());
}

// Every other test restores the kernel it changes, so the active one is still the start-up choice:
// the first MERKLEFORGE_KERNEL requests for "keccak" that is available, else the most preferred.
TEST(KeccakKernels, StartsWithEnvironmentChoiceOrBestAvailable) {
  const std::vector<Isa> available = KeccakKernels::available_kernels();
  std::optional<Isa> expected;
  const char* spec = std::getenv(kKernelEnvironmentVariable);
  for (std::string_view name : requested_kernels(spec ? spec : "", "keccak")) {
    for (Isa isa : available) {
      if (!expected && isa_name(isa) == name) expected = isa;
    }
  }
  EXPECT_EQ(isa_name(KeccakKernels::active_kernel()),
            isa_name(expected.value_or(available.back())));
}

TEST(KeccakKernels, SetKernelSwitchesAndRestores) {
  const Isa before = KeccakKernels::active_kernel();
  for (Isa isa : KeccakKernels::available_kernels()) {
    test::KeccakKernelScope scope(isa);
    EXPECT_EQ(KeccakKernels::active_kernel(), isa);
    EXPECT_EQ(Sha3_256::active_kernel(), isa) << "both hashes share the kernel";
  }
  EXPECT_EQ(KeccakKernels::active_kernel(), before);
}

TEST(KeccakKernels, UnsupportedKernelRequestIsAnError) {
  const Isa before = KeccakKernels::active_kernel();
  for (Isa isa : {Isa::sse41, Isa::shani}) {  // no Keccak kernels for these families
    const Status status = Keccak256::set_kernel(isa);
    ASSERT_FALSE(status.ok()) << isa_name(isa);
    EXPECT_EQ(status.error().code, Errc::unsupported);
    EXPECT_NE(status.error().message.find(isa_name(isa)), std::string::npos)
        << status.error().message;
  }
  for (Isa isa : {Isa::avx2, Isa::avx512}) {
    if (!cpu_supports(isa)) {
      EXPECT_FALSE(KeccakKernels::set_kernel(isa).ok()) << isa_name(isa);
    }
  }
  EXPECT_EQ(KeccakKernels::active_kernel(), before);
}

}  // namespace
}  // namespace merkleforge
