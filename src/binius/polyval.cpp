// POLYVAL basis: kernel dispatch (core/dispatch.hpp), the derived basis change, and the span
// wrappers.
#include "merkleforge/binius/polyval.hpp"

#include <array>
#include <cstring>
#include <new>
#include <stdexcept>
#include <string>

#include "gf2_linear.hpp"
#include "merkleforge/binius/kernels.hpp"
#include "merkleforge/core/cpu.hpp"
#include "merkleforge/core/dispatch.hpp"
#include "polyval_kernel.hpp"
#include "probe_values.hpp"

namespace merkleforge::binius {
namespace {

// x^128 ≡ x^127 + x^126 + x^121 + 1 modulo the POLYVAL polynomial.
constexpr uint128 kPolyvalTail = make_uint128(0xc200000000000000ULL, 1);

#if MERKLEFORGE_X86_KERNELS
bool pclmul_runs() noexcept {
  return cpu_features().pclmul && cpu_features().sse41;
}

bool vpclmul_runs() noexcept {
#if defined(MERKLEFORGE_EMULATED_VPCLMUL)
  // The emulated-ISA test library (tests/emulated_isa) compiles this kernel against SIMDe, which
  // implements its AVX2 and (V)PCLMULQDQ intrinsics with baseline instructions.
  return true;
#else
  return cpu_features().vpclmulqdq && cpu_features().pclmul && cpu_features().avx2;
#endif
}

bool vpclmul512_runs() noexcept {
#if defined(MERKLEFORGE_EMULATED_VPCLMUL512)
  return true;  // compiled against SIMDe, as vpclmul_runs says
#elif defined(MERKLEFORGE_EMULATED_AVX512) || defined(MERKLEFORGE_EMULATED_IFMA)
  // An emulated-ISA library that reports AVX-512 on any CPU for its SIMDe kernels but compiles
  // this one natively must not offer it.
  return false;
#else
  const CpuFeatures& cpu = cpu_features();
  return cpu.vpclmulqdq && cpu.pclmul && cpu.avx512f && cpu.avx512vl && cpu.avx512bw;
#endif
}
#endif

using Dispatcher = dispatch::Dispatcher<PolyvalIsa, const PolyvalKernel*>;

/// Fastest first; the carry-less multiply kernels exist on x86-64 only (core/cpu.hpp).
std::vector<Dispatcher::Kernel> kernels_best_first() {
  std::vector<Dispatcher::Kernel> kernels;
#if MERKLEFORGE_X86_KERNELS
  kernels = {{PolyvalIsa::vpclmul512, "vpclmul512", vpclmul512_runs, &detail::kPolyvalVpclmul512},
             {PolyvalIsa::vpclmul, "vpclmul", vpclmul_runs, &detail::kPolyvalVpclmul},
             {PolyvalIsa::pclmul, "pclmul", pclmul_runs, &detail::kPolyvalPclmul}};
#endif
  kernels.push_back(
      {PolyvalIsa::portable, "portable", dispatch::runs_everywhere, &detail::kPolyvalPortable});
  return kernels;
}

/// The measured choice's workload (core/dispatch.hpp): what the NTT and the sumchecks run, 2 Ki
/// products and 1 Ki butterflies (about 3 µs with vpclmul512 on the Zen 5 host).
void polyval_probe(const PolyvalKernel* const& kernel) {
  static std::array<B128P, detail::kProbeValues> out;
  const auto& in = detail::probe_values<B128P>();
  kernel->mul(in.data(), in.data() + 1, out.data(), in.size() - 1);
  kernel->forward_butterflies(out.data(), out.data() + 1024, in[0], 1024);
}

Dispatcher& dispatcher() {
  static Dispatcher kernels("polyval", kernels_best_first(), polyval_probe);
  return kernels;
}

/// A root y of y^2 + c·y + 1 in the POLYVAL field (y -> y^2 + c·y is GF(2)-linear, so this is a
/// linear system). Every call below has a root: the tower level it builds embeds in GF(2^128).
uint128 root_of_tower_quadratic(uint128 c) {
  std::array<uint128, 128> images{};
  for (unsigned i = 0; i < 128; ++i) {
    const uint128 unit = uint128{1} << i;
    images[i] = polyval_mul_reference(unit, unit) ^ polyval_mul_reference(c, unit);
  }
  const auto root = detail::Gf2LinearSolver(images).preimage(1);
  if (!root) throw std::logic_error("binius: tower quadratic has no root in the POLYVAL field");
  return *root;
}

/// Montgomery-form images of the canonical basis: bit i of the tower is prod_{j in bits(i)} X_j,
/// and X_0 ... X_6 map to successive roots of the tower's defining quadratics.
std::array<uint128, 128> canonical_basis_images() {
  std::array<uint128, 7> generator{};
  uint128 previous = 1;  // X_0^2 + 1·X_0 + 1 = 0
  for (unsigned k = 0; k < 7; ++k) previous = generator[k] = root_of_tower_quadratic(previous);
  std::array<uint128, 128> images{};
  for (unsigned i = 0; i < 128; ++i) {
    uint128 monomial = 1;
    for (unsigned k = 0; k < 7; ++k) {
      if ((i >> k) & 1) monomial = polyval_mul_reference(monomial, generator[k]);
    }
    images[i] = polyval_mul_reference(monomial, B128P::one().bits());
  }
  return images;
}

/// One direction of the basis change: byte tables for single values, affine blocks for the bulk
/// kernel.
struct LinearMap {
  explicit LinearMap(const std::array<uint128, 128>& images) : tables(images), blocks(images) {}
  detail::Gf2ByteTables tables;
  detail::Gf2AffineBlocks blocks;
};

struct BasisChange {
  LinearMap forward;
  LinearMap backward;
};

std::array<uint128, 128> inverse_images(const std::array<uint128, 128>& images) {
  const detail::Gf2LinearSolver solver(images);
  std::array<uint128, 128> inverse{};
  for (unsigned i = 0; i < 128; ++i) {
    const auto source = solver.preimage(uint128{1} << i);
    if (!source) throw std::logic_error("binius: canonical -> POLYVAL map is not invertible");
    inverse[i] = *source;
  }
  return inverse;
}

const BasisChange& basis_change() {
  static const BasisChange change = [] {
    const auto images = canonical_basis_images();
    return BasisChange{LinearMap(images), LinearMap(inverse_images(images))};
  }();
  return change;
}

// The bulk basis changes' kernels: the tables map what the active kernel leaves.
enum class BasisKernel { table, gfni512 };

std::size_t leave_to_tables(const detail::Gf2AffineBlocks&, void*, std::size_t) noexcept {
  return 0;
}
const detail::Gf2BulkKernel kGf2BulkTable = {&leave_to_tables};

#if MERKLEFORGE_X86_KERNELS
bool gfni512_runs() noexcept {
#if defined(MERKLEFORGE_EMULATED_GFNI512)
  // The emulated-ISA test library (tests/emulated_isa) compiles this kernel against SIMDe, which
  // implements its AVX-512 and GFNI intrinsics with baseline instructions.
  return true;
#elif defined(MERKLEFORGE_EMULATED_AVX512) || defined(MERKLEFORGE_EMULATED_IFMA) || \
    defined(MERKLEFORGE_EMULATED_GFNI)
  // An emulated-ISA library that reports AVX-512 or GFNI on any CPU for its SIMDe kernels but
  // compiles this one natively must not offer it.
  return false;
#else
  const CpuFeatures& cpu = cpu_features();
  return cpu.gfni && cpu.avx512f && cpu.avx512bw && cpu.avx512vbmi;
#endif
}
#endif

/// Maps `count` values at `values` (16 bytes each) in place: the bulk kernel's whole groups, then
/// the rest value by value.
void map_with(const detail::Gf2BulkKernel& kernel, const LinearMap& map, void* values,
              std::size_t count) noexcept {
  const std::size_t done = kernel.apply(map.blocks, values, count);
  auto* bytes = static_cast<unsigned char*>(values);
  for (std::size_t i = done; i < count; ++i) {
    uint128 value;
    std::memcpy(&value, bytes + 16 * i, sizeof value);
    value = map.tables.apply(value);
    std::memcpy(bytes + 16 * i, &value, sizeof value);
  }
}

/// The measured choice's workload: one basis change of 2 Ki values.
void basis_probe(const detail::Gf2BulkKernel* const& kernel) {
  static std::array<uint128, detail::kProbeValues> values;
  values = detail::probe_values<uint128>();
  map_with(*kernel, basis_change().forward, values.data(), values.size());
}

using BasisDispatcher = dispatch::Dispatcher<BasisKernel, const detail::Gf2BulkKernel*>;

BasisDispatcher& basis_dispatcher() {
  static BasisDispatcher kernels(
      "basis",
      [] {
        std::vector<BasisDispatcher::Kernel> best_first;
#if MERKLEFORGE_X86_KERNELS
        best_first.push_back(
            {BasisKernel::gfni512, "gfni512", gfni512_runs, &detail::kGf2BulkGfni512});
#endif
        best_first.push_back(
            {BasisKernel::table, "table", dispatch::runs_everywhere, &kGf2BulkTable});
        return best_first;
      }(),
      basis_probe);
  return kernels;
}

std::string_view basis_kernel_name(BasisKernel kernel) noexcept {
  return kernel == BasisKernel::gfni512 ? "gfni512" : "table";
}

void map_in_place(const LinearMap& map, void* values, std::size_t count) noexcept {
  map_with(*basis_dispatcher().active().table, map, values, count);
}

Status check_sizes(std::size_t a, std::size_t b) {
  if (a == b) return Ok{};
  return make_error(Errc::wrong_size, "binius: span lengths differ (" + std::to_string(a) +
                                          " and " + std::to_string(b) + ")");
}

}  // namespace

uint128 polyval_mul_reference(uint128 a, uint128 b) noexcept {
  uint128 product = 0;
  for (int i = 127; i >= 0; --i) {
    const bool carry = (product >> 127) != 0;
    product = (product << 1) ^ (carry ? kPolyvalTail : 0);
    if ((b >> i) & 1) product ^= a;
  }
  return product;
}

B128P to_polyval(B128 canonical) noexcept {
  return B128P::from_bits(basis_change().forward.tables.apply(canonical.value()));
}
B128 to_canonical(B128P polyval) noexcept {
  return B128(basis_change().backward.tables.apply(polyval.bits()));
}

std::vector<B128P> to_polyval(std::span<const B128> canonical) {
  std::vector<B128P> out(canonical.size());
  to_polyval(canonical, out);
  return out;
}

std::vector<B128> to_canonical(std::span<const B128P> polyval) {
  std::vector<B128> out(polyval.size());
  to_canonical(polyval, out);
  return out;
}

// The storage is reused through std::launder: B128 and B128P are implicit-lifetime types of the
// same size, and each group of elements is read into registers before its slots are written as
// the other type.
std::span<B128P> to_polyval_in_place(std::span<B128> values) noexcept {
  map_in_place(basis_change().forward, values.data(), values.size());
  return {std::launder(reinterpret_cast<B128P*>(values.data())), values.size()};
}

std::span<B128> to_canonical_in_place(std::span<B128P> values) noexcept {
  map_in_place(basis_change().backward, values.data(), values.size());
  return {std::launder(reinterpret_cast<B128*>(values.data())), values.size()};
}

void to_polyval(std::span<const B128> in, std::span<B128P> out) noexcept {
  if (in.empty()) return;
  std::memcpy(static_cast<void*>(out.data()), in.data(), in.size() * sizeof(B128P));
  map_in_place(basis_change().forward, out.data(), out.size());
}

void to_canonical(std::span<const B128P> in, std::span<B128> out) noexcept {
  if (in.empty()) return;
  std::memcpy(static_cast<void*>(out.data()), in.data(), in.size() * sizeof(B128));
  map_in_place(basis_change().backward, out.data(), out.size());
}

std::vector<std::string_view> basis_change_kernels() {
  std::vector<std::string_view> names;
  for (BasisKernel kernel : basis_dispatcher().available())
    names.push_back(basis_kernel_name(kernel));
  return names;
}

std::string_view basis_change_active_kernel() noexcept {
  return basis_dispatcher().active().name;
}

Status basis_change_select(std::string_view kernel) {
  return basis_dispatcher().select(kernel);
}

std::string_view polyval_isa_name(PolyvalIsa isa) noexcept {
  switch (isa) {
    case PolyvalIsa::portable:
      return "portable";
    case PolyvalIsa::pclmul:
      return "pclmul";
    case PolyvalIsa::vpclmul:
      return "vpclmul";
    case PolyvalIsa::vpclmul512:
      return "vpclmul512";
  }
  return "unknown";
}

std::vector<PolyvalIsa> polyval_available_isas() {
  return dispatcher().available();
}

PolyvalIsa polyval_active_isa() noexcept {
  return dispatcher().active().key;
}

const std::vector<dispatch::ProbeTime>& polyval_probe_times() {
  return dispatcher().probe_times();
}

const std::vector<dispatch::ProbeTime>& basis_change_probe_times() {
  return basis_dispatcher().probe_times();
}

Status polyval_set_isa(PolyvalIsa isa) {
  return dispatcher().select(polyval_isa_name(isa));
}

const PolyvalKernel& active_polyval_kernel() noexcept {
  return *dispatcher().active().table;
}

uint128 b128_mul(uint128 a, uint128 b) noexcept {
  return to_canonical(to_polyval(B128(a)) * to_polyval(B128(b))).value();
}

B128P operator*(B128P a, B128P b) noexcept {
  B128P out;
  active_polyval_kernel().mul(&a, &b, &out, 1);
  return out;
}

B128P B128P::inverse() const noexcept {
  return to_polyval(to_canonical(*this).inverse());  // the tower's recursive inverse
}

Status polyval_mul(std::span<const B128P> a, std::span<const B128P> b, std::span<B128P> out) {
  if (Status s = check_sizes(a.size(), b.size()); !s) return s;
  if (Status s = check_sizes(a.size(), out.size()); !s) return s;
  active_polyval_kernel().mul(a.data(), b.data(), out.data(), out.size());
  return Ok{};
}

Status polyval_mul_scalar(std::span<const B128P> a, B128P scalar, std::span<B128P> out) {
  if (Status s = check_sizes(a.size(), out.size()); !s) return s;
  active_polyval_kernel().mul_scalar(a.data(), scalar, out.data(), out.size());
  return Ok{};
}

std::vector<B128P> polyval_eq_tensor(std::span<const B128P> point) {
  // Each variable doubles the table: eq[i + half] = eq[i]·r, eq[i] = eq[i]·(1 + r).
  std::vector<B128P> eq(std::size_t{1} << point.size());
  eq[0] = B128P::one();
  const auto& kernel = active_polyval_kernel();
  for (std::size_t j = 0; j < point.size(); ++j) {
    const std::size_t half = std::size_t{1} << j;
    kernel.mul_scalar(eq.data(), point[j], eq.data() + half, half);
    for (std::size_t i = 0; i < half; ++i) eq[i] += eq[i + half];
  }
  return eq;
}

}  // namespace merkleforge::binius
