#include "merkleforge/state/statement.hpp"

#include <algorithm>
#include <cstring>

namespace merkleforge::state {
namespace {

void put_le(Bytes& out, std::uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) out.push_back(static_cast<std::uint8_t>(value >> (8 * i)));
}

void put(Bytes& out, ByteSpan bytes) {
  out.insert(out.end(), bytes.begin(), bytes.end());
}

/// Reads the encoding front to back; any read past the end makes it fail.
class Reader {
 public:
  explicit Reader(ByteSpan bytes) : bytes_(bytes) {}
  bool ok() const { return ok_; }
  bool at_end() const { return pos_ == bytes_.size(); }
  std::uint64_t le(int bytes) {
    std::uint64_t value = 0;
    if (const std::uint8_t* p = take(static_cast<std::size_t>(bytes))) {
      for (int i = 0; i < bytes; ++i) value |= std::uint64_t{p[i]} << (8 * i);
    }
    return value;
  }
  template <std::size_t N>
  std::array<std::uint8_t, N> array() {
    std::array<std::uint8_t, N> out{};
    if (const std::uint8_t* p = take(N)) std::memcpy(out.data(), p, N);
    return out;
  }
  /// Whether `items` records of at least `each` bytes can still follow (a count is checked
  /// before anything is reserved for it).
  bool room_for(std::uint64_t items, std::size_t each) {
    if (items > (bytes_.size() - pos_) / each) ok_ = false;
    return ok_;
  }

 private:
  const std::uint8_t* take(std::size_t n) {
    if (!ok_ || bytes_.size() - pos_ < n) {
      ok_ = false;
      return nullptr;
    }
    pos_ += n;
    return bytes_.data() + pos_ - n;
  }
  ByteSpan bytes_;
  std::size_t pos_ = 0;
  bool ok_ = true;
};

Error malformed(const std::string& why) {
  return make_error(Errc::malformed_input, "state statement: " + why);
}

}  // namespace

Bytes encode_statement(const StateStatement& statement) {
  Bytes out(kStatementMagic, kStatementMagic + sizeof kStatementMagic);
  out.push_back(kStatementVersion);
  out.push_back(static_cast<std::uint8_t>(statement.kind));
  out.push_back(statement.commitment == pcs::Profile::fast ? 0 : 1);
  if (statement.kind == TreeKind::rfc6962) {
    const LogStatement& log = statement.log;
    put_le(out, log.size, 8);
    put(out, log.root);
    put_le(out, log.indices.size(), 4);
    for (std::size_t j = 0; j < log.indices.size(); ++j) {
      put_le(out, log.indices[j], 8);
      put(out, j < log.leaf_hashes.size() ? ByteSpan(log.leaf_hashes[j]) : ByteSpan(Digest32{}));
    }
  } else {
    const bool writes = statement.kind == TreeKind::bintrie_writes;
    const BintrieStatement& trie = statement.bintrie;
    out.push_back(static_cast<std::uint8_t>(trie.hash));
    put(out, trie.root);
    if (writes) put(out, statement.writes.post_root);
    put_le(out, trie.keys.size(), 4);
    const auto put_optional = [&](const std::vector<std::optional<Digest32>>& values,
                                  std::size_t i) {
      const bool given = i < values.size() && values[i].has_value();
      out.push_back(given ? 1 : 0);
      if (given) put(out, *values[i]);
    };
    for (std::size_t i = 0; i < trie.keys.size(); ++i) {
      put(out, trie.keys[i]);
      put_optional(trie.values, i);
      if (writes) put_optional(statement.writes.values, i);
    }
  }
  return out;
}

Result<StateStatement> decode_statement(ByteSpan bytes) {
  if (bytes.size() < 7 || !std::equal(kStatementMagic, kStatementMagic + 4, bytes.begin())) {
    return malformed("not a state statement");
  }
  if (bytes[4] != kStatementVersion) {
    return malformed("version " + std::to_string(bytes[4]) + ", this verifier reads version " +
                     std::to_string(kStatementVersion));
  }
  StateStatement out;
  if (bytes[5] < static_cast<std::uint8_t>(TreeKind::rfc6962) ||
      bytes[5] > static_cast<std::uint8_t>(TreeKind::bintrie_writes)) {
    return malformed("unknown tree kind " + std::to_string(bytes[5]));
  }
  out.kind = static_cast<TreeKind>(bytes[5]);
  if (bytes[6] > 1) return malformed("unknown commitment profile " + std::to_string(bytes[6]));
  out.commitment = bytes[6] == 0 ? pcs::Profile::fast : pcs::Profile::slim;
  Reader in(bytes.subspan(7));
  if (out.kind == TreeKind::rfc6962) {
    LogStatement& log = out.log;
    log.size = in.le(8);
    log.root = in.array<32>();
    const std::uint64_t n = in.le(4);
    if (in.room_for(n, 40)) {
      for (std::uint64_t j = 0; j < n; ++j) {
        log.indices.push_back(in.le(8));
        log.leaf_hashes.push_back(in.array<32>());
      }
    }
  } else {
    const bool writes = out.kind == TreeKind::bintrie_writes;
    BintrieStatement& trie = out.bintrie;
    const auto hash = in.le(1);
    if (hash > static_cast<std::uint8_t>(BintrieHash::blake3)) {
      return malformed("unknown hash " + std::to_string(hash));
    }
    trie.hash = static_cast<BintrieHash>(hash);
    trie.root = in.array<32>();
    if (writes) out.writes.post_root = in.array<32>();
    const std::uint64_t n = in.le(4);
    bool flags_ok = true;
    const auto optional = [&]() -> std::optional<Digest32> {
      const auto given = in.le(1);
      flags_ok = flags_ok && given <= 1;
      return given == 1 ? std::optional(in.array<32>()) : std::nullopt;
    };
    if (in.room_for(n, writes ? 34 : 33)) {
      for (std::uint64_t i = 0; i < n && in.ok() && flags_ok; ++i) {
        trie.keys.push_back(in.array<32>());
        trie.values.push_back(optional());
        if (writes) out.writes.values.push_back(optional());
      }
    }
    if (!flags_ok) return malformed("a presence or written byte other than 0 or 1");
  }
  if (!in.ok()) return malformed("truncated");
  if (!in.at_end()) return malformed("bytes after the statement");
  return out;
}

Status verify_state_proof(ByteSpan statement, ByteSpan proof) {
  auto decoded = decode_statement(statement);
  if (!decoded) return decoded.error();
  switch (decoded->kind) {
    case TreeKind::rfc6962:
      return verify_log_inclusions(decoded->log, proof, decoded->commitment);
    case TreeKind::bintrie:
      return verify_bintrie_reads(decoded->bintrie, proof, decoded->commitment);
    case TreeKind::bintrie_writes:
      break;
  }
  return verify_bintrie_writes(decoded->bintrie, decoded->writes, proof, decoded->commitment);
}

Result<std::string> describe_state_proof(ByteSpan statement, ByteSpan proof) {
  auto decoded = decode_statement(statement);
  if (!decoded) return decoded.error();
  switch (decoded->kind) {
    case TreeKind::rfc6962:
      return describe_log_proof(decoded->log, decoded->commitment);
    case TreeKind::bintrie:
      return describe_bintrie_proof(decoded->bintrie, proof, decoded->commitment);
    case TreeKind::bintrie_writes:
      break;
  }
  return describe_bintrie_proof(decoded->bintrie, decoded->writes, proof, decoded->commitment);
}

}  // namespace merkleforge::state
