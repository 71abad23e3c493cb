// The state proofs' container (state/format.hpp): what the provers write and the verifiers read.
#pragma once

#include "merkleforge/core/bytes.hpp"
#include "merkleforge/core/result.hpp"
#include "merkleforge/state/format.hpp"

namespace merkleforge::state::detail {

/// Magic, version, kind, then `body`.
Bytes encode_container(TreeKind kind, ByteSpan body);

/// The body of a container of `kind`. Errors: malformed_input for another magic, version or kind.
Result<ByteSpan> decode_container(TreeKind kind, ByteSpan proof);

}  // namespace merkleforge::state::detail
