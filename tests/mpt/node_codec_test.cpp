// encode_branch against the RLP list it must equal, built item by item with the generic RLP
// encoder: every mix of empty, hashed and inline children, with and without a value.
#include <gtest/gtest.h>

#include <random>

#include "merkleforge/core/hex.hpp"
#include "merkleforge/mpt/node.hpp"
#include "merkleforge/mpt/rlp.hpp"

namespace merkleforge {
namespace {

// A child of a random kind, and the item it is in its parent's RLP list.
struct Child {
  mpt::NodeRef ref;
  Bytes item;
};

Child random_child(std::mt19937_64& random) {
  Child child;
  switch (random() % 3) {
    case 0:  // empty slot
      child.item = rlp::encode_string({});
      break;
    case 1: {  // referred to by hash
      Digest32 hash;
      for (auto& byte : hash) byte = static_cast<std::uint8_t>(random());
      child.ref = mpt::NodeRef::of_hash(hash);
      child.item = rlp::encode_string(hash);
      break;
    }
    default: {  // an inline node: an RLP list under 32 bytes, held as is
      Bytes payload(random() % 29);
      for (auto& byte : payload) byte = static_cast<std::uint8_t>(random());
      const Bytes items[] = {rlp::encode_string(payload)};
      child.item = rlp::encode_list(items);  // at most 1 + 1 + 28 bytes
      child.ref = mpt::NodeRef::of_encoding(child.item);
    }
  }
  return child;
}

TEST(NodeCodec, BranchEqualsTheRlpListOfItsItemsAndLeavesTheBufferBeforeIt) {
  std::mt19937_64 random(6800);
  for (int round = 0; round < 2000; ++round) {
    std::array<Child, 16> children;
    for (Child& child : children) child = random_child(random);
    Bytes value(round % 4 == 0 ? random() % 70 : 0);
    for (auto& byte : value) byte = static_cast<std::uint8_t>(random());

    std::vector<Bytes> items;
    std::array<const mpt::NodeRef*, 16> refs;
    for (std::size_t i = 0; i < 16; ++i) {
      items.push_back(children[i].item);
      refs[i] = &children[i].ref;
    }
    items.push_back(rlp::encode_string(value));
    const Bytes expected = rlp::encode_list(items);

    const Bytes before(random() % 5, 0x5a);
    Bytes out = before;
    mpt::encode_branch(out, refs, value);
    ASSERT_EQ(out.size(), before.size() + expected.size()) << "round " << round;
    EXPECT_EQ(Bytes(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(before.size())), before);
    EXPECT_EQ(to_hex(ByteSpan(out).subspan(before.size())), to_hex(expected)) << "round " << round;
  }
}

}  // namespace
}  // namespace merkleforge
