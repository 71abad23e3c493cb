// Packed products: which strategy implements which operation, what the CPU runs, the active
// choice per operation, and the span wrappers.
#include "merkleforge/binius/packed.hpp"

#include <array>
#include <atomic>
#include <string>

#include "binius/packed_kernel.hpp"
#include "merkleforge/core/cpu.hpp"

namespace merkleforge::binius {
namespace {

/// Slowest first; the default of an operation is the last one it implements that the CPU runs.
constexpr std::array<PackedStrategy, 4> kStrategies = {
    PackedStrategy::table, PackedStrategy::polyval, PackedStrategy::pshufb, PackedStrategy::gfni};
constexpr std::array<PackedOp, 3> kOps = {PackedOp::mul_b8, PackedOp::mul_b32, PackedOp::mul_b128};

const detail::PackedKernel& kernel_of(PackedStrategy strategy) noexcept {
  switch (strategy) {
    case PackedStrategy::polyval:
      return detail::kPackedPolyval;
    case PackedStrategy::pshufb:
      return detail::kPackedPshufb;
    case PackedStrategy::gfni:
      return detail::kPackedGfni;
    case PackedStrategy::table:
      break;
  }
  return detail::kPackedTable;
}

bool implements(PackedStrategy strategy, PackedOp op) noexcept {
  const detail::PackedKernel& kernel = kernel_of(strategy);
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

bool cpu_runs(PackedStrategy strategy) noexcept {
  const CpuFeatures& f = cpu_features();
  switch (strategy) {
    case PackedStrategy::table:
    case PackedStrategy::polyval:  // the POLYVAL kernels dispatch on their own
      return true;
    case PackedStrategy::pshufb:
      return f.avx2;
    case PackedStrategy::gfni:
      return detail::gfni_kernel_runs();
  }
  return false;
}

bool usable(PackedStrategy strategy, PackedOp op) noexcept {
  return implements(strategy, op) && cpu_runs(strategy);
}

PackedStrategy best_strategy(PackedOp op) noexcept {
  PackedStrategy best = PackedStrategy::table;
  for (PackedStrategy strategy : kStrategies) {
    if (usable(strategy, op)) best = strategy;
  }
  return best;
}

std::atomic<PackedStrategy>& active_slot(PackedOp op) noexcept {
  static std::array<std::atomic<PackedStrategy>, kOps.size()> slots = {
      best_strategy(PackedOp::mul_b8), best_strategy(PackedOp::mul_b32),
      best_strategy(PackedOp::mul_b128)};
  return slots[static_cast<std::size_t>(op)];
}

const detail::PackedKernel& active_kernel(PackedOp op) noexcept {
  return kernel_of(active_slot(op).load(std::memory_order_relaxed));
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
  std::vector<PackedStrategy> strategies;
  for (PackedStrategy strategy : kStrategies) {
    if (usable(strategy, op)) strategies.push_back(strategy);
  }
  return strategies;
}

PackedStrategy packed_active_strategy(PackedOp op) noexcept {
  return active_slot(op).load(std::memory_order_relaxed);
}

Status packed_set_strategy(PackedOp op, PackedStrategy strategy) {
  if (!usable(strategy, op)) {
    return make_error(Errc::unsupported,
                      "binius: no " + std::string(packed_strategy_name(strategy)) +
                          " strategy for " + std::string(packed_op_name(op)) + " on this CPU");
  }
  active_slot(op).store(strategy, std::memory_order_relaxed);
  return Ok{};
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

Status packed_mul_b128(std::span<const uint128> a, std::span<const uint128> b,
                       std::span<uint128> out) {
  if (Status s = check_sizes(a.size(), b.size(), out.size()); !s) return s;
  active_kernel(PackedOp::mul_b128).mul_b128(a.data(), b.data(), out.data(), out.size());
  return Ok{};
}

namespace detail {
bool gfni_kernel_runs() noexcept {
#if defined(MERKLEFORGE_EMULATED_GFNI)
  return true;  // SIMDe implements the kernel's intrinsics with baseline instructions
#else
  return cpu_features().gfni && cpu_features().avx2;
#endif
}
}  // namespace detail

}  // namespace merkleforge::binius
