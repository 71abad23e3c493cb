// Internal: decode_node without a Result, for callers that decode many nodes (proof verification)
// and build an Error only for the node they reject.
#pragma once

#include "merkleforge/mpt/node.hpp"

namespace merkleforge::mpt::detail {

/// Decodes `encoding` into `node` with exactly the checks of decode_node. Returns nullptr when the
/// node is valid, else why it is not (a static string); `node` is unspecified then.
const char* decode_node_into(ByteSpan encoding, DecodedNode& node);

}  // namespace merkleforge::mpt::detail
