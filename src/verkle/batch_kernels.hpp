// The batch operations of Verkle arithmetic and their run-time kernels (not an API of its own):
// sums of many fixed-base table points (the inner loop of commitments, delta updates and tree
// keys) and element-wise field products (PrimeField::batch_mul).
//
// Kernels, dispatched once as primitive "verkle-batch" (core/dispatch.hpp):
//   ifma      AVX-512 IFMA: eight field elements side by side, five 52-bit limbs each; a sum runs
//             eight partial sums in the eight lanes (batch_kernels_ifma.cpp);
//   portable  one mixed addition / product after another (batch_kernels.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "merkleforge/core/result.hpp"
#include "merkleforge/verkle/banderwagon.hpp"
#include "merkleforge/verkle/field.hpp"

namespace merkleforge::verkle::detail {

/// One term of a fixed-base sum: a table point, added or subtracted.
struct SignedPoint {
  const AffinePoint* point;
  bool negate;
};

/// The functions of one kernel. Preconditions are those of the wrappers below.
struct BatchKernel {
  /// Σ terms.
  Element (*sum)(std::span<const SignedPoint> terms);
  /// sums[g] = Σ terms[begin_g, ends[g]) with begin_0 = 0 and begin_g = ends[g - 1].
  void (*sum_groups)(std::span<const SignedPoint> terms, std::span<const std::uint32_t> ends,
                     std::span<Element> sums);
  /// out[i] = a[i]·b[i] for i < n (out may alias a or b).
  void (*mul_fp)(Fp* out, const Fp* a, const Fp* b, std::size_t n);
  void (*mul_fr)(Fr* out, const Fr* a, const Fr* b, std::size_t n);
};

/// The active kernel's functions.
const BatchKernel& batch_kernel() noexcept;
/// The kernels this CPU runs, slowest first ("portable" first).
std::vector<std::string_view> available_batch_kernels();
/// Switches to the kernel called `name` (for tests and benchmarks; not thread-safe against calls
/// in flight). Errors: unsupported when there is no such kernel or this CPU cannot run it.
Status select_batch_kernel(std::string_view name);

/// start + Σ terms. Few terms take mixed additions one after another; more are spread over the
/// kernel's lanes, whose partial sums are added at the end.
Element sum_points(const Element& start, std::span<const SignedPoint> terms);

/// sums[g] = Σ of group g, the groups being consecutive runs of `terms` that end at `ends`
/// (non-decreasing, the last equal to terms.size(), as many as `sums`; empty groups sum to the
/// identity). Groups are independent: the IFMA kernel keeps one group per lane.
void sum_point_groups(std::span<const SignedPoint> terms, std::span<const std::uint32_t> ends,
                      std::span<Element> sums);

/// Vectors for gathering the terms of many sums, borrowed from the calling thread and kept (with
/// their capacity) from one use to the next, so that commitments, trie commits and tree-key batches
/// allocate nothing for their terms once warm. A second SumScratch alive on the same thread (TBB
/// may run another task while one waits) gets vectors of its own.
class SumScratch {
 public:
  SumScratch();
  ~SumScratch();
  SumScratch(const SumScratch&) = delete;
  SumScratch& operator=(const SumScratch&) = delete;

  struct Buffers {
    std::vector<SignedPoint> terms;
    std::vector<std::uint32_t> ends;
    std::vector<Element*> targets;
    std::vector<Element> sums;
    bool in_use = false;
  };
  /// The borrowed vectors, cleared (their capacity kept).
  Buffers& get() { return *buffers_; }

 private:
  Buffers own_;
  Buffers* buffers_;
};

// The kernels (portable in batch_kernels.cpp, IFMA in batch_kernels_ifma.cpp).
Element sum_portable(std::span<const SignedPoint> terms);
Element sum_ifma(std::span<const SignedPoint> terms);
void sum_groups_portable(std::span<const SignedPoint> terms, std::span<const std::uint32_t> ends,
                         std::span<Element> sums);
void sum_groups_ifma(std::span<const SignedPoint> terms, std::span<const std::uint32_t> ends,
                     std::span<Element> sums);
void mul_fp_ifma(Fp* out, const Fp* a, const Fp* b, std::size_t n);
void mul_fr_ifma(Fr* out, const Fr* a, const Fr* b, std::size_t n);

}  // namespace merkleforge::verkle::detail
