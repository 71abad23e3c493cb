// The state proofs' verifier for WebAssembly (docs/state-proofs-web.md): a C entry
// point over state::verify_state_proof, built by Emscripten from the verifier modules alone
// (MERKLEFORGE_VERIFIERS_ONLY: no prover, no oneTBB, no threads) and wrapped for JavaScript by
// web/verifier/wrapper.js.
//
//   int mf_wasm_verify_state(statement, statement_len, proof, proof_len)
//     0  the proof shows the statement ("MFST" bytes, state/statement.hpp)
//     1  invalid: a check failed (corrupt_data) or the statement's values are out of range
//        (invalid_argument)
//     2  malformed: the statement or the proof does not decode (malformed_input, or any other
//        error code)
//   const char* mf_wasm_last_error(void)       the last call's message ("" after a valid proof)
//   const char* mf_wasm_last_error_name(void)  its error code's name (errc_name: "corrupt data",
//                                              ...; "" after a valid proof)
//
// Single-threaded: the last error is one static string, valid until the next call.
#include <cstddef>
#include <cstdint>
#include <string>

#include "merkleforge/state/statement.hpp"

namespace {

std::string last_error;
std::string last_error_name;

int set_error(merkleforge::Errc code, std::string message) {
  last_error = std::move(message);
  last_error_name = merkleforge::errc_name(code);
  switch (code) {
    case merkleforge::Errc::corrupt_data:
    case merkleforge::Errc::invalid_argument:
      return 1;
    default:
      return 2;
  }
}

}  // namespace

extern "C" {

int mf_wasm_verify_state(const std::uint8_t* statement, std::size_t statement_len,
                         const std::uint8_t* proof, std::size_t proof_len) {
  using namespace merkleforge;
  if ((statement == nullptr && statement_len != 0) || (proof == nullptr && proof_len != 0)) {
    return set_error(Errc::invalid_argument, "a null pointer with a nonzero length");
  }
  const Status verified =
      state::verify_state_proof(ByteSpan(statement, statement_len), ByteSpan(proof, proof_len));
  if (verified.ok()) {
    last_error.clear();
    last_error_name.clear();
    return 0;
  }
  return set_error(verified.error().code, verified.error().message);
}

const char* mf_wasm_last_error(void) {
  return last_error.c_str();
}

const char* mf_wasm_last_error_name(void) {
  return last_error_name.c_str();
}

}  // extern "C"
