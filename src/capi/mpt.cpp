// The Ethereum Merkle Patricia trie of the C API: roots, state roots and proof verification.
//
// The C++ verifiers report every rejected proof as malformed_input. The C API separates a proof
// whose nodes are not trie nodes at all (MF_MALFORMED) from well-formed nodes that do not prove
// the claim (*ok = false) by decoding every node first.
#include <algorithm>
#include <optional>
#include <vector>

#include "capi_internal.hpp"
#include "merkleforge/mpt/account.hpp"
#include "merkleforge/mpt/node.hpp"
#include "merkleforge/mpt/proof.hpp"
#include "merkleforge/mpt/state.hpp"

using namespace merkleforge;
using namespace merkleforge::capi;

namespace {

/// The pairs as put_batch views (keys replaced by `hashed_keys` when given).
std::vector<mpt::MerklePatriciaTrie::KeyValue> pairs_of(const mf_slice* keys,
                                                        const mf_slice* values, std::size_t count,
                                                        const std::vector<Digest32>* hashed_keys) {
  array_of(keys, count, "keys");
  array_of(values, count, "values");
  std::vector<mpt::MerklePatriciaTrie::KeyValue> pairs(count);
  for (std::size_t i = 0; i < count; ++i) {
    pairs[i].key = hashed_keys ? ByteSpan((*hashed_keys)[i]) : bytes_of(keys[i], "keys[i].data");
    pairs[i].value = bytes_of(values[i], "values[i].data");
  }
  return pairs;
}

Digest32 root_of(std::span<const mpt::MerklePatriciaTrie::KeyValue> pairs) {
  mpt::MerklePatriciaTrie trie;
  if (Status put = trie.put_batch(pairs); !put) fail(put.error());
  return trie.root_hash();
}

/// The proof's nodes, each checked to decode as a trie node. Errors: MF_MALFORMED naming the
/// first that does not.
std::vector<Bytes> proof_nodes_of(const mf_slice* proof, std::size_t count) {
  array_of(proof, count, "proof");
  std::vector<Bytes> nodes;
  nodes.reserve(count);
  for (std::size_t i = 0; i < count; ++i) {
    const ByteSpan node = bytes_of(proof[i], "proof[i].data");
    if (auto decoded = mpt::decode_node(node); !decoded) {
      fail(MF_MALFORMED, "proof node " + std::to_string(i) + ": " + decoded.error().message);
    }
    nodes.emplace_back(node.begin(), node.end());
  }
  return nodes;
}

/// The value `proof` shows for `key` under `root` (std::nullopt: absent), or std::nullopt
/// inside std::nullopt when the well-formed proof does not verify.
std::optional<std::optional<Bytes>> proven_value(const Digest32& root, ByteSpan key,
                                                 const std::vector<Bytes>& nodes) {
  Result<std::optional<Bytes>> verified = mpt::verify_proof(root, key, nodes);
  if (!verified) return std::nullopt;
  return std::move(verified).value();
}

mpt::Account account_of(const mf_account& account) {
  mpt::Account result;
  result.nonce = account.nonce;
  std::copy(std::begin(account.balance.bytes), std::end(account.balance.bytes),
            result.balance.begin());
  result.storage_root = digest_of(&account.storage_root, "storage_root");
  result.code_hash = digest_of(&account.code_hash, "code_hash");
  return result;
}

}  // namespace

