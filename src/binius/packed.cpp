// Packed products: which strategy implements which operation, what the CPU runs, the active
// choice per operation (core/dispatch.hpp, one dispatcher per operation), and the span wrappers.
#include "merkleforge/binius/packed.hpp"

#include <array>
#include <string>

#include "merkleforge/core/cpu.hpp"
#include "merkleforge/core/dispatch.hpp"
#include "packed_kernel.hpp"
#include "probe_values.hpp"

namespace merkleforge::binius {
namespace {

using Dispatcher = dispatch::Dispatcher<PackedStrategy, const detail::PackedKernel*>;

#if MERKLEFORGE_X86_KERNELS
bool pshufb_runs() noexcept {
  return cpu_features().avx2;
}
#endif

bool implements(const detail::PackedKernel& kernel, PackedOp op) noexcept {
  switch (op) {
    case PackedOp::mul_b8:
      return kernel.mul_b8 != nullptr;
    case PackedOp::mul_b32:
      return kernel.mul_b32 != nullptr;
    case PackedOp::mul_b128:
      return kernel.mul_b128 != nullptr;
  }
  return false;
}

/// The strategies that implement `op`, fastest first as bench_binius_fields measured them on the
/// project's hosts (the order breaks the probe's near-ties; the POLYVAL kernels under the polyval
/// strategy dispatch on their own).
std::vector<Dispatcher::Kernel> strategies_of(PackedOp op) {
  std::vector<Dispatcher::Kernel> all;
#if MERKLEFORGE_X86_KERNELS  // the GFNI and PSHUFB kernels exist on x86-64 only (core/cpu.hpp)
  all = {{PackedStrategy::gfni, "gfni", detail::gfni_kernel_runs, &detail::kPackedGfni},
         {PackedStrategy::pshufb, "pshufb", pshufb_runs, &detail::kPackedPshufb}};
#endif
  all.push_back(
      {PackedStrategy::polyval, "polyval", dispatch::runs_everywhere, &detail::kPackedPolyval});
  all.push_back({PackedStrategy::table, "table", dispatch::runs_everywhere, &detail::kPackedTable});
  std::vector<Dispatcher::Kernel> implemented;
  for (const Dispatcher::Kernel& strategy : all) {
    if (implements(*strategy.table, op)) implemented.push_back(strategy);
  }
  return implemented;
}

/// The measured choice's workload for one operation: 2 Ki products, repeated to 32 KiB of
/// operands so the fastest B8 kernel still runs for a microsecond.
template <class T, detail::PackedMul<T> detail::PackedKernel::*mul>
void probe(const detail::PackedKernel* const& kernel) {
  static std::array<T, detail::kProbeValues> out;
  const auto& in = detail::probe_values<T>();
  for (std::size_t repeat = 0; repeat < 16 / sizeof(T); ++repeat) {
    (kernel->*mul)(in.data(), in.data() + 1, out.data(), in.size() - 1);
  }
}

Dispatcher& dispatcher(PackedOp op) {
  using detail::PackedKernel;
  static Dispatcher b8("packed_mul_b8", strategies_of(PackedOp::mul_b8),
                       probe<std::uint8_t, &PackedKernel::mul_b8>);
  static Dispatcher b32("packed_mul_b32", strategies_of(PackedOp::mul_b32),
                        probe<std::uint32_t, &PackedKernel::mul_b32>);
  static Dispatcher b128("packed_mul_b128", strategies_of(PackedOp::mul_b128),
                         probe<uint128, &PackedKernel::mul_b128>);
  switch (op) {
    case PackedOp::mul_b8:
      return b8;
    case PackedOp::mul_b32:
      return b32;
    case PackedOp::mul_b128:
      break;
  }
  return b128;
}

const detail::PackedKernel& active_kernel(PackedOp op) noexcept {
  return *dispatcher(op).active().table;
}

Status check_sizes(std::size_t a, std::size_t b, std::size_t out) {
  if (a == b && a == out) return Ok{};
  return make_error(Errc::wrong_size, "binius packed product: span lengths differ (a " +
                                          std::to_string(a) + ", b " + std::to_string(b) +
                                          ", out " + std::to_string(out) + ")");
}

}  // namespace

std::string_view packed_op_name(PackedOp op) noexcept {
  switch (op) {
    case PackedOp::mul_b8:
      return "mul_b8";
    case PackedOp::mul_b32:
      return "mul_b32";
    case PackedOp::mul_b128:
      return "mul_b128";
  }
  return "unknown";
}

std::string_view packed_strategy_name(PackedStrategy strategy) noexcept {
  switch (strategy) {
    case PackedStrategy::table:
      return "table";
    case PackedStrategy::polyval:
      return "polyval";
    case PackedStrategy::pshufb:
      return "pshufb";
    case PackedStrategy::gfni:
      return "gfni";
  }
  return "unknown";
}

std::vector<PackedStrategy> packed_available_strategies(PackedOp op) {
  return dispatcher(op).available();
}

PackedStrategy packed_active_strategy(PackedOp op) noexcept {
  return dispatcher(op).active().key;
}

const std::vector<dispatch::ProbeTime>& packed_probe_times(PackedOp op) {
  return dispatcher(op).probe_times();
}

Status packed_set_strategy(PackedOp op, PackedStrategy strategy) {
  return dispatcher(op).select(packed_strategy_name(strategy));
}

Status packed_mul_b8(std::span<const std::uint8_t> a, std::span<const std::uint8_t> b,
                     std::span<std::uint8_t> out) {
  if (Status s = check_sizes(a.size(), b.size(), out.size()); !s) return s;
  active_kernel(PackedOp::mul_b8).mul_b8(a.data(), b.data(), out.data(), out.size());
  return Ok{};
}

Status packed_mul_b32(std::span<const std::uint32_t> a, std::span<const std::uint32_t> b,
                      std::span<std::uint32_t> out) {
  if (Status s = check_sizes(a.size(), b.size(), out.size()); !s) return s;
  active_kernel(PackedOp::mul_b32).mul_b32(a.data(), b.data(), out.data(), out.size());
  return Ok{};
}

Status packed_mul_b128(std::span<const B128> a, std::span<const B128> b, std::span<B128> out) {
  if (Status s = check_sizes(a.size(), b.size(), out.size()); !s) return s;
  // The kernels take the elements' storage (B128 is a uint128, tower.hpp).
  active_kernel(PackedOp::mul_b128)
      .mul_b128(reinterpret_cast<const uint128*>(a.data()),
                reinterpret_cast<const uint128*>(b.data()), reinterpret_cast<uint128*>(out.data()),
                out.size());
  return Ok{};
}

namespace detail {
void active_packed_mul_b8(const std::uint8_t* a, const std::uint8_t* b, std::uint8_t* out,
                          std::size_t n) noexcept {
  active_kernel(PackedOp::mul_b8).mul_b8(a, b, out, n);
}
void active_packed_mul_b32(const std::uint32_t* a, const std::uint32_t* b, std::uint32_t* out,
                           std::size_t n) noexcept {
  active_kernel(PackedOp::mul_b32).mul_b32(a, b, out, n);
}

bool gfni_kernel_runs() noexcept {
#if defined(MERKLEFORGE_EMULATED_GFNI)
  return true;  // SIMDe implements the kernel's intrinsics with baseline instructions
#else
  return cpu_features().gfni && cpu_features().avx2;
#endif
}
}  // namespace detail

}  // namespace merkleforge::binius
