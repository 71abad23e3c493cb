// The batch kernels' dispatcher, the portable kernels, and the wrappers that choose how to split a
// sum (batch_kernels.hpp).
#include "batch_kernels.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>
#include <type_traits>

#include "merkleforge/core/cpu.hpp"
#include "merkleforge/core/dispatch.hpp"

namespace merkleforge::verkle {

namespace detail {

namespace {

bool ifma_runs() noexcept {
  const CpuFeatures& cpu = cpu_features();
  return cpu.avx512f && cpu.avx512vl && cpu.avx512dq && cpu.avx512bw && cpu.avx512ifma;
}

template <class Field>
void mul_portable(Field* out, const Field* a, const Field* b, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) out[i] = a[i] * b[i];
}

constexpr BatchKernel kPortable = {sum_portable, sum_groups_portable, mul_portable<Fp>,
                                   mul_portable<Fr>};
constexpr BatchKernel kIfma = {sum_ifma, sum_groups_ifma, mul_fp_ifma, mul_fr_ifma};

dispatch::Dispatcher<bool, const BatchKernel*>& dispatcher() {
  static dispatch::Dispatcher<bool, const BatchKernel*> kernels(
      "verkle-batch", {{true, "ifma", ifma_runs, &kIfma},
                       {false, "portable", dispatch::runs_everywhere, &kPortable}});
  return kernels;
}

/// Starts loading the two cache lines of a table entry.
void prefetch(const AffinePoint* entry) {
  __builtin_prefetch(entry);
  __builtin_prefetch(reinterpret_cast<const char*>(entry) + sizeof(AffinePoint) - 1);
}

void add_term(Element& sum, const SignedPoint& term) {
  const AffinePoint& p = *term.point;
  sum = term.negate ? sum.add_affine({-p.x, p.y, -p.d_xy}) : sum.add_affine(p);
}

/// start + Σ terms, one mixed addition after another. The entries of a sum are scattered over
/// megabytes of table: they are requested a few terms ahead so the additions do not wait on memory.
Element chain(Element sum, std::span<const SignedPoint> terms) {
  constexpr std::size_t kLookahead = 4;
  for (std::size_t i = 0; i < std::min(kLookahead, terms.size()); ++i) prefetch(terms[i].point);
  for (std::size_t i = 0; i < terms.size(); ++i) {
    if (i + kLookahead < terms.size()) prefetch(terms[i + kLookahead].point);
    add_term(sum, terms[i]);
  }
  return sum;
}

// Below this many terms a sum is one chain of mixed additions even with the IFMA kernel: folding
// its eight partial sums (three vector full additions) would cost more than the lanes save.
constexpr std::size_t kSpreadThreshold = 20;

thread_local SumScratch::Buffers thread_buffers;

}  // namespace

SumScratch::SumScratch() : buffers_(thread_buffers.in_use ? &own_ : &thread_buffers) {
  buffers_->in_use = true;
  buffers_->terms.clear();
  buffers_->ends.clear();
  buffers_->targets.clear();
  buffers_->sums.clear();
}

SumScratch::~SumScratch() {
  buffers_->in_use = false;
}

Element sum_portable(std::span<const SignedPoint> terms) {
  return chain(Element::identity(), terms);
}

void sum_groups_portable(std::span<const SignedPoint> terms, std::span<const std::uint32_t> ends,
                         std::span<Element> sums) {
  std::size_t begin = 0;
  for (std::size_t g = 0; g < ends.size(); ++g) {
    sums[g] = chain(Element::identity(), terms.subspan(begin, ends[g] - begin));
    begin = ends[g];
  }
}

const BatchKernel& batch_kernel() noexcept {
  return *dispatcher().active().table;
}

std::vector<std::string_view> available_batch_kernels() {
  std::vector<std::string_view> names;
  for (const bool ifma : dispatcher().available()) names.push_back(ifma ? "ifma" : "portable");
  return names;
}

Status select_batch_kernel(std::string_view name) {
  return dispatcher().select(name);
}

Element sum_points(const Element& start, std::span<const SignedPoint> terms) {
  const BatchKernel& kernel = batch_kernel();
  if (terms.size() < kSpreadThreshold || kernel.sum == sum_portable) return chain(start, terms);
  return start + kernel.sum(terms);
}

void sum_point_groups(std::span<const SignedPoint> terms, std::span<const std::uint32_t> ends,
                      std::span<Element> sums) {
  const bool ordered = std::is_sorted(ends.begin(), ends.end());
  if (!ordered || ends.size() != sums.size() || (!ends.empty() && ends.back() != terms.size())) {
    throw std::invalid_argument("verkle: sum_point_groups: group ends do not match the terms");
  }
  batch_kernel().sum_groups(terms, ends, sums);
}

}  // namespace detail

std::string_view batch_kernel_name() noexcept {
  return detail::dispatcher().active().name;
}

template <class Modulus>
void PrimeField<Modulus>::batch_mul(std::span<PrimeField> out, std::span<const PrimeField> a,
                                    std::span<const PrimeField> b) {
  if (out.size() != a.size() || out.size() != b.size()) {
    throw std::invalid_argument("verkle: batch_mul: spans of different lengths");
  }
  const detail::BatchKernel& kernel = detail::batch_kernel();
  if constexpr (std::is_same_v<PrimeField, Fp>) {
    kernel.mul_fp(out.data(), a.data(), b.data(), out.size());
  } else {
    kernel.mul_fr(out.data(), a.data(), b.data(), out.size());
  }
}

template void PrimeField<detail::FpModulus>::batch_mul(std::span<Fp>, std::span<const Fp>,
                                                       std::span<const Fp>);
template void PrimeField<detail::FrModulus>::batch_mul(std::span<Fr>, std::span<const Fr>,
                                                       std::span<const Fr>);

}  // namespace merkleforge::verkle
