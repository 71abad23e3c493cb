// Batch inversion of B128 values (canonical tower) by Montgomery's trick: one field inversion and
// 3(n - 1) products for n values, the products running in the POLYVAL basis (polyval.hpp).
#pragma once

#include <span>

#include "merkleforge/binius/tower.hpp"
#include "merkleforge/core/result.hpp"

namespace merkleforge::binius {

/// out[i] = values[i]^-1, and 0 where values[i] is 0 ("invert or zero", so one zero does not
/// poison the batch). `out` may alias `values`. Errors: wrong_size unless the lengths are equal.
Status batch_inverse(std::span<const B128> values, std::span<B128> out);

}  // namespace merkleforge::binius
