// Bytes allocated through operator new in this benchmark process, for the allocated_MB counter
// (go-verkle reports allocations per TriesRandom run: 3.6 / 13 / 26 MB at 1K / 5K / 10K).
#pragma once

#include <cstddef>

std::size_t allocated_bytes() noexcept;
