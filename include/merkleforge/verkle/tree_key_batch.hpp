// Tree keys of many (address, tree index) pairs at once. Each key is the one get_tree_key
// (tree_key.hpp) gives; the batch shares the work that does not depend on one key: the Pedersen
// points of a block of keys are mapped to the scalar field with one field inversion (instead of
// one per key, which costs about as much as the commitment itself), and blocks run on several
// threads (TBB).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "merkleforge/verkle/tree_key.hpp"

namespace merkleforge::verkle {

/// The arguments of one get_tree_key call.
struct TreeKeyRequest {
  Address32 address{};
  TreeIndex tree_index{};
  std::uint8_t sub_index = 0;
};

/// get_tree_key(r.address, r.tree_index, r.sub_index) for every request r, in order.
std::vector<TreeKey> get_tree_keys(std::span<const TreeKeyRequest> requests);

/// basic_data_key(address) for every address, in order.
std::vector<TreeKey> basic_data_keys(std::span<const Address32> addresses);

}  // namespace merkleforge::verkle
