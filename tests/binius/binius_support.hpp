// Shared helpers for the binius tests: hex <-> tower integers, random field elements.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "merkleforge/binius/packed.hpp"
#include "merkleforge/binius/polyval.hpp"
#include "merkleforge/binius/tower.hpp"

namespace merkleforge::binius::test {

/// Parses "0x..." or bare hex (at most 32 digits) into a uint128; throws on malformed text.
uint128 parse_uint128(const std::string& hex);

/// Lower-case hex of the low 2^level bits, for failure messages.
std::string uint128_hex(uint128 value);

/// A uniformly random element of T_level.
uint128 random_element(std::mt19937_64& rng, unsigned level);

/// `count` random B128 elements.
std::vector<B128> random_b128s(std::mt19937_64& rng, std::size_t count);

/// Ŵ_i(x) in B32 from the definitions of additive_ntt.hpp, literally: W_i(x) = prod over all 2^i
/// points u of U_i of (x - u), divided by W_i(β_i). Exponential in i: keep i small.
std::uint32_t normalized_subspace_poly(unsigned i, std::uint32_t x);

/// sum_j a_j·X_j(x) with X_j = prod_{i in bits(j)} Ŵ_i: the naive novel-basis evaluation.
B128 evaluate_novel_basis(const std::vector<B128>& coefficients, std::uint32_t x);

/// Runs `body` once per POLYVAL kernel this CPU has, with that kernel selected (passing it when
/// `body` takes it), then restores the kernel that was active.
template <class Body>
void for_each_polyval_isa(Body&& body) {
  const PolyvalIsa saved = polyval_active_isa();
  for (PolyvalIsa isa : polyval_available_isas()) {
    SCOPED_TRACE(std::string(polyval_isa_name(isa)));
    ASSERT_TRUE(polyval_set_isa(isa).ok());
    if constexpr (std::is_invocable_v<Body&, PolyvalIsa>) {
      body(isa);
    } else {
      body();
    }
  }
  ASSERT_TRUE(polyval_set_isa(saved).ok());
}

/// Runs `body(strategy)` once per packed strategy of `op` this CPU has, with that strategy
/// selected, then restores the one that was active.
template <class Body>
void for_each_packed_strategy(PackedOp op, Body&& body) {
  const PackedStrategy saved = packed_active_strategy(op);
  for (PackedStrategy strategy : packed_available_strategies(op)) {
    SCOPED_TRACE(std::string(packed_op_name(op)) + " " +
                 std::string(packed_strategy_name(strategy)));
    ASSERT_TRUE(packed_set_strategy(op, strategy).ok());
    body(strategy);
  }
  ASSERT_TRUE(packed_set_strategy(op, saved).ok());
}

}  // namespace merkleforge::binius::test
