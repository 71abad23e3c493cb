#include "merkleforge/zk/composition.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace merkleforge::zk {

using binius::tower_mul;

Composition::Node Composition::push(Op op, unsigned degree) {
  ops_.push_back(op);
  degrees_.push_back(degree);
  return static_cast<Node>(ops_.size() - 1);
}

void Composition::check_operand(Node node) const {
  if (node >= ops_.size()) {
    throw std::invalid_argument("composition: node " + std::to_string(node) + " does not exist");
  }
}

Composition::Node Composition::column(std::size_t index) {
  if (index >= n_columns_) {
    throw std::invalid_argument("composition: column " + std::to_string(index) + " of " +
                                std::to_string(n_columns_));
  }
  return push(Op{OpKind::column, static_cast<Node>(index), 0, B128::zero()}, 1);
}

Composition::Node Composition::constant(B128 value) {
  return push(Op{OpKind::constant, 0, 0, value}, 0);
}

Composition::Node Composition::add(Node lhs, Node rhs) {
  check_operand(lhs);
  check_operand(rhs);
  return push(Op{OpKind::add, lhs, rhs, B128::zero()}, std::max(degrees_[lhs], degrees_[rhs]));
}

Composition::Node Composition::mul(Node lhs, Node rhs) {
  check_operand(lhs);
  check_operand(rhs);
  if (degrees_[lhs] + degrees_[rhs] > kMaxCompositionDegree) {
    throw std::invalid_argument("composition: degree above " +
                                std::to_string(kMaxCompositionDegree));
  }
  return push(Op{OpKind::mul, lhs, rhs, B128::zero()}, degrees_[lhs] + degrees_[rhs]);
}

Composition Composition::batch(std::span<const Composition> parts, B128 alpha) {
  if (parts.empty()) throw std::invalid_argument("composition batch: no parts");
  Composition out(parts[0].n_columns());
  Node sum = 0;
  B128 power = B128::one();
  for (std::size_t j = 0; j < parts.size(); ++j) {
    const Composition& part = parts[j];
    if (part.empty() || part.n_columns() != out.n_columns()) {
      throw std::invalid_argument("composition batch: part " + std::to_string(j) +
                                  " is empty or over another number of columns");
    }
    const auto base = static_cast<Node>(out.ops_.size());
    for (std::size_t i = 0; i < part.ops_.size(); ++i) {
      Op op = part.ops_[i];
      if (op.kind == OpKind::add || op.kind == OpKind::mul) {
        op.lhs += base;
        op.rhs += base;
      }
      out.push(op, part.degrees_[i]);
    }
    const Node last = static_cast<Node>(out.ops_.size() - 1);
    const Node term = j == 0 ? last : out.mul(out.constant(power), last);
    sum = j == 0 ? term : out.add(sum, term);
    power = power * alpha;
  }
  return out;
}

B128 Composition::evaluate(std::span<const B128> values) const {
  if (ops_.empty() || values.size() != n_columns_) {
    throw std::invalid_argument("composition evaluate: empty expression or " +
                                std::to_string(values.size()) + " values for " +
                                std::to_string(n_columns_) + " columns");
  }
  std::vector<B128> node(ops_.size());
  for (std::size_t i = 0; i < ops_.size(); ++i) {
    const Op& op = ops_[i];
    switch (op.kind) {
      case OpKind::column:
        node[i] = values[op.lhs];
        break;
      case OpKind::constant:
        node[i] = op.value;
        break;
      case OpKind::add:
        node[i] = node[op.lhs] + node[op.rhs];
        break;
      case OpKind::mul:
        node[i] = node[op.lhs] * node[op.rhs];
        break;
    }
  }
  return node.back();
}

}  // namespace merkleforge::zk
