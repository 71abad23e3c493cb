// Vision Mark-32: S-boxes, MDS layer, permutation and sponge hash on canonical B32 elements.
//
// Evaluated directly in the canonical tower (v0 works in the AES tower and converts at the
// boundary; the isomorphism makes the two agree, see vision_constants.cpp). Each affine B-map is
// four 256-entry tables (one per input byte, the map being F2-linear), and the MDS layer one table
// per matrix column: for column j and byte value x, the 24 products M[i][j]·x packed in 3 words,
// so that a B32 element contributes to all 24 outputs with four lookups and twelve XORs.
#include "merkleforge/binius/vision.hpp"

#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "merkleforge/binius/packed.hpp"
#include "merkleforge/binius/tower.hpp"

namespace merkleforge::binius {
namespace {

using ByteMap = std::array<std::array<std::uint32_t, 256>, 4>;

struct AffineMap {
  ByteMap linear;
  std::uint32_t constant;

  std::uint32_t operator()(std::uint32_t y) const noexcept {
    return linear[0][y & 0xffu] ^ linear[1][(y >> 8) & 0xffu] ^ linear[2][(y >> 16) & 0xffu] ^
           linear[3][y >> 24] ^ constant;
  }
};

AffineMap make_affine(const std::array<std::uint32_t, 32>& images, std::uint32_t constant) {
  AffineMap map{};
  for (unsigned byte = 0; byte < 4; ++byte) {
    for (unsigned x = 0; x < 256; ++x) {
      std::uint32_t image = 0;
      for (unsigned bit = 0; bit < 8; ++bit) {
        if ((x >> bit) & 1u) image ^= images[8 * byte + bit];
      }
      map.linear[byte][x] = image;
    }
  }
  map.constant = constant;
  return map;
}

// 24 bytes (one per output row) in 3 little-endian words: byte i of the vector = output row i.
using RowBytes = std::array<std::uint64_t, kVisionStateSize / 8>;
using MdsColumns = std::array<std::array<RowBytes, 256>, kVisionStateSize>;

struct Tables {
  AffineMap forward;
  AffineMap inverse;
  MdsColumns mds;  // mds[j][x] = the products M[i][j]·x over i (canonical B8)
};

std::unique_ptr<const Tables> make_tables() {
  const VisionConstants& constants = vision32_constants();
  auto tables = std::make_unique<Tables>();
  tables->forward = make_affine(constants.forward_images, constants.forward_constant);
  tables->inverse = make_affine(constants.inverse_images, constants.inverse_constant);
  for (std::size_t j = 0; j < kVisionStateSize; ++j) {
    for (unsigned x = 0; x < 256; ++x) {
      RowBytes rows{};
      for (std::size_t i = 0; i < kVisionStateSize; ++i) {
        const auto product = static_cast<std::uint64_t>(tower_mul(3, constants.mds[i][j], x));
        rows[i / 8] |= product << (8 * (i % 8));
      }
      tables->mds[j][x] = rows;
    }
  }
  return tables;
}

const Tables& tables() noexcept {
  static const std::unique_ptr<const Tables> built = make_tables();
  return *built;
}

std::uint32_t invert(std::uint32_t x) noexcept {
  return b32_inverse_tables(x);
}

void mds_layer(const MdsColumns& columns, VisionState& state) noexcept {
  // lanes[b] collects byte b of every output: a B8 scalar times a B32 acts on each byte alone.
  std::array<RowBytes, 4> lanes{};
  for (std::size_t j = 0; j < kVisionStateSize; ++j) {
    for (unsigned b = 0; b < 4; ++b) {
      const RowBytes& products = columns[j][(state[j] >> (8 * b)) & 0xffu];
      for (std::size_t w = 0; w < products.size(); ++w) lanes[b][w] ^= products[w];
    }
  }
  for (std::size_t i = 0; i < kVisionStateSize; ++i) {
    std::uint32_t element = 0;
    for (unsigned b = 0; b < 4; ++b) {
      element |= static_cast<std::uint32_t>((lanes[b][i / 8] >> (8 * (i % 8))) & 0xffu) << (8 * b);
    }
    state[i] = element;
  }
}

void add_round_key(VisionState& state, const VisionState& key) noexcept {
  for (std::size_t i = 0; i < kVisionStateSize; ++i) state[i] ^= key[i];
}

// The hash's starting state: zero with the byte length 4·n in elements 16 (low) and 17 (high).
VisionState initial_state(std::uint64_t num_elements) noexcept {
  VisionState state{};
  const std::uint64_t bytes = 4 * num_elements;
  state[kVisionRate] = static_cast<std::uint32_t>(bytes);
  state[kVisionRate + 1] = static_cast<std::uint32_t>(bytes >> 32);
  return state;
}

// Pads a partial block with zeros and permutes; returns the digest state[0..8], little-endian.
Digest32 squeeze(VisionState& state, std::uint64_t num_elements) noexcept {
  const std::size_t filled = static_cast<std::size_t>(num_elements % kVisionRate);
  if (filled != 0) {
    for (std::size_t i = filled; i < kVisionRate; ++i) state[i] = 0;
    vision32_permute(state);
  }
  Digest32 digest;
  for (std::size_t i = 0; i < digest.size() / 4; ++i) {
    for (unsigned b = 0; b < 4; ++b) {
      digest[4 * i + b] = static_cast<std::uint8_t>(state[i] >> (8 * b));
    }
  }
  return digest;
}

// Overwrites the rate with elements, element `position` (of the whole message) going to
// state[position mod 16], permuting after each 16th.
void absorb(VisionState& state, std::uint64_t position,
            std::span<const std::uint32_t> elements) noexcept {
  for (std::uint32_t element : elements) {
    const std::size_t slot = static_cast<std::size_t>(position % kVisionRate);
    state[slot] = element;
    ++position;
    if (slot == kVisionRate - 1) vision32_permute(state);
  }
}

}  // namespace

std::uint32_t vision32_sbox_forward(std::uint32_t x) noexcept {
  return tables().forward(invert(x));
}

std::uint32_t vision32_sbox_inverse(std::uint32_t x) noexcept {
  return tables().inverse(invert(x));
}

void vision32_mds(VisionState& state) noexcept {
  mds_layer(tables().mds, state);
}

void vision32_permute(VisionState& state) noexcept {
  const Tables& t = tables();
  const auto& keys = vision32_constants().round_keys;
  add_round_key(state, keys[0]);
  for (std::size_t r = 0; r < kVisionRounds; ++r) {
    for (std::uint32_t& element : state) element = t.inverse(invert(element));
    mds_layer(t.mds, state);
    add_round_key(state, keys[1 + 2 * r]);
    for (std::uint32_t& element : state) element = t.forward(invert(element));
    mds_layer(t.mds, state);
    add_round_key(state, keys[2 + 2 * r]);
  }
}

Digest32 vision32_hash(std::span<const std::uint32_t> elements) noexcept {
  VisionState state = initial_state(elements.size());
  absorb(state, 0, elements);
  return squeeze(state, elements.size());
}

Result<Digest32> vision32_hash_bytes(ByteSpan message) {
  if (message.size() % 4 != 0) {
    return make_error(Errc::wrong_size, "vision32: a message of " + std::to_string(message.size()) +
                                            " bytes is not a whole number of 4-byte elements");
  }
  std::vector<std::uint32_t> elements(message.size() / 4);
  for (std::size_t i = 0; i < elements.size(); ++i) {
    elements[i] = std::uint32_t{message[4 * i]} | std::uint32_t{message[4 * i + 1]} << 8 |
                  std::uint32_t{message[4 * i + 2]} << 16 | std::uint32_t{message[4 * i + 3]} << 24;
  }
  return vision32_hash(elements);
}

Result<Vision32Hasher> Vision32Hasher::create(std::uint64_t num_elements) {
  if (num_elements > std::numeric_limits<std::uint64_t>::max() / 4) {
    return make_error(Errc::invalid_argument, "vision32: " + std::to_string(num_elements) +
                                                  " elements have a byte length beyond 64 bits");
  }
  return Vision32Hasher(num_elements);
}

Vision32Hasher::Vision32Hasher(std::uint64_t num_elements) noexcept
    : state_(initial_state(num_elements)), committed_(num_elements) {}

void Vision32Hasher::update(std::span<const std::uint32_t> elements) noexcept {
  if (absorbed_ < committed_) {
    const std::uint64_t room = committed_ - absorbed_;
    const std::size_t take =
        elements.size() < room ? elements.size() : static_cast<std::size_t>(room);
    absorb(state_, absorbed_, elements.first(take));
  }
  // Saturating count: what matters past the commitment is only that it was exceeded.
  absorbed_ = elements.size() > std::numeric_limits<std::uint64_t>::max() - absorbed_
                  ? std::numeric_limits<std::uint64_t>::max()
                  : absorbed_ + elements.size();
}

Result<Digest32> Vision32Hasher::finalize() {
  if (absorbed_ != committed_) {
    return make_error(Errc::wrong_size, "vision32: " + std::to_string(committed_) +
                                            " elements committed, " + std::to_string(absorbed_) +
                                            " absorbed");
  }
  return squeeze(state_, committed_);
}

}  // namespace merkleforge::binius
