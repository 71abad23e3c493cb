// POLYVAL kernel with PCLMULQDQ: one Montgomery product per 4 + 2 carry-less multiplies.
#include <immintrin.h>

#include "polyval_loops.hpp"
#include "polyval_pclmul_ops.hpp"

namespace merkleforge::binius::detail {

const PolyvalKernel kPolyvalPclmul = PolyvalLoops<PclmulOps>::kernel();

}  // namespace merkleforge::binius::detail
