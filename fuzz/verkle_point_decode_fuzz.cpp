// libFuzzer target: Banderwagon point decoding and canonical scalar decoding must return a value
// or an error for any input, and whatever they accept must re-encode to the input (only canonical
// encodings are accepted), and a decoded point must lie on the curve in the subgroup (its
// re-decoding succeeds and equals it).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "merkleforge/verkle/banderwagon.hpp"
#include "merkleforge/verkle/field.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace merkleforge;
  using namespace merkleforge::verkle;
  const ByteSpan input(data, size);
  if (auto point = Element::from_bytes(input)) {
    const auto encoded = point->to_bytes();
    if (!std::equal(encoded.begin(), encoded.end(), data)) std::abort();
    if ((point->dbl() - *point) != *point) std::abort();
  }
  if (auto scalar = Fr::from_bytes_le(input)) {
    const auto encoded = scalar->to_bytes_le();
    if (!std::equal(encoded.begin(), encoded.end(), data)) std::abort();
  }
  return 0;
}
