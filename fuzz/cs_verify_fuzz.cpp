// libFuzzer target: the constraint-system verifier on every circuit of the table at the table's
// parameters (100 bits, 240-odd queries per proof: every input that decodes is a full
// verification). cs_verify_light_fuzz runs the same code paths on small statements at a few
// queries, fast enough for millions of mutations. The statements and honest proofs are read from
// the fixture make_fuzz_fixtures writes (cs_verify_common.hpp); this target links the verifiers
// only.
#include "cs_verify_common.hpp"

namespace {

std::vector<merkleforge::fuzz::CsCase> cases;  // LLVMFuzzerInitialize reads them

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  cases = merkleforge::fuzz::load_cs_cases("cs_verify_fuzz");
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return merkleforge::fuzz::fuzz_cs_verify(data, size, cases);
}
