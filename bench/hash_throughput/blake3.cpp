// BLAKE3: the batch API against one Blake3::digest per message on the same messages ("oneshot"),
// the measure of batching. The official BLAKE3 (b3sum) is compared on a large file with
// `mforge hash --algo blake3` (see docs/benchmarks.md).
#include "merkleforge/hash/blake3.hpp"

#include "harness.hpp"

namespace merkleforge::hash_bench {
namespace {

void blake3_oneshot(const std::uint8_t* data, std::size_t size, Digest32& out) {
  out = Blake3::digest(ByteSpan(data, size));
}

const bool registered = [] {
  register_merkleforge<Blake3>("blake3");
  benchmark::RegisterBenchmark("hash/blake3/batch64/oneshot", batch_peer, 0, blake3_oneshot);
  benchmark::RegisterBenchmark("hash/blake3/node65/oneshot", batch_peer, 1, blake3_oneshot);
  return true;
}();

}  // namespace
}  // namespace merkleforge::hash_bench
