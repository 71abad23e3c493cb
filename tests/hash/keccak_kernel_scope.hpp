// Test helper: runs code under each Keccak kernel this CPU supports, restoring the active one.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "merkleforge/hash/keccak.hpp"

namespace merkleforge::test {

/// Switches the Keccak kernel for the lifetime of the scope.
class KeccakKernelScope {
 public:
  explicit KeccakKernelScope(Isa isa) : saved_(KeccakKernels::active_kernel()) {
    const Status status = KeccakKernels::set_kernel(isa);
    if (!status) throw std::runtime_error(status.error().message);
  }
  ~KeccakKernelScope() { (void)KeccakKernels::set_kernel(saved_); }
  KeccakKernelScope(const KeccakKernelScope&) = delete;
  KeccakKernelScope& operator=(const KeccakKernelScope&) = delete;

 private:
  Isa saved_;
};

/// Calls body() once under every available kernel, labelling failures with the kernel's name.
template <class Body>
void for_each_keccak_kernel(Body body) {
  for (Isa isa : KeccakKernels::available_kernels()) {
    SCOPED_TRACE("kernel " + std::string(isa_name(isa)));
    KeccakKernelScope scope(isa);
    body();
  }
}

}  // namespace merkleforge::test
