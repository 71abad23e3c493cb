// EIP-6800 tree keys and execution-witness verification of the C API.
#include <string_view>

#include "capi_internal.hpp"
#include "merkleforge/verkle/tree_key.hpp"
#include "merkleforge/verkle/witness.hpp"

using namespace merkleforge;
using namespace merkleforge::capi;

namespace {

/// Verifies a parsed witness: the library's malformed_input (a witness that cannot be well
/// formed) stays an error, corrupt_data (the multiproof does not verify) is the verdict false.
mf_ret verdict(bool* ok, const Digest32& pre_state_root,
               Result<verkle::ExecutionWitness>&& parsed) {
  if (!parsed) fail(MF_MALFORMED, parsed.error().message);
  const Status verified = verkle::verify_execution_witness(*parsed, pre_state_root);
  if (!verified && verified.error().code != Errc::corrupt_data) fail(verified.error());
  *ok = verified.ok();
  return MF_OK;
}

}  // namespace

extern "C" {

mf_ret mf_verkle_tree_key(mf_bytes32* out, const mf_bytes32* address32,
                          const mf_bytes32* tree_index_le, uint8_t sub_index) {
  return guard([&] {
    need(out, "out");
    const verkle::Address32 address = digest_of(address32, "address32");
    const Digest32 index_bytes = digest_of(tree_index_le, "tree_index_le");
    verkle::TreeIndex index{};
    for (std::size_t i = 0; i < index_bytes.size(); ++i) {
      index[i / 8] |= std::uint64_t{index_bytes[i]} << (8 * (i % 8));
    }
    store(out, verkle::get_tree_key(address, index, sub_index));
    return MF_OK;
  });
}

mf_ret mf_verkle_verify_witness_json(bool* ok, const mf_bytes32* pre_state_root, const char* json,
                                     size_t len) {
  return guard([&] {
    need(ok, "ok");
    const Digest32 root = digest_of(pre_state_root, "pre_state_root");
    const ByteSpan text = bytes_of(json, len, "json");
    return verdict(
        ok, root,
        verkle::parse_execution_witness({reinterpret_cast<const char*>(text.data()), text.size()}));
  });
}

mf_ret mf_verkle_verify_witness_ssz(bool* ok, const mf_bytes32* pre_state_root, const uint8_t* ssz,
                                    size_t len) {
  return guard([&] {
    need(ok, "ok");
    const Digest32 root = digest_of(pre_state_root, "pre_state_root");
    return verdict(ok, root, verkle::parse_execution_witness_ssz(bytes_of(ssz, len, "ssz")));
  });
}

}  // extern "C"
