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
  if (statement.hash != BintrieHash::sha256 && statement.hash != BintrieHash::blake3) {
    return invalid("unknown hash " + std::to_string(static_cast<int>(statement.hash)));
  }
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

Status check_bintrie_writes(const BintrieStatement& reads, const BintrieWrites& writes) {
  if (Status s = check_bintrie_statement(reads); !s) return s;
  if (writes.values.size() != reads.keys.size()) {
    return make_error(Errc::invalid_argument, "state: " + std::to_string(reads.keys.size()) +
                                                  " keys and " +
                                                  std::to_string(writes.values.size()) + " writes");
  }
  return Ok{};
}

namespace {

TreeKind kind_of(const BintrieWrites* writes) {
  return writes != nullptr ? TreeKind::bintrie_writes : TreeKind::bintrie;
}

/// The wiring the statement and the proof's shape give, and the engine's proof after the shape.
struct Derived {
  detail::BintrieWiring wiring;
  ByteSpan rest;
};

Result<Derived> derive(const BintrieStatement& reads, const BintrieWrites* writes, ByteSpan proof) {
  if (Status s =
          writes != nullptr ? check_bintrie_writes(reads, *writes) : check_bintrie_statement(reads);
      !s) {
    return s.error();
  }
  auto body = detail::decode_container(kind_of(writes), proof);
  if (!body) return body.error();
  auto parts = detail::split_shape(*body);
  if (!parts) return parts.error();
  auto wiring = detail::bintrie_wiring_of_shape(reads, writes, parts->shape);
  if (!wiring) return wiring.error();
  return Derived{std::move(*wiring), parts->rest};
}

Result<std::size_t> instances(const BintrieStatement& reads, const BintrieWrites* writes,
                              ByteSpan proof) {
  auto derived = derive(reads, writes, proof);
  if (!derived) return derived.error();
  return derived->wiring.wiring.count;
}

Result<std::string> describe(const BintrieStatement& reads, const BintrieWrites* writes,
                             ByteSpan proof, pcs::Profile commitment) {
  auto derived = derive(reads, writes, proof);
  if (!derived) return derived.error();
  const boolean::Wiring& wiring = derived->wiring.wiring;
  if (wiring.count == 0) return std::string("no instance: the tree is empty\n");
  return boolean::describe_wired(detail::node_circuit(reads.hash), wiring, commitment);
}

Status verify(const BintrieStatement& reads, const BintrieWrites* writes, ByteSpan proof,
              pcs::Profile commitment) {
  auto derived = derive(reads, writes, proof);
  if (!derived) return derived.error();
  if (!derived->wiring.public_roots_hold) {
    return make_error(Errc::corrupt_data,
                      "state: the shape gives the empty tree's root, the statement another");
  }
  const boolean::Wiring& wiring = derived->wiring.wiring;
  if (wiring.count == 0) {  // the empty tree, read
    if (!derived->rest.empty())
      return make_error(Errc::malformed_input, "state: bytes after the proof");
    return Ok{};
  }
  return boolean::verify_wired(detail::node_circuit(reads.hash), wiring, derived->rest, commitment);
}

}  // namespace

Result<std::size_t> bintrie_instances(const BintrieStatement& statement, ByteSpan proof) {
  return instances(statement, nullptr, proof);
}
Result<std::size_t> bintrie_instances(const BintrieStatement& reads, const BintrieWrites& writes,
                                      ByteSpan proof) {
  return instances(reads, &writes, proof);
}

Result<std::string> describe_bintrie_proof(const BintrieStatement& statement, ByteSpan proof,
                                           pcs::Profile commitment) {
  return describe(statement, nullptr, proof, commitment);
}
Result<std::string> describe_bintrie_proof(const BintrieStatement& reads,
                                           const BintrieWrites& writes, ByteSpan proof,
                                           pcs::Profile commitment) {
  return describe(reads, &writes, proof, commitment);
}

Status verify_bintrie_reads(const BintrieStatement& statement, ByteSpan proof,
                            pcs::Profile commitment) {
  return verify(statement, nullptr, proof, commitment);
}
Status verify_bintrie_writes(const BintrieStatement& reads, const BintrieWrites& writes,
                             ByteSpan proof, pcs::Profile commitment) {
  return verify(reads, &writes, proof, commitment);
}

}  // namespace merkleforge::state
