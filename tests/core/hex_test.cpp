#include "merkleforge/core/hex.hpp"

#include <gtest/gtest.h>

namespace merkleforge {
namespace {

TEST(Hex, EncodesLowerCase) {
  const Bytes data = {0x00, 0x01, 0xab, 0xff};
  EXPECT_EQ(to_hex(data), "0001abff");
  EXPECT_EQ(to_hex(Bytes{}), "");
}

TEST(Hex, DecodesWithAndWithoutPrefixAndAnyCase) {
  EXPECT_EQ(from_hex("0001ABff").value(), (Bytes{0x00, 0x01, 0xab, 0xff}));
  EXPECT_EQ(from_hex("0x0001abFF").value(), (Bytes{0x00, 0x01, 0xab, 0xff}));
  EXPECT_EQ(from_hex("0X").value(), Bytes{});
  EXPECT_EQ(from_hex("").value(), Bytes{});
}

TEST(Hex, RejectsOddLengthAndBadDigits) {
  for (const char* bad : {"0", "abc", "0x0", "zz", "0g", "g0", "12 4", "0x0x00"}) {
    const auto result = from_hex(bad);
    ASSERT_FALSE(result.ok()) << bad;
    EXPECT_EQ(result.error().code, Errc::malformed_input) << bad;
  }
}

TEST(Hex, DigestNeedsExactly32Bytes) {
  const std::string ok(64, 'a');
  EXPECT_TRUE(digest_from_hex(ok).ok());
  EXPECT_EQ(digest_from_hex(ok.substr(2)).error().code, Errc::wrong_size);
  EXPECT_EQ(digest_from_hex(ok + "00").error().code, Errc::wrong_size);
  EXPECT_EQ(digest_from_hex("0x" + ok).value()[31], 0xaa);
}

TEST(Hex, RoundTripsEveryByte) {
  Bytes all(256);
  for (int i = 0; i < 256; ++i) all[i] = static_cast<std::uint8_t>(i);
  EXPECT_EQ(from_hex(to_hex(all)).value(), all);
}

TEST(Result, ValueOfErrorThrowsLogicError) {
  Result<int> failed = make_error(Errc::not_found, "no such thing");
  EXPECT_FALSE(failed.ok());
  EXPECT_THROW((void)failed.value(), BadResultAccess);
  EXPECT_STREQ(errc_name(failed.error().code), "not found");
  Result<int> fine = 7;
  EXPECT_EQ(*fine, 7);
}

}  // namespace
}  // namespace merkleforge
