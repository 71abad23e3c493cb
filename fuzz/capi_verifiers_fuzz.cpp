// libFuzzer target: every verifier and decoder of the C API (include/merkleforge.h) on arbitrary
// bytes. Byte 0 picks the function; a root comes next, then the rest is split into the function's
// inputs. Each call must return a code (never MF_INTERNAL or MF_NO_MEMORY: a C++ exception that
// escaped the library's own error handling) and, for a verifier, set its verdict.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "merkleforge.h"

namespace {

// (size[2, big-endian] ‖ bytes)* pieces of the input.
std::vector<mf_slice> pieces_of(const std::uint8_t* data, std::size_t size) {
  std::vector<mf_slice> pieces;
  while (size >= 2) {
    const std::size_t length = std::min<std::size_t>(std::size_t{data[0]} << 8 | data[1], size - 2);
    pieces.push_back({data + 2, length});
    data += 2 + length;
    size -= 2 + length;
  }
  return pieces;
}

void check(mf_ret ret) {
  if (ret == MF_INTERNAL || ret == MF_NO_MEMORY) __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1 + 32) return 0;
  const unsigned choice = data[0] % 9;
  mf_bytes32 root;
  std::memcpy(root.bytes, data + 1, 32);
  data += 33;
  size -= 33;
  const std::vector<mf_slice> pieces = pieces_of(data, size);
  const mf_slice first = pieces.empty() ? mf_slice{nullptr, 0} : pieces[0];
  const mf_slice* rest = pieces.size() > 1 ? pieces.data() + 1 : nullptr;
  const std::size_t rest_count = pieces.size() > 1 ? pieces.size() - 1 : 0;
  bool ok = false, more = false;
  mf_bytes32 key{};
  std::memcpy(key.bytes, first.data ? first.data : root.bytes,
              std::min<std::size_t>(first.len, 32));
  switch (choice) {
    case 0:
      check(mf_mpt_verify_proof(&ok, &root, first.data, first.len, nullptr, 0, rest, rest_count));
      break;
    case 1: {
      mf_address address{};
      std::memcpy(address.bytes, key.bytes, 20);
      mf_account account{};
      check(mf_mpt_verify_account_proof(&ok, &root, &address, &account, rest, rest_count));
      break;
    }
    case 2:
      check(mf_mpt_verify_range_proof(&ok, &more, &root, first.data, first.len, rest, rest,
                                      rest_count / 2, rest ? rest + rest_count / 2 : nullptr,
                                      rest_count - rest_count / 2));
      break;
    case 3:
      check(mf_sparse_verify_membership(&ok, MF_SHA256, &root, &key, first.data, first.len, data,
                                        size));
      break;
    case 4:
      check(mf_sparse_verify_non_membership(&ok, MF_BLAKE3, &root, &key, data, size));
      break;
    case 5:
      check(mf_verkle_verify_witness_json(&ok, &root, reinterpret_cast<const char*>(data), size));
      break;
    case 6:
      check(mf_verkle_verify_witness_ssz(&ok, &root, data, size));
      break;
    case 7:
      check(mf_mpt_genesis_root(&key, reinterpret_cast<const char*>(data), size));
      break;
    case 8: {
      std::vector<mf_bytes32> path(size / 32);
      if (!path.empty()) std::memcpy(path.data(), data, path.size() * 32);
      const std::uint64_t tree_size = size, index = first.len;
      check(mf_binary_verify_inclusion(&ok, MF_SHA256, &root, tree_size, index, &key, path.data(),
                                       path.size()));
      check(mf_binary_verify_consistency(&ok, MF_KECCAK256, &root, index, &key, tree_size,
                                         path.data(), path.size()));
      break;
    }
  }
  return 0;
}
