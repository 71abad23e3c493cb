// What the replaceable global operator new handed out in this benchmark process, for the counters
// alloc_bytes_per_op and allocs_per_op beside go-verkle's alloc/op and allocs/op.
//
// Counted: every call of operator new (plain, array, aligned and nothrow forms) from any thread,
// the standard containers and std::make_unique included, with the bytes asked for. Not counted:
// memory taken from malloc, aligned_alloc or mmap directly (the fixed-base tables, built once per
// process before timing; TBB's task pools, which it takes from malloc) and malloc's rounding and
// headers. Totals only: a delete subtracts nothing, as Go's figures are totals too.
//
// Go's alloc/op and allocs/op (testing.B.ReportAllocs, as benchstat shows them) are the growth of
// runtime.MemStats TotalAlloc and Mallocs over the timed loop divided by b.N: heap objects of all
// goroutines, each small one rounded up to its size class; values the compiler keeps on the stack
// are not counted. So the two sides count the same kind of event (a heap allocation during the
// timed work) with different allocators: comparable in order of magnitude, not like for like.
#pragma once

#include <cstdint>

struct AllocationTotals {
  std::uint64_t bytes = 0;
  std::uint64_t calls = 0;
};

/// Totals since the process started.
AllocationTotals allocation_totals() noexcept;
