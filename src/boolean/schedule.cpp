// The forward walk's schedule (program.hpp): the nodes in order, with each linear node that only
// feeds one linear node folded into it, so that a value such as SHA-256's Σ0(a) is one step of
// three terms of a instead of five steps.
#include <utility>
#include <vector>

#include "program.hpp"

namespace merkleforge::boolean::detail {
namespace {

/// XOR, NOT, shifts, rotations and constants: what a linear step holds.
bool foldable(OpCode op) {
  switch (op) {
    case OpCode::constant:
    case OpCode::bit_xor:
    case OpCode::bit_not:
    case OpCode::shl:
    case OpCode::shr:
    case OpCode::rotl:
    case OpCode::rotr:
      return true;
    default:
      return false;
  }
}

/// A linear value over the computed wires: constant ⊕ the terms.
struct Expression {
  std::uint64_t constant = 0;
  std::vector<Term> terms;
};

/// e rotated left by `rotation`, then masked: rotl and rotr, and shl and shr with the bits that
/// wrapped around masked off.
void rotate(Expression& e, unsigned rotation, std::uint64_t mask, unsigned width) {
  e.constant = rotate_left(e.constant, rotation, width) & mask;
  for (Term& t : e.terms) {
    t.rotation = static_cast<std::uint8_t>((t.rotation + rotation) % width);
    t.mask = rotate_left(t.mask, rotation, width) & mask;
  }
}

/// e ⊕ f, with terms of the same wire and rotation merged (their masks XOR).
void add(Expression& e, const Expression& f) {
  e.constant ^= f.constant;
  for (const Term& term : f.terms) {
    bool merged = false;
    for (Term& t : e.terms) {
      if (t.wire == term.wire && t.rotation == term.rotation) t.mask ^= term.mask, merged = true;
    }
    if (!merged) e.terms.push_back(term);
  }
}

Step::Kind kind_of(OpCode op) {
  switch (op) {
    case OpCode::input:
      return Step::Kind::input;
    case OpCode::slice:
      return Step::Kind::slice;
    case OpCode::concat:
      return Step::Kind::concat;
    case OpCode::broadcast:
      return Step::Kind::broadcast;
    case OpCode::bit_and:
      return Step::Kind::bit_and;
    case OpCode::mul:
      return Step::Kind::mul;
    case OpCode::mul_high:
      return Step::Kind::mul_high;
    case OpCode::assert_zero:
      return Step::Kind::assert_zero;
    default:
      return Step::Kind::add;
  }
}

class Compiler {
 public:
  explicit Compiler(Program& p) : p_(p), uses_(p.nodes.size()), folded_(p.nodes.size()) {
    for (const Node& n : p.nodes) {
      if (n.op == OpCode::input || n.op == OpCode::constant) continue;
      use(n.x, foldable(n.op));
      if (n.op == OpCode::bit_xor || n.op == OpCode::bit_and || n.op == OpCode::concat ||
          n.op == OpCode::add || n.op == OpCode::mul) {
        use(n.y, foldable(n.op));
      }
    }
    for (const OutputSlot& out : p.outputs) uses_[out.wire].output = true;
  }

  void run() {
    for (std::uint32_t id = 0; id < p_.nodes.size(); ++id) {
      const Node& n = p_.nodes[id];
      if (!foldable(n.op)) {
        p_.schedule.push_back(step(id, n));
        continue;
      }
      Expression e = linear(n);
      if (folds(id)) {
        folded_[id] = std::move(e);
      } else if (uses_[id].all > 0 || uses_[id].output) {
        emit(id, n.width, e);
      }
    }
  }

 private:
  struct Uses {
    unsigned all = 0, linear = 0;
    bool output = false;
  };

  void use(std::uint32_t operand, bool by_linear) {
    ++uses_[operand].all;
    uses_[operand].linear += by_linear;
  }

  /// Folded into its user: a linear node whose one use is by a linear node (of its width).
  bool folds(std::uint32_t id) const {
    return foldable(p_.nodes[id].op) && uses_[id].all == 1 && uses_[id].linear == 1 &&
           !uses_[id].output;
  }

  /// An operand's value: its folded expression, or its computed wire as one term.
  Expression operand(std::uint32_t id) {
    if (folds(id)) return std::move(folded_[id]);
    return {0, {Term{low_mask(p_.nodes[id].width), id, 0}}};
  }

  Expression linear(const Node& n) {
    const unsigned w = n.width;
    if (n.op == OpCode::constant) return {n.value, {}};
    Expression e = operand(n.x);
    switch (n.op) {
      case OpCode::bit_xor:
        add(e, operand(n.y));
        break;
      case OpCode::bit_not:
        e.constant ^= low_mask(w);
        break;
      case OpCode::shl:
        rotate(e, n.shift, low_mask(w) & ~low_mask(n.shift), w);
        break;
      case OpCode::shr:
        rotate(e, (w - n.shift) % w, low_mask(w - n.shift), w);
        break;
      case OpCode::rotl:
        rotate(e, n.shift, low_mask(w), w);
        break;
      case OpCode::rotr:
        rotate(e, (w - n.shift) % w, low_mask(w), w);
        break;
      default:
        break;
    }
    return e;
  }

  /// A linear step, without the terms that cancelled.
  void emit(std::uint32_t id, unsigned width, const Expression& e) {
    const auto first = static_cast<std::uint32_t>(p_.terms.size());
    for (const Term& t : e.terms) {
      if (t.mask != 0) p_.terms.push_back(t);
    }
    p_.schedule.push_back({.value = e.constant,
                           .wire = id,
                           .x = first,
                           .y = static_cast<std::uint32_t>(p_.terms.size() - first),
                           .kind = Step::Kind::linear,
                           .width = static_cast<std::uint8_t>(width)});
  }

  /// A step of the node's own operation.
  Step step(std::uint32_t id, const Node& n) const {
    return {.wire = id,
            .x = n.x,
            .y = n.y,
            .position = n.position,
            .order = n.order,
            .kind = kind_of(n.op),
            .width = n.width,
            .shift = n.op == OpCode::concat || n.op == OpCode::mul ? p_.nodes[n.x].width : n.shift};
  }

  Program& p_;
  std::vector<Uses> uses_;
  std::vector<Expression> folded_;
};

}  // namespace

void compile_schedule(Program& p) {
  Compiler(p).run();
}

}  // namespace merkleforge::boolean::detail
