// Variable-base multi-scalar multiplication over Banderwagon.
#pragma once

#include <span>

#include "merkleforge/verkle/banderwagon.hpp"
#include "merkleforge/verkle/field.hpp"

namespace merkleforge::verkle {

/// Σ scalars[i]·bases[i] by Pippenger's bucket method with signed digits (window width grows with
/// the length; from 64 terms on, the bases are made affine with one inversion so bucket additions
/// are mixed ones). Windows run in parallel (TBB). Zero digits cost nothing. The spans must have
/// equal lengths (std::invalid_argument otherwise: a programming error, not bad input).
Element msm(std::span<const Element> bases, std::span<const Fr> scalars);

}  // namespace merkleforge::verkle
