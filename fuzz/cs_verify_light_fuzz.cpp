// libFuzzer target: the constraint-system verifier on the smallest statements at an 8-bit security
// target (a handful of PCS queries instead of 240-odd): the same checks as cs_verify_fuzz, each
// input verified in a fraction of the time, so that millions of mutations reach every rejection
// branch (docs/fuzzing.md shows the coverage).
#include "cs_verify_common.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  merkleforge::cs::ProofConfig config;
  config.security_bits = 8;
  return merkleforge::fuzz::fuzz_cs_verify(data, size, config);
}
