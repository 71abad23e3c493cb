// The Verkle state root of a genesis allocation, for `mforge state-root --tree verkle`.
#pragma once

#include <span>

#include "merkleforge/mpt/state.hpp"
#include "merkleforge/verkle/trie.hpp"

namespace mforge {

/// The EIP-6800 tree of the accounts (basic-data layout, code chunks, storage slots).
/// Errors: those of verkle::put_account (a balance beyond 128 bits, code beyond 2^24 bytes).
merkleforge::Result<merkleforge::verkle::VerkleTrie> verkle_genesis_trie(
    std::span<const merkleforge::mpt::GenesisAccount> accounts);

}  // namespace mforge
