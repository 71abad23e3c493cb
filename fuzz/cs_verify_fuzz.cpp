// libFuzzer target: the constraint-system verifier on every circuit of the table at the table's
// parameters (100 bits, 240-odd queries per proof: every input that decodes is a full
// verification). cs_verify_light_fuzz runs the same code paths on small statements at a few
// queries, fast enough for millions of mutations.
#include "cs_verify_common.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace merkleforge;
  static const std::vector<fuzz::CsCase> cases = [] {
    std::vector<fuzz::CsCase> out;
    for (std::string_view name : circuits::circuit_names()) {
      out.push_back(fuzz::circuit_case(name, {}));
    }
    return out;
  }();
  return fuzz::fuzz_cs_verify(data, size, cases);
}
