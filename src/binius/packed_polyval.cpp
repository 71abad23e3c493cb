// The POLYVAL packed strategy for canonical B128 products: both operands to the POLYVAL basis, the
// active CLMUL kernel, the product back to canonical. Blocks of kBlock elements keep the
// intermediate values on the stack (and in L1).
#include <algorithm>
#include <array>

#include "merkleforge/binius/kernels.hpp"
#include "packed_kernel.hpp"

namespace merkleforge::binius::detail {
namespace {

constexpr std::size_t kBlock = 256;

void mul_b128(const uint128* a, const uint128* b, uint128* out, std::size_t n) {
  const PolyvalKernel& kernel = active_polyval_kernel();
  std::array<B128P, kBlock> pa, pb;
  for (std::size_t start = 0; start < n; start += kBlock) {
    const std::size_t count = std::min(kBlock, n - start);
    for (std::size_t i = 0; i < count; ++i) {
      pa[i] = to_polyval(B128(a[start + i]));
      pb[i] = to_polyval(B128(b[start + i]));
    }
    kernel.mul(pa.data(), pb.data(), pa.data(), count);
    for (std::size_t i = 0; i < count; ++i) out[start + i] = to_canonical(pa[i]).value();
  }
}

}  // namespace

const PackedKernel kPackedPolyval = {.mul_b128 = &mul_b128};

}  // namespace merkleforge::binius::detail
