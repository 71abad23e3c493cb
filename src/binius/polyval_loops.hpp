// Internal: the loops shared by every POLYVAL kernel, written once over a vector "Ops" type:
//
//   Ops::Vec, Ops::kLanes            a register of kLanes consecutive B128P elements
//   Ops::load(p), Ops::store(p, v)   unaligned memory access
//   Ops::broadcast(x)                x in every lane
//   Ops::dot(a, b), Ops::add(a, b)   lane-wise Montgomery product and sum
//
// Wide kernels finish ragged ends with a one-lane Ops (Tail). Include only from kernel files, so
// the loops are compiled with that file's instruction-set flags.
#pragma once

#include <cstddef>

#include "polyval_kernel.hpp"

namespace merkleforge::binius::detail {

template <class Ops, class Tail = Ops>
struct PolyvalLoops {
  static void mul(const B128P* a, const B128P* b, B128P* out, std::size_t n) {
    std::size_t i = 0;
    for (; i + Ops::kLanes <= n; i += Ops::kLanes) {
      Ops::store(out + i, Ops::dot(Ops::load(a + i), Ops::load(b + i)));
    }
    if constexpr (Ops::kLanes > 1) Tail::mul(a + i, b + i, out + i, n - i);
  }

  static void mul_scalar(const B128P* a, B128P scalar, B128P* out, std::size_t n) {
    const auto s = Ops::broadcast(scalar);
    std::size_t i = 0;
    for (; i + Ops::kLanes <= n; i += Ops::kLanes) {
      Ops::store(out + i, Ops::dot(Ops::load(a + i), s));
    }
    if constexpr (Ops::kLanes > 1) Tail::mul_scalar(a + i, scalar, out + i, n - i);
  }

  static void forward_butterflies(B128P* u, B128P* v, B128P t, std::size_t n) {
    const auto twiddle = Ops::broadcast(t);
    std::size_t k = 0;
    for (; k + Ops::kLanes <= n; k += Ops::kLanes) {
      const auto uk = Ops::add(Ops::load(u + k), Ops::dot(Ops::load(v + k), twiddle));
      Ops::store(u + k, uk);
      Ops::store(v + k, Ops::add(Ops::load(v + k), uk));
    }
    if constexpr (Ops::kLanes > 1) Tail::forward_butterflies(u + k, v + k, t, n - k);
  }

  static void inverse_butterflies(B128P* u, B128P* v, B128P t, std::size_t n) {
    const auto twiddle = Ops::broadcast(t);
    std::size_t k = 0;
    for (; k + Ops::kLanes <= n; k += Ops::kLanes) {
      const auto vk = Ops::add(Ops::load(v + k), Ops::load(u + k));
      Ops::store(v + k, vk);
      Ops::store(u + k, Ops::add(Ops::load(u + k), Ops::dot(vk, twiddle)));
    }
    if constexpr (Ops::kLanes > 1) Tail::inverse_butterflies(u + k, v + k, t, n - k);
  }

  static constexpr PolyvalKernel kernel() {
    return {&mul, &mul_scalar, &forward_butterflies, &inverse_butterflies};
  }
};

}  // namespace merkleforge::binius::detail
