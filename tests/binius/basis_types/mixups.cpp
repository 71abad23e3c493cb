// Basis mix-ups that must not compile (tests/binius/basis_types/check_mixups.cmake). Built once
// with CASE=0, the explicit forms that must compile, then once per CASE=1..kCases, each of which
// must fail: a canonical B128 and a POLYVAL-basis B128P never meet without a spelled-out
// conversion.
#include <span>
#include <vector>

#include "merkleforge/binius/kernels.hpp"
#include "merkleforge/binius/polyval.hpp"
#include "merkleforge/transcript/transcript.hpp"
#include "merkleforge/zk/column.hpp"

namespace binius = merkleforge::binius;
using binius::B128;
using binius::B128P;

void use(B128) {}
void use(B128P) {}

int main() {
  const B128 canonical(binius::uint128{5});
  const B128P polyval = binius::to_polyval(canonical);
  std::vector<B128> canonical_values(4, canonical);
  std::vector<B128P> polyval_values(4, polyval);
  merkleforge::transcript::ProverTranscript transcript("mixups", merkleforge::Digest32{});
#if CASE == 0  // the explicit forms
  use(binius::to_canonical(polyval) * canonical);
  use(binius::to_polyval(canonical) + polyval);
  use(B128P::from_bits(canonical.value()));
  (void)binius::polyval_mul(polyval_values, polyval_values, polyval_values);
  binius::active_polyval_kernel().mul(polyval_values.data(), polyval_values.data(),
                                      polyval_values.data(), polyval_values.size());
  transcript.write_b128(binius::to_canonical(polyval));
  use(merkleforge::zk::Column::b128(canonical_values).n_vars == 2 ? canonical : canonical);
#elif CASE == 1   // a canonical value where a POLYVAL one is expected
  const B128P wrong = canonical;
  use(wrong);
#elif CASE == 2   // and the other way
  const B128 wrong = polyval;
  use(wrong);
#elif CASE == 3   // a product across bases
  use(canonical * polyval);
#elif CASE == 4   // a sum across bases
  use(polyval + canonical);
#elif CASE == 5   // comparing across bases
  use(canonical == polyval ? canonical : canonical);
#elif CASE == 6   // converting twice
  use(binius::to_polyval(polyval));
#elif CASE == 7   // canonical data into a POLYVAL span product
  (void)binius::polyval_mul(canonical_values, canonical_values, canonical_values);
#elif CASE == 8   // canonical data into the provers' POLYVAL kernel
  binius::active_polyval_kernel().mul(canonical_values.data(), canonical_values.data(),
                                      canonical_values.data(), canonical_values.size());
#elif CASE == 9   // a POLYVAL value onto the (canonical) transcript tape
  transcript.write_b128(polyval);
#elif CASE == 10  // POLYVAL data as a protocol column
  use(merkleforge::zk::Column::b128(polyval_values).n_vars == 2 ? canonical : canonical);
#elif CASE == 11  // raw bits as a POLYVAL element without saying so
  const B128P wrong(binius::uint128{5});
  use(wrong);
#else
#error "unknown CASE"
#endif
  return 0;
}
