// libFuzzer target: the constraint-system verifier at the table's parameters (100 bits, 240-odd
// queries per proof: every input that decodes is a full verification). cs_verify_light_fuzz runs
// the same code paths at a few queries, fast enough for millions of mutations.
#include "cs_verify_common.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return merkleforge::fuzz::fuzz_cs_verify(data, size, {});
}
