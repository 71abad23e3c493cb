#include "merkleforge/binius/batch_inverse.hpp"

#include <string>
#include <vector>

#include "merkleforge/binius/polyval.hpp"
#include "polyval_kernel.hpp"

namespace merkleforge::binius {

Status batch_inverse(std::span<const uint128> values, std::span<uint128> out) {
  if (values.size() != out.size()) {
    return make_error(Errc::wrong_size, "binius batch_inverse: " + std::to_string(values.size()) +
                                            " values but " + std::to_string(out.size()) +
                                            " outputs");
  }
  const auto& kernel = active_polyval_kernel();
  const auto dot = [&](uint128 a, uint128 b) {
    kernel.mul(&a, &b, &a, 1);
    return a;
  };
  std::vector<uint128> forms(values.size());
  (void)to_polyval(values, forms);
  // before[i] = product of the non-zero forms preceding i.
  std::vector<uint128> before(values.size());
  uint128 running = kPolyvalOne;
  for (std::size_t i = 0; i < forms.size(); ++i) {
    before[i] = running;
    if (forms[i] != 0) running = dot(running, forms[i]);
  }
  // running^-1, then peel one factor per step from the back.
  uint128 inverse = to_polyval(tower_inverse(7, from_polyval(running)));
  for (std::size_t i = forms.size(); i-- > 0;) {
    if (forms[i] == 0) {
      out[i] = 0;
      continue;
    }
    const uint128 form = forms[i];
    out[i] = from_polyval(dot(inverse, before[i]));
    inverse = dot(inverse, form);
  }
  return Ok{};
}

}  // namespace merkleforge::binius
