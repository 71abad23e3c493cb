// libFuzzer target: the strict RLP decoder must return a value or an error for any input, and
// anything it accepts must re-encode to the same bytes (only canonical encodings are accepted).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "merkleforge/mpt/rlp.hpp"

namespace {

using namespace merkleforge;

Bytes reencode(const rlp::Item& item) {
  if (!item.is_list) return rlp::encode_string(item.payload);
  auto items = rlp::list_items(item);
  if (!items) std::abort();  // decode() already checked every nested item
  std::vector<Bytes> encoded;
  for (const auto& child : *items) encoded.push_back(reencode(child));
  return rlp::encode_list(encoded);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const ByteSpan input(data, size);
  auto item = rlp::decode(input);
  if (!item) return 0;
  const Bytes again = reencode(*item);
  if (again.size() != size || !std::equal(again.begin(), again.end(), data)) std::abort();
  return 0;
}
