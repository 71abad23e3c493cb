#include "merkleforge/binius/batch_inverse.hpp"

#include <string>
#include <vector>

#include "merkleforge/binius/polyval.hpp"

namespace merkleforge::binius {

Status batch_inverse(std::span<const B128> values, std::span<B128> out) {
  if (values.size() != out.size()) {
    return make_error(Errc::wrong_size, "binius batch_inverse: " + std::to_string(values.size()) +
                                            " values but " + std::to_string(out.size()) +
                                            " outputs");
  }
  const std::vector<B128P> forms = to_polyval(values);
  // before[i] = product of the non-zero forms preceding i.
  std::vector<B128P> before(values.size());
  B128P running = B128P::one();
  for (std::size_t i = 0; i < forms.size(); ++i) {
    before[i] = running;
    if (forms[i] != B128P::zero()) running *= forms[i];
  }
  // running^-1, then peel one factor per step from the back.
  B128P inverse = running.inverse();
  for (std::size_t i = forms.size(); i-- > 0;) {
    if (forms[i] == B128P::zero()) {
      out[i] = B128::zero();
      continue;
    }
    out[i] = to_canonical(inverse * before[i]);
    inverse *= forms[i];
  }
  return Ok{};
}

}  // namespace merkleforge::binius
