// libFuzzer target: the constraint-system verifier on small statements at an 8-bit security
// target (a handful of PCS queries instead of 240-odd): tests/support/small_system.hpp (every role
// of column, both kinds of constraint, two tables), plus the smallest u32 add and xor statements.
// The same checks as cs_verify_fuzz, each input verified in a fraction of the time, so that
// millions of mutations reach every rejection branch (docs/fuzzing.md shows the coverage). The
// statements and honest proofs are read from the fixture make_fuzz_fixtures writes.
#include "cs_verify_common.hpp"

namespace {

std::vector<merkleforge::fuzz::CsCase> cases;  // LLVMFuzzerInitialize reads them

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  cases = merkleforge::fuzz::load_cs_cases("cs_verify_light_fuzz");
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return merkleforge::fuzz::fuzz_cs_verify(data, size, cases);
}
