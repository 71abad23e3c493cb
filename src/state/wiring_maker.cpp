#include "wiring_maker.hpp"

namespace merkleforge::state::detail {

void WiringMaker::attach(const WiredNode& child, std::uint32_t instance, std::uint32_t chunk) {
  switch (child.kind) {
    case WiredNode::Kind::fixed:
      wiring.fixed.push_back({instance, chunk});
      wiring.fixed_values.insert(wiring.fixed_values.end(), child.hash.begin(), child.hash.end());
      break;
    case WiredNode::Kind::wired:
      wiring.links.push_back({child.port, {instance, chunk}});
      break;
    case WiredNode::Kind::sibling:
      break;  // private
  }
}

WiredNode WiringMaker::node(const WiredNode& left, const WiredNode& right) {
  const auto instance = static_cast<std::uint32_t>(wiring.count++);
  attach(left, instance, 0);
  attach(right, instance, 1);
  WiredNode out = WiredNode::at({instance, boolean::kOutputPort}, {});
  if (with_values_) {
    inputs.insert(inputs.end(), left.hash.begin(), left.hash.end());
    inputs.insert(inputs.end(), right.hash.begin(), right.hash.end());
    out.hash = hash_(left.hash, right.hash);
  }
  return out;
}

void WiringMaker::fix_root(const WiredNode& node, const Digest32& root) {
  if (node.kind != WiredNode::Kind::wired) return;
  wiring.fixed.push_back(node.port);
  wiring.fixed_values.insert(wiring.fixed_values.end(), root.begin(), root.end());
}

}  // namespace merkleforge::state::detail
