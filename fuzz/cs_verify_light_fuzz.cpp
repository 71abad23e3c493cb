// libFuzzer target: the constraint-system verifier on small statements at an 8-bit security
// target (a handful of PCS queries instead of 240-odd): tests/support/small_system.hpp (every role
// of column, both kinds of constraint, two tables), plus the smallest u32 add and xor statements.
// The same checks as cs_verify_fuzz, each input verified in a fraction of the time, so that
// millions of mutations reach every rejection branch (docs/fuzzing.md shows the coverage).
#include "cs_verify_common.hpp"
#include "support/small_system.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace merkleforge;
  static const std::vector<fuzz::CsCase> cases = [] {
    cs::ProofConfig config;
    config.security_bits = 8;
    const cs::test::SmallSystem small = cs::test::small_system();
    return std::vector<fuzz::CsCase>{
        fuzz::make_cs_case(small.system, small.witness, small.publics, config),
        fuzz::circuit_case("u32add", config), fuzz::circuit_case("u32xor", config)};
  }();
  return fuzz::fuzz_cs_verify(data, size, cases);
}
