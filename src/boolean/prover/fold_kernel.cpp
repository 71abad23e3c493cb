#include "fold_kernel.hpp"

#include <bit>

namespace merkleforge::boolean::detail {
namespace {

void add_words_portable(const std::uint64_t* words, std::size_t count, binius::B128P weight,
                        binius::B128P* folded) noexcept {
  for (std::size_t w = 0; w < count; ++w) {
    for (std::uint64_t bits = words[w]; bits != 0; bits &= bits - 1) {
      folded[64 * w + static_cast<std::size_t>(std::countr_zero(bits))] += weight;
    }
  }
}

#if MERKLEFORGE_X86_KERNELS
bool avx512_runs() noexcept {
  return cpu_features().avx512f;
}
#endif

}  // namespace

const FoldKernel kFoldPortable = {&add_words_portable};

FoldDispatcher& fold_kernels() {
  static FoldDispatcher kernels("fold", [] {
    std::vector<FoldDispatcher::Kernel> best_first;
#if MERKLEFORGE_X86_KERNELS
    best_first.push_back({"avx512", "avx512", avx512_runs, &kFoldAvx512});
#endif
    best_first.push_back({"portable", "portable", dispatch::runs_everywhere, &kFoldPortable});
    return best_first;
  }());
  return kernels;
}

}  // namespace merkleforge::boolean::detail
