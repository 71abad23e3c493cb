// The log's verifier: single-threaded; it derives the wiring from the statement alone.
#include "merkleforge/state/log.hpp"

#include <algorithm>

#include "container.hpp"
#include "log_wiring.hpp"
#include "merkleforge/boolean/wiring.hpp"

namespace merkleforge::state {

Status check_log_statement(const LogStatement& statement) {
  const auto invalid = [](const std::string& what) {
    return make_error(Errc::invalid_argument, "state: " + what);
  };
  if (statement.indices.empty()) return invalid("a statement needs at least one leaf");
  if (statement.indices.size() != statement.leaf_hashes.size()) {
    return invalid(std::to_string(statement.indices.size()) + " indices and " +
                   std::to_string(statement.leaf_hashes.size()) + " leaf hashes");
  }
  if (std::adjacent_find(statement.indices.begin(), statement.indices.end(),
                         std::greater_equal<>()) != statement.indices.end()) {
    return invalid("the indices must be sorted and distinct");
  }
  if (statement.indices.back() >= statement.size) {
    return invalid("leaf index " + std::to_string(statement.indices.back()) +
                   " is past the log's size " + std::to_string(statement.size));
  }
  return Ok{};
}

Result<std::size_t> log_instances(const LogStatement& statement) {
  auto derived = detail::derive_log_wiring(statement, std::nullopt);
  if (!derived) return derived.error();
  return derived->wiring.count;
}

Result<std::string> describe_log_proof(const LogStatement& statement, pcs::Profile commitment) {
  auto derived = detail::derive_log_wiring(statement, std::nullopt);
  if (!derived) return derived.error();
  if (derived->wiring.count == 0) return std::string("no instance: the one leaf is the root\n");
  return boolean::describe_wired(boolean::rfc6962_node_circuit(), derived->wiring, commitment);
}

Status verify_log_inclusions(const LogStatement& statement, ByteSpan proof,
                             pcs::Profile commitment) {
  auto derived = detail::derive_log_wiring(statement, std::nullopt);
  if (!derived) return derived.error();
  auto body = detail::decode_container(TreeKind::rfc6962, proof);
  if (!body) return body.error();
  if (derived->wiring.count == 0) {  // a log of one leaf: its hash is the root
    if (!body->empty()) return make_error(Errc::malformed_input, "state: bytes after the proof");
    if (statement.leaf_hashes[0] != statement.root) {
      return make_error(Errc::corrupt_data, "state: the one leaf's hash is not the root");
    }
    return Ok{};
  }
  return boolean::verify_wired(boolean::rfc6962_node_circuit(), derived->wiring, *body, commitment);
}

}  // namespace merkleforge::state
