// How tests/wasm writes a verifier's answer, the same on both sides of the comparison (the native
// test and the wasm32 driver): "ok", or the error's code name and message.
#pragma once

#include <string>

#include "merkleforge/core/result.hpp"

namespace merkleforge::wasm_test {

inline std::string verdict(const Status& status) {
  if (status.ok()) return "ok";
  return std::string(errc_name(status.error().code)) + ": " + status.error().message;
}

}  // namespace merkleforge::wasm_test
