// Shared by the protocol tests: random field data, tables of each field, and a proof run through
// a real transcript (prover tapes handed to a verifier).
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "merkleforge/binius/tower.hpp"
#include "merkleforge/zk/column.hpp"
#include "merkleforge/zk/transcript.hpp"

namespace merkleforge::zk::test {

using binius::B128;
using binius::uint128;

inline constexpr std::string_view kProtocol = "merkleforge/test/protocols/v1";

inline Digest32 statement_digest() {
  Digest32 d{};
  d[0] = 0x42;
  return d;
}

/// The commitment the protocol tests bind before any challenge, standing in for the PCS root of
/// their columns (the transcript refuses challenges before one). Honest runs and rejections do not
/// depend on its value; adaptive_prover_test.cpp binds the columns themselves and shows why the
/// commitment must come first.
inline Digest32 test_commitment() {
  Digest32 d{};
  d[0] = 0xc0;
  return d;
}

inline ProverTranscript prover_transcript(const Digest32& commitment = test_commitment()) {
  ProverTranscript transcript(kProtocol, statement_digest());
  transcript.absorb_commitment(commitment);
  return transcript;
}

inline VerifierTranscript verifier_transcript(const ProofTapes& tapes,
                                              const Digest32& commitment = test_commitment()) {
  VerifierTranscript transcript(kProtocol, statement_digest(), tapes.transcript, tapes.advice);
  transcript.absorb_commitment(commitment);
  return transcript;
}

inline B128 random_b128(std::mt19937_64& rng) {
  return B128(binius::make_uint128(rng(), rng()));
}

/// One table of 2^n values in a given field: the bytes the Column views and the values as B128.
struct Table {
  ColumnField field;
  unsigned n_vars;
  std::vector<std::uint8_t> bits;    // b1
  std::vector<std::uint8_t> bytes;   // b8
  std::vector<std::uint32_t> words;  // b32
  std::vector<B128> wide;            // b128
  std::vector<B128> values;          // every element as a canonical B128 (zero extension)

  Column column() const {
    switch (field) {
      case ColumnField::b1:
        return Column::b1(bits, n_vars);
      case ColumnField::b8:
        return Column::b8(bytes);
      case ColumnField::b32:
        return Column::b32(words);
      case ColumnField::b128:
        return Column::b128(wide);
    }
    return {};
  }

  /// Sets element i (the value must lie in the table's field).
  void set(std::size_t i, B128 v) {
    values[i] = v;
    switch (field) {
      case ColumnField::b1:
        bits[i / 8] = static_cast<std::uint8_t>((bits[i / 8] & ~(1u << (i % 8))) |
                                                (static_cast<unsigned>(v.value() & 1) << (i % 8)));
        break;
      case ColumnField::b8:
        bytes[i] = static_cast<std::uint8_t>(v.value());
        break;
      case ColumnField::b32:
        words[i] = static_cast<std::uint32_t>(v.value());
        break;
      case ColumnField::b128:
        wide[i] = v;
        break;
    }
  }
};

inline Table make_table(ColumnField field, unsigned n_vars) {
  Table t{field, n_vars, {}, {}, {}, {}, std::vector<B128>(std::size_t{1} << n_vars)};
  const std::size_t n = t.values.size();
  switch (field) {
    case ColumnField::b1:
      t.bits.assign((n + 7) / 8, 0);
      break;
    case ColumnField::b8:
      t.bytes.assign(n, 0);
      break;
    case ColumnField::b32:
      t.words.assign(n, 0);
      break;
    case ColumnField::b128:
      t.wide.assign(n, B128::zero());
      break;
  }
  return t;
}

inline uint128 field_mask(ColumnField field) {
  switch (field) {
    case ColumnField::b1:
      return 1;
    case ColumnField::b8:
      return 0xff;
    case ColumnField::b32:
      return 0xffffffffu;
    case ColumnField::b128:
      return ~uint128{0};
  }
  return 0;
}

inline Table random_table(ColumnField field, unsigned n_vars, std::mt19937_64& rng) {
  Table t = make_table(field, n_vars);
  for (std::size_t i = 0; i < t.values.size(); ++i) {
    t.set(i, B128(random_b128(rng).value() & field_mask(field)));
  }
  return t;
}

/// a·b by the tower's reference product (tower_mul), not B128's operator* (b128_mul, a library
/// kernel): the product of every value the tests compute on their own.
inline B128 reference_mul(B128 a, B128 b) {
  return B128(binius::tower_mul(7, a.value(), b.value()));
}

/// Σ_i values[i]·Π_j eq(point_j, bit j of i), written out from the definition with the tower's
/// reference product (no library kernel).
inline B128 naive_evaluate(const std::vector<B128>& values, const std::vector<B128>& point) {
  B128 sum;
  for (std::size_t i = 0; i < values.size(); ++i) {
    B128 weight = B128::one();
    for (std::size_t j = 0; j < point.size(); ++j) {
      weight = reference_mul(weight, ((i >> j) & 1) ? point[j] : B128::one() + point[j]);
    }
    sum += reference_mul(weight, values[i]);
  }
  return sum;
}

/// Flips one bit of byte `offset` of a tape.
inline Bytes flipped(const Bytes& tape, std::size_t offset) {
  Bytes out = tape;
  out.at(offset) ^= 0x01;
  return out;
}

}  // namespace merkleforge::zk::test
