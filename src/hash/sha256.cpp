// SHA-256 front end: incremental state, one-shot digest, hash_many, and the run-time choice of
// kernel family (core/dispatch.hpp).
#include "merkleforge/hash/sha256.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>

#include "hash_dispatch.hpp"
#include "sha256_batch_plan.hpp"

namespace merkleforge {
namespace {

namespace k = sha256_detail;
using k::BatchPlan;
using k::KernelSet;
using k::State;

KernelSet portable_kernel_set() noexcept {
  return {Isa::portable,
          Isa::portable,
          k::compress_portable,
          k::finish_portable,
          k::hash_pair_portable,
          k::hash_pairs_portable,
          k::fold_path_portable,
          {1, k::hash_lanes_portable},
          {1, k::hash_lanes_portable}};
}

#if MERKLEFORGE_X86_KERNELS
/// The kernels of family `isa`. The vector families hash batches only; their single-stream work
/// goes to SHA-NI when the CPU has it.
KernelSet make_kernel_set(Isa isa) noexcept {
  const bool shani = cpu_supports(Isa::shani);
  const k::LaneKernel single =
      shani ? k::LaneKernel{1, k::hash_lanes_shani_x1} : k::LaneKernel{1, k::hash_lanes_portable};
  const k::CompressFn compress = shani ? k::compress_shani : k::compress_portable;
  const k::FinishFn finish = shani ? k::finish_shani : k::finish_portable;
  const k::PairFn pair = shani ? k::hash_pair_shani : k::hash_pair_portable;
  const k::PairsFn pairs = shani ? k::hash_pairs_shani : k::hash_pairs_portable;
  const k::FoldFn fold = shani ? k::fold_path_shani : k::fold_path_portable;
  const Isa stream = shani ? Isa::shani : Isa::portable;
  switch (isa) {
    case Isa::shani:
      return {isa,
              isa,
              k::compress_shani,
              k::finish_shani,
              k::hash_pair_shani,
              k::hash_pairs_shani,
              k::fold_path_shani,
              {2, k::hash_lanes_shani_x2},
              single};
    case Isa::avx2:
      return {isa, stream, compress, finish, pair, pairs, fold, {8, k::hash_lanes_avx2}, single};
    case Isa::avx512:
      return {isa, stream, compress, finish, pair, pairs, fold, {16, k::hash_lanes_avx512}, single};
    default:
      return portable_kernel_set();
  }
}
#endif

/// Families in the order hash_many() runs fastest. Measured on AMD EPYC: two interleaved SHA-NI
/// streams hash 64-byte and 65-byte messages about 3x faster than 8-lane AVX2 (Zen 3, no
/// AVX-512); on a host with both (2026-12-01), 16-lane AVX-512 hashes them 1.12-1.14x (64 B) and
/// 1.27x (65 B) faster than SHA-NI, and a one-thread 1M-leaf tree builds 1.14x faster. The
/// AVX-512 family still sends single streams to SHA-NI when the CPU has it (make_kernel_set).
std::vector<hash_dispatch::Candidate<KernelSet>> kernels_best_first() {
  using hash_dispatch::candidate;
  std::vector<hash_dispatch::Candidate<KernelSet>> kernels;
#if MERKLEFORGE_X86_KERNELS  // the instruction-set kernels exist on x86-64 only (core/cpu.hpp)
  kernels = {candidate<Isa::avx512>(make_kernel_set(Isa::avx512)),
             candidate<Isa::shani>(make_kernel_set(Isa::shani)),
             candidate<Isa::avx2>(make_kernel_set(Isa::avx2))};
#endif
  kernels.push_back(candidate<Isa::portable>(portable_kernel_set()));
  return kernels;
}

hash_dispatch::Dispatcher<KernelSet>& dispatcher() {
  static hash_dispatch::Dispatcher<KernelSet> kernels(Sha256::kName, kernels_best_first());
  return kernels;
}

const KernelSet& active() noexcept {
  return dispatcher().active().table;
}

/// Longest tail finish() takes: with its padding (0x80 and the 64-bit length) it fills two blocks.
constexpr std::size_t kMaxTail = 2 * Sha256::kBlockSize - 9;

/// The digest of a message of `total_length` bytes whose first bytes `state` has absorbed and
/// whose remaining `tail` (at most kMaxTail bytes) the kernel compresses with the padding.
Digest32 finish(const KernelSet& kernels, const State& state, ByteSpan tail,
                std::uint64_t total_length) noexcept {
  std::uint8_t blocks[2 * Sha256::kBlockSize] = {};
  if (!tail.empty()) std::memcpy(blocks, tail.data(), tail.size());
  blocks[tail.size()] = 0x80;
  const std::size_t block_count = tail.size() + 9 <= Sha256::kBlockSize ? 1 : 2;
  k::store_be64(blocks + block_count * Sha256::kBlockSize - 8, total_length * 8);
  Digest32 digest;
  kernels.finish(state, blocks, block_count, digest.data());
  return digest;
}

}  // namespace

Sha256::Sha256() noexcept : state_(k::kInitialState), buffer_{} {}

Sha256& Sha256::update(ByteSpan data) noexcept {
  if (data.empty()) return *this;  // its data() may be null, which memcpy must not see
  const KernelSet& kernels = active();
  const std::size_t buffered = length_ % kBlockSize;
  length_ += data.size();
  std::size_t used = 0;
  if (buffered > 0) {
    used = std::min(data.size(), kBlockSize - buffered);
    std::memcpy(buffer_.data() + buffered, data.data(), used);
    if (buffered + used < kBlockSize) return *this;
    kernels.compress(state_, buffer_.data(), 1);
  }
  const std::size_t whole_blocks = (data.size() - used) / kBlockSize;
  if (whole_blocks > 0) kernels.compress(state_, data.data() + used, whole_blocks);
  used += whole_blocks * kBlockSize;
  if (used < data.size()) std::memcpy(buffer_.data(), data.data() + used, data.size() - used);
  return *this;
}

Digest32 Sha256::finalize() noexcept {
  return finish(active(), state_, ByteSpan(buffer_.data(), length_ % kBlockSize), length_);
}

void Sha256::compress(std::array<std::uint32_t, 8>& state, const std::uint8_t* block) noexcept {
  active().compress(state, block, 1);
}

const std::array<std::uint32_t, 64>& Sha256::round_constants() noexcept {
  return k::kRoundConstants;
}

Digest32 Sha256::digest(ByteSpan data) noexcept {
  const KernelSet& kernels = active();
  State state = k::kInitialState;
  // A message of up to kMaxTail bytes (hashes of hashes, Merkle leaves) is one kernel call.
  std::size_t done = 0;
  if (data.size() > kMaxTail) {
    done = data.size() / kBlockSize * kBlockSize;
    kernels.compress(state, data.data(), done / kBlockSize);
  }
  return finish(kernels, state, data.subspan(done), data.size());
}

void Sha256::hash_many(ByteSpan prefix, const std::uint8_t* messages, std::size_t message_size,
                       std::size_t count, Digest32* out) noexcept {
  if (count == 0) return;
  const KernelSet& kernels = active();
  const BatchPlan plan(prefix, message_size, kernels.compress);
  std::size_t i = 0;
  const std::size_t wide = kernels.wide.lanes;
  for (; wide > 1 && count - i >= wide; i += wide) {
    const std::uint8_t* group[k::kMaxLanes];
    for (std::size_t lane = 0; lane < wide; ++lane)
      group[lane] = messages + (i + lane) * message_size;
    kernels.wide.hash(plan, group, out + i);
  }
  for (; i < count; ++i) {
    const std::uint8_t* message = messages + i * message_size;
    kernels.narrow.hash(plan, &message, out + i);
  }
}

Sha256::PairPrefix::PairPrefix(const std::array<std::uint8_t, 16>& prefix) noexcept {
  for (std::size_t i = 0; i < 4; ++i) words_[i] = k::load_be32(prefix.data() + 4 * i);
  after_rounds_ = k::first_four_rounds(words_.data());
}

Digest32 Sha256::hash_pair(const PairPrefix& prefix, const Digest32& left,
                           const Digest32& right) noexcept {
  Digest32 out;
  active().pair(prefix.words_.data(), prefix.after_rounds_, left.data(), right.data(), out.data());
  return out;
}

void Sha256::hash_pairs(const PairPrefix& prefix, const std::array<Digest32, 2>* const* children,
                        std::size_t count, Digest32* const* out) noexcept {
  active().pairs(prefix.words_.data(), prefix.after_rounds_, children, count, out);
}

Digest32 Sha256::fold_path(const PairPrefix& prefix, const Digest32& start,
                           const Digest32* siblings, std::size_t count, const Digest32& path,
                           Digest32* nodes) {
  if (count > 256) throw std::invalid_argument("Sha256::fold_path: more than 256 levels");
  // One sibling is read per level, ~80 ns apart: fetch them all now, the loads overlapping, rather
  // than let a level wait for its sibling when a proof is no longer in the cache.
  const auto* sibling_bytes = reinterpret_cast<const char*>(siblings);
  for (std::size_t offset = 0; offset < count * sizeof(Digest32); offset += 64)
    __builtin_prefetch(sibling_bytes + offset);
  if (count > 0) __builtin_prefetch(sibling_bytes + count * sizeof(Digest32) - 1);
  Digest32 out;
  active().fold(prefix.words_.data(), prefix.after_rounds_, start.data(), siblings, count,
                path.data(), nodes, out.data());
  return out;
}

std::vector<Isa> Sha256::available_kernels() {
  return dispatcher().available();
}

Isa Sha256::active_kernel() noexcept {
  return dispatcher().active().key;
}

Isa Sha256::stream_kernel() noexcept {
  return dispatcher().active().table.stream;
}

Status Sha256::set_kernel(Isa isa) {
  return dispatcher().select(isa_name(isa));
}

}  // namespace merkleforge