extern "C" {

void mf_mpt_empty_code_hash(mf_bytes32* out) {
  if (out) store(out, mpt::kEmptyCodeHash);
}

void mf_mpt_empty_root(mf_bytes32* out) {
  if (out) store(out, mpt::kEmptyTrieRoot);
}

mf_ret mf_mpt_root(mf_bytes32* out, const mf_slice* keys, const mf_slice* values, size_t count) {
  return guard([&] {
    need(out, "out");
    store(out, root_of(pairs_of(keys, values, count, nullptr)));
    return MF_OK;
  });
}

mf_ret mf_mpt_secure_root(mf_bytes32* out, const mf_slice* keys, const mf_slice* values,
                          size_t count) {
  return guard([&] {
    need(out, "out");
    array_of(keys, count, "keys");
    std::vector<Digest32> hashed(count);
    for (std::size_t i = 0; i < count; ++i) {
      hashed[i] = mpt::SecureTrie::hashed(bytes_of(keys[i], "keys[i].data"));
    }
    store(out, root_of(pairs_of(keys, values, count, &hashed)));
    return MF_OK;
  });
}

mf_ret mf_mpt_state_root(mf_bytes32* out, const mf_address* addresses, const mf_account* accounts,
                         size_t count) {
  return guard([&] {
    need(out, "out");
    array_of(addresses, count, "addresses");
    array_of(accounts, count, "accounts");
    std::vector<Digest32> hashed(count);
    std::vector<Bytes> encoded(count);
    std::vector<mpt::MerklePatriciaTrie::KeyValue> pairs(count);
    for (std::size_t i = 0; i < count; ++i) {
      hashed[i] = mpt::SecureTrie::hashed(addresses[i].bytes);
      encoded[i] = mpt::encode_account(account_of(accounts[i]));
      pairs[i] = {hashed[i], encoded[i]};
    }
    store(out, root_of(pairs));
    return MF_OK;
  });
}

mf_ret mf_mpt_genesis_root(mf_bytes32* out, const char* json, size_t len) {
  return guard([&] {
    need(out, "out");
    const ByteSpan text = bytes_of(json, len, "json");
    const auto alloc =
        take(mpt::parse_genesis_alloc({reinterpret_cast<const char*>(text.data()), text.size()}));
    store(out, mpt::genesis_state_root(alloc));
    return MF_OK;
  });
}

mf_ret mf_mpt_verify_proof(bool* ok, const mf_bytes32* root, const uint8_t* key, size_t key_len,
                           const uint8_t* value, size_t value_len, const mf_slice* proof,
                           size_t proof_len) {
  return guard([&] {
    need(ok, "ok");
    const Digest32 trusted_root = digest_of(root, "root");
    const ByteSpan key_bytes = bytes_of(key, key_len, "key");
    const ByteSpan claimed = bytes_of(value, value_len, "value");
    const auto proven = proven_value(trusted_root, key_bytes, proof_nodes_of(proof, proof_len));
    *ok =
        proven && (claimed.empty() ? !proven->has_value()
                                   : proven->has_value() && std::ranges::equal(**proven, claimed));
    return MF_OK;
  });
}

mf_ret mf_mpt_verify_account_proof(bool* ok, const mf_bytes32* state_root,
                                   const mf_address* address, const mf_account* account,
                                   const mf_slice* proof, size_t proof_len) {
  return guard([&] {
    need(ok, "ok");
    need(address, "address");
    const Digest32 trusted_root = digest_of(state_root, "state_root");
    const std::optional<mpt::Account> claimed =
        account ? std::optional(account_of(*account)) : std::nullopt;
    const auto proven = proven_value(trusted_root, mpt::SecureTrie::hashed(address->bytes),
                                     proof_nodes_of(proof, proof_len));
    if (!proven) {
      *ok = false;
    } else if (!proven->has_value()) {
      *ok = !claimed;
    } else {
      Result<mpt::Account> decoded = mpt::decode_account(**proven);
      *ok = claimed && decoded && *decoded == *claimed;
    }
    return MF_OK;
  });
}

mf_ret mf_mpt_verify_storage_proof(bool* ok, const mf_bytes32* storage_root, const mf_bytes32* slot,
                                   const mf_bytes32* value, const mf_slice* proof,
                                   size_t proof_len) {
  return guard([&] {
    need(ok, "ok");
    const Digest32 trusted_root = digest_of(storage_root, "storage_root");
    const Digest32 slot_bytes = digest_of(slot, "slot");
    const Digest32 claimed = digest_of(value, "value");
    const auto proven = proven_value(trusted_root, mpt::SecureTrie::hashed(slot_bytes),
                                     proof_nodes_of(proof, proof_len));
    if (!proven) {
      *ok = false;
    } else if (!proven->has_value()) {
      *ok = claimed == Digest32{};
    } else {
      Result<mpt::Uint256> decoded = mpt::decode_storage_value(**proven);
      *ok = decoded && *decoded == claimed && claimed != Digest32{};
    }
    return MF_OK;
  });
}

mf_ret mf_mpt_verify_range_proof(bool* ok, bool* more, const mf_bytes32* root,
                                 const uint8_t* first_key, size_t first_key_len,
                                 const mf_slice* keys, const mf_slice* values, size_t count,
                                 const mf_slice* proof, size_t proof_len) {
  return guard([&] {
    need(ok, "ok");
    const Digest32 trusted_root = digest_of(root, "root");
    const ByteSpan first = bytes_of(first_key, first_key_len, "first_key");
    array_of(keys, count, "keys");
    array_of(values, count, "values");
    std::vector<Bytes> key_list(count), value_list(count);
    for (std::size_t i = 0; i < count; ++i) {
      const ByteSpan key = bytes_of(keys[i], "keys[i].data");
      const ByteSpan value = bytes_of(values[i], "values[i].data");
      if (key.size() != first.size()) fail(MF_BAD_ARGS, "keys differ in length from first_key");
      if (value.empty()) fail(MF_BAD_ARGS, "an empty value");
      key_list[i].assign(key.begin(), key.end());
      value_list[i].assign(value.begin(), value.end());
      if (i > 0 && !(key_list[i - 1] < key_list[i])) {
        fail(MF_BAD_ARGS, "keys are not strictly increasing");
      }
    }
    Result<bool> verified = mpt::verify_range_proof(trusted_root, first, key_list, value_list,
                                                    proof_nodes_of(proof, proof_len));
    *ok = verified.ok();
    if (more) *more = verified.ok() && *verified;
    return MF_OK;
  });
}

}  // extern "C"
