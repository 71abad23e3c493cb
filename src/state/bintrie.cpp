// The binary tree's verifier: single-threaded; it derives the wiring from the statement and the
// proof's shape.
#include "merkleforge/state/bintrie.hpp"

#include <algorithm>

#include "bintrie_wiring.hpp"
#include "container.hpp"
#include "merkleforge/boolean/wiring.hpp"

namespace merkleforge::state {

Status check_bintrie_statement(const BintrieStatement& statement) {
  const auto invalid = [](const std::string& what) {
    return make_error(Errc::invalid_argument, "state: " + what);
  };
  if (statement.keys.empty()) return invalid("a statement needs at least one key");
  if (statement.keys.size() != statement.values.size()) {
    return invalid(std::to_string(statement.keys.size()) + " keys and " +
                   std::to_string(statement.values.size()) + " values");
  }
  if (std::adjacent_find(statement.keys.begin(), statement.keys.end(), std::greater_equal<>()) !=
      statement.keys.end()) {
    return invalid("the keys must be sorted and distinct");
  }
  return Ok{};
}

namespace {

/// The proof's shape and the engine's proof after it.
Result<detail::ShapeAndRest> parts_of(ByteSpan proof) {
  auto body = detail::decode_container(TreeKind::bintrie, proof);
  if (!body) return body.error();
  return detail::split_shape(*body);
}

}  // namespace

/// The wiring the statement and the proof's shape give.
Result<detail::BintrieWiring> wiring_of(const BintrieStatement& statement, ByteSpan proof) {
  if (Status s = check_bintrie_statement(statement); !s) return s.error();
  auto parts = parts_of(proof);
  if (!parts) return parts.error();
  return detail::bintrie_wiring_of_shape(statement, parts->shape);
}

Result<std::size_t> bintrie_instances(const BintrieStatement& statement, ByteSpan proof) {
  auto derived = wiring_of(statement, proof);
  if (!derived) return derived.error();
  return derived->wiring.count;
}

Result<std::string> describe_bintrie_proof(const BintrieStatement& statement, ByteSpan proof,
                                           pcs::Profile commitment) {
  auto derived = wiring_of(statement, proof);
  if (!derived) return derived.error();
  if (derived->wiring.count == 0) return std::string("no instance: the tree is empty\n");
  return boolean::describe_wired(boolean::sha256_pair_circuit(), derived->wiring, commitment);
}

Status verify_bintrie_reads(const BintrieStatement& statement, ByteSpan proof,
                            pcs::Profile commitment) {
  if (Status s = check_bintrie_statement(statement); !s) return s;
  auto parts = parts_of(proof);
  if (!parts) return parts.error();
  auto derived = detail::bintrie_wiring_of_shape(statement, parts->shape);
  if (!derived) return derived.error();
  if (derived->wiring.count == 0) {  // the empty tree
    if (!parts->rest.empty())
      return make_error(Errc::malformed_input, "state: bytes after the proof");
    if (statement.root != Digest32{}) {
      return make_error(Errc::corrupt_data,
                        "state: the shape is the empty tree's, the root is not");
    }
    return Ok{};
  }
  return boolean::verify_wired(boolean::sha256_pair_circuit(), derived->wiring, parts->rest,
                               commitment);
}

}  // namespace merkleforge::state
