// libFuzzer target: the stateless verifiers of the binary tree on arbitrary roots, sizes, indices
// and paths. They must return true or false without crashing or reading out of bounds.
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "merkleforge/binary/verify.hpp"

namespace {

struct Input {
  const std::uint8_t* data;
  std::size_t size;

  std::uint64_t u64() {
    std::uint64_t value = 0;
    const std::size_t n = size < 8 ? size : 8;
    std::memcpy(&value, data, n);
    data += n;
    size -= n;
    return value;
  }
  merkleforge::Digest32 digest() {
    merkleforge::Digest32 out{};
    const std::size_t n = size < 32 ? size : 32;
    std::memcpy(out.data(), data, n);
    data += n;
    size -= n;
    return out;
  }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace merkleforge;
  Input in{data, size};
  const std::uint8_t mode = size > 0 ? data[0] % 3 : 0;
  const Digest32 root = in.digest();
  const Digest32 other_root = in.digest();
  // Small sizes make the checks reachable; the high bits of the raw value still reach huge ones.
  const std::uint64_t a = in.u64();
  const std::uint64_t b = in.u64();
  const Digest32 leaf = in.digest();
  std::vector<Digest32> path;
  while (in.size >= 32) path.push_back(in.digest());
  switch (mode) {
    case 0:
      verify_inclusion<Sha256>(root, b, a, leaf, path);
      break;
    case 1:
      verify_consistency<Sha256>(root, a, other_root, b, path);
      break;
    default: {
      const std::vector<std::uint64_t> indices = {a % 64, b % 64};
      const std::vector<Digest32> leaves = {leaf, other_root};
      verify_multiproof<Sha256>(root, (a >> 8) % 128, indices, leaves, path);
    }
  }
  return 0;
}
