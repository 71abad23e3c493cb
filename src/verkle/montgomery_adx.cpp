// The MULX/ADX Montgomery multiplication out of line, for PrimeField's operator* (montgomery.hpp's
// mul_mulx_adx): compiled with BMI2 and ADX, called only when the field's dispatcher chose it.
#include "merkleforge/verkle/field.hpp"
#include "montgomery_asm.hpp"

namespace merkleforge::verkle::detail {

template <Limbs M>
void mul_mulx_adx(Limbs& out, const Limbs& a, const Limbs& b) noexcept {
  out = MontgomeryAsm<M>::mul(a, b);
}

template void mul_mulx_adx<FpModulus::kValue>(Limbs&, const Limbs&, const Limbs&) noexcept;
template void mul_mulx_adx<FrModulus::kValue>(Limbs&, const Limbs&, const Limbs&) noexcept;

bool mulx_adx_compiled() noexcept {
  return MERKLEFORGE_MONT_ASM != 0;
}

}  // namespace merkleforge::verkle::detail
