// Internal: the hashes' kernels as candidates of the common dispatcher (core/dispatch.hpp), named
// and keyed by their family (hash/kernel.hpp).
#pragma once

#include "merkleforge/core/dispatch.hpp"
#include "merkleforge/hash/kernel.hpp"

namespace merkleforge::hash_dispatch {

template <class Table>
using Dispatcher = dispatch::Dispatcher<Isa, Table>;
template <class Table>
using Candidate = dispatch::Candidate<Isa, Table>;

template <Isa isa>
bool cpu_runs() noexcept {
  return cpu_supports(isa);
}

/// The kernel `table` of family `isa`.
template <Isa isa, class Table>
dispatch::Candidate<Isa, Table> candidate(Table table) {
  return {isa, isa_name(isa), cpu_runs<isa>, table};
}

}  // namespace merkleforge::hash_dispatch
