// The state proofs' verifier of the C API (state/statement.hpp).
#include "capi_internal.hpp"
#include "merkleforge/state/statement.hpp"

using namespace merkleforge;
using namespace merkleforge::capi;

extern "C" {

mf_ret mf_state_proof_verify(bool* ok, const uint8_t* statement, size_t statement_len,
                             const uint8_t* proof, size_t proof_len) {
  return guard([&] {
    need(ok, "ok");
    const ByteSpan statement_bytes = bytes_of(statement, statement_len, "statement");
    const ByteSpan proof_bytes = bytes_of(proof, proof_len, "proof");
    // corrupt_data (a well-formed proof that does not show the statement) is the verdict false;
    // malformed_input (bytes that do not decode) and invalid_argument (a statement out of form)
    // stay errors: MF_MALFORMED and MF_BAD_ARGS.
    const Status verified = state::verify_state_proof(statement_bytes, proof_bytes);
    if (!verified && verified.error().code != Errc::corrupt_data) fail(verified.error());
    *ok = verified.ok();
    return MF_OK;
  });
}

}  // extern "C"
