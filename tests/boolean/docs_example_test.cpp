// The builder's worked example (docs/examples/boolean_builder.cpp) runs, gives what plain C++
// gives, and is the code docs/boolean-builder.md shows.
#include <gtest/gtest.h>

#include <bit>
#include <fstream>
#include <random>
#include <sstream>

#include "../../docs/examples/boolean_builder.cpp"
#include "support/vectors.hpp"

namespace merkleforge::boolean {
namespace {

std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(DocsExample, BuilderExampleProvesAndVerifies) {
  std::mt19937_64 rng(71);
  Bytes inputs(3 * 8);
  for (auto& byte : inputs) byte = static_cast<std::uint8_t>(rng());
  std::copy_n(inputs.begin() + 8, 4, inputs.begin() + 12);  // instance 1: x = y
  auto outputs = example::prove_and_verify(inputs, 3);
  ASSERT_TRUE(outputs) << outputs.error().message;
  for (std::size_t i = 0; i < 3; ++i) {
    const auto word = [&](std::size_t at) {
      return std::uint32_t{inputs[at]} << 24 | std::uint32_t{inputs[at + 1]} << 16 |
             std::uint32_t{inputs[at + 2]} << 8 | inputs[at + 3];
    };
    const std::uint32_t x = word(8 * i), y = word(8 * i + 4), expected = (x + y) ^ std::rotr(x, 7);
    const std::uint8_t* out = outputs->data() + 5 * i;
    EXPECT_EQ(std::uint32_t{out[0]} << 24 | std::uint32_t{out[1]} << 16 |
                  std::uint32_t{out[2]} << 8 | out[3],
              expected);
    EXPECT_EQ(out[4], x == y ? 1 : 0) << i;
  }
}

TEST(DocsExample, ThePageShowsTheExampleFile) {
  const std::filesystem::path docs = merkleforge::test::vectors_dir() / ".." / ".." / "docs";
  const std::string example = read_text(docs / "examples" / "boolean_builder.cpp");
  const std::string page = read_text(docs / "boolean-builder.md");
  ASSERT_FALSE(example.empty());
  EXPECT_NE(page.find("```cpp\n" + example + "```"), std::string::npos)
      << "docs/boolean-builder.md must show docs/examples/boolean_builder.cpp verbatim";
}

}  // namespace
}  // namespace merkleforge::boolean
