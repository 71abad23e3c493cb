// The lincheck's fold of z over the instances (prove.cpp, fold_instances): each instance's words
// add its eq weight to the field elements of their set bits. Kernels: portable (one addition per
// set bit) and avx512 (four elements per register, a masked XOR per four bits, all-zero words
// skipped: Keccak-f's and SHA-256's padding).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "merkleforge/binius/polyval.hpp"
#include "merkleforge/core/cpu.hpp"
#include "merkleforge/core/dispatch.hpp"

namespace merkleforge::boolean::detail {

/// folded[64·w + k] += weight for every set bit k of words[w], w < count.
struct FoldKernel {
  void (*add_words)(const std::uint64_t* words, std::size_t count, binius::B128P weight,
                    binius::B128P* folded) noexcept;
};

extern const FoldKernel kFoldPortable;
#if MERKLEFORGE_X86_KERNELS
extern const FoldKernel kFoldAvx512;
#endif

/// The kernels by name: active() the one in use, available() those this CPU runs (slowest first),
/// select(name) for tests.
using FoldDispatcher = dispatch::Dispatcher<std::string_view, const FoldKernel*>;
FoldDispatcher& fold_kernels();

}  // namespace merkleforge::boolean::detail
