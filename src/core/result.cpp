#include "merkleforge/core/result.hpp"

namespace merkleforge {

const char* errc_name(Errc code) noexcept {
  switch (code) {
    case Errc::invalid_argument:
      return "invalid argument";
    case Errc::malformed_input:
      return "malformed input";
    case Errc::wrong_size:
      return "wrong size";
    case Errc::not_found:
      return "not found";
    case Errc::corrupt_data:
      return "corrupt data";
    case Errc::io_error:
      return "i/o error";
    case Errc::unsupported:
      return "unsupported";
  }
  return "unknown error";
}

}  // namespace merkleforge
