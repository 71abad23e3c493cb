// Binary encoding of SparseProof (format in sparse/proof_codec.hpp).
#include "merkleforge/sparse/proof_codec.hpp"

#include <algorithm>
#include <cstring>

#include "proof_layout.hpp"

namespace merkleforge {
namespace {

using sparse_detail::ProofLayout;
using sparse_detail::Terminal;

/// Reads fixed-size fields from the front of a byte string.
class Reader {
 public:
  explicit Reader(ByteSpan data) : data_(data) {}
  bool take(std::size_t size, ByteSpan& out) {
    if (data_.size() < size) return false;
    out = data_.first(size);
    data_ = data_.subspan(size);
    return true;
  }
  bool take_digest(Digest32& out) {
    ByteSpan bytes;
    if (!take(32, bytes)) return false;
    std::copy(bytes.begin(), bytes.end(), out.begin());
    return true;
  }
  bool done() const noexcept { return data_.empty(); }

 private:
  ByteSpan data_;
};

Error malformed(const std::string& what) {
  return make_error(Errc::malformed_input, "sparse proof: " + what);
}

void append(Bytes& out, const Digest32& digest) {
  out.insert(out.end(), digest.begin(), digest.end());
}

}  // namespace

Bytes encode_sparse_proof(const SparseProof& proof, const Digest32& key_hash) {
  const ProofLayout layout = ProofLayout::of(proof, key_hash);
  Bytes out;
  out.reserve(5 + 64 + layout.bitmap.size() + 32 * proof.siblings.size());
  out.push_back(kSparseProofFormat);
  out.push_back(static_cast<std::uint8_t>(proof.hash));
  out.push_back(static_cast<std::uint8_t>(layout.terminal));
  out.push_back(static_cast<std::uint8_t>(proof.siblings.size() >> 8));
  out.push_back(static_cast<std::uint8_t>(proof.siblings.size()));
  if (layout.terminal == Terminal::other_key) append(out, proof.leaf->key_hash);
  if (layout.terminal != Terminal::empty) append(out, proof.leaf->value_hash);
  out.insert(out.end(), layout.bitmap.begin(), layout.bitmap.end());
  for (const Digest32& sibling : proof.siblings) {
    if (sibling != kSparsePlaceholder) append(out, sibling);
  }
  return out;
}

Result<SparseProof> decode_sparse_proof(ByteSpan encoded, const Digest32& key_hash) {
  Reader reader(encoded);
  ByteSpan header;
  if (!reader.take(5, header)) return malformed("truncated header");
  if (header[0] != kSparseProofFormat) {
    return make_error(Errc::unsupported,
                      "sparse proof: unknown format version " + std::to_string(header[0]));
  }
  Result<HashAlgorithm> hash = sparse_detail::hash_from_id(header[1]);
  if (!hash) return hash.error();
  Result<Terminal> terminal = sparse_detail::terminal_from_id(header[2]);
  if (!terminal) return terminal.error();
  const std::size_t depth = std::size_t{header[3]} << 8 | header[4];
  if (depth > kSparseKeyBits) return malformed("more than 256 siblings");

  SparseProof proof;
  proof.hash = *hash;
  if (*terminal != Terminal::empty) {
    SparseProofLeaf leaf{key_hash, {}};
    if (*terminal == Terminal::other_key && !reader.take_digest(leaf.key_hash))
      return malformed("truncated leaf");
    if (!reader.take_digest(leaf.value_hash)) return malformed("truncated leaf");
    proof.leaf = leaf;
  }
  ByteSpan bitmap;
  if (!reader.take((depth + 7) / 8, bitmap)) return malformed("truncated bitmap");
  Status siblings = sparse_detail::expand_siblings(
      bitmap, depth, [&](Digest32& sibling) { return reader.take_digest(sibling); },
      proof.siblings);
  if (!siblings) return siblings.error();
  if (!reader.done()) return malformed("trailing bytes");
  Status canonical = sparse_detail::check_terminal(proof, key_hash, *terminal);
  if (!canonical) return canonical.error();
  return proof;
}

}  // namespace merkleforge
