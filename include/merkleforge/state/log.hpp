// Succinct inclusion proofs for RFC 6962 logs: one proof that N leaves sit at given indices of the
// log of a given size and root (docs/state-proofs.md). The proof is a wiring of rfc6962-node
// instances of the Boolean engine (boolean/wiring.hpp), one per interior node of the indices'
// multiproof; the leaf hashes and the root are its fixed ports, the siblings stay private. Its
// size grows with log(N · depth), not with the sibling hashes a multiproof sends.
#pragma once

#include <cstdint>
#include <vector>

#include "merkleforge/core/bytes.hpp"
#include "merkleforge/core/result.hpp"
#include "merkleforge/pcs/params.hpp"

namespace merkleforge::state {

/// "In the log of `size` leaves with root `root`, leaf indices[j] has hash leaf_hashes[j]": every
/// value trusted, from the caller (a signed tree head and the entries the caller holds). Indices
/// sorted and distinct, each below size; one hash per index (SHA-256 of 0x00 ‖ entry).
struct LogStatement {
  std::uint64_t size = 0;
  Digest32 root{};
  std::vector<std::uint64_t> indices;
  std::vector<Digest32> leaf_hashes;
};

/// Ok when the statement is well formed (above; at least one index), else invalid_argument.
Status check_log_statement(const LogStatement& statement);

/// Ok when `proof` (format: docs/state-proofs.md) shows the statement. Errors: invalid_argument
/// for a malformed statement; malformed_input for bytes that are not a state proof of a log;
/// corrupt_data naming the first failed check.
Status verify_log_inclusions(const LogStatement& statement, ByteSpan proof,
                             pcs::Profile commitment = pcs::Profile::fast);

/// The proof's parameters and soundness account as text (boolean::describe_wired for the wiring
/// the statement gives; a log of one leaf has none). Errors: as verify for the statement.
Result<std::string> describe_log_proof(const LogStatement& statement,
                                       pcs::Profile commitment = pcs::Profile::fast);

/// The interior nodes the proof hashes: the Boolean engine's instance count (0 when the root is
/// the one leaf).
Result<std::size_t> log_instances(const LogStatement& statement);

}  // namespace merkleforge::state
