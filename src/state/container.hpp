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

/// A body that carries a shape before the engine's proof: u32 little-endian length, the shape,
/// the rest.
Bytes join_shape(ByteSpan shape, ByteSpan rest);
struct ShapeAndRest {
  ByteSpan shape, rest;
};
/// Errors: malformed_input when the length runs past the body.
Result<ShapeAndRest> split_shape(ByteSpan body);

}  // namespace merkleforge::state::detail
