// Result<T>: the value of an operation a caller can make fail (bad input, missing data), or the
// reason it failed. The public API reports such failures through Result instead of exceptions;
// exceptions remain only for programming errors (std::logic_error) and allocation failure.
#pragma once

#include <stdexcept>
#include <string>
#include <utility>
#include <variant>

namespace merkleforge {

enum class Errc {
  invalid_argument,  ///< an argument is out of its documented range
  malformed_input,   ///< bytes or text that do not parse (bad hex, truncated encoding, ...)
  wrong_size,        ///< an input has the wrong length
  not_found,         ///< a requested item (file, node, key) does not exist
  corrupt_data,      ///< stored data failed an integrity check
  io_error,          ///< the operating system reported an error
  unsupported,       ///< the request is valid but not available here (e.g. CPU lacks an ISA)
};

/// Stable lower-case name of an error code, for messages and logs.
const char* errc_name(Errc code) noexcept;

struct Error {
  Errc code;
  std::string message;
};

/// Thrown by Result::value() when it holds an error: a caller that did not check has a bug.
class BadResultAccess : public std::logic_error {
 public:
  explicit BadResultAccess(const Error& error)
      : std::logic_error(std::string(errc_name(error.code)) + ": " + error.message) {}
};

template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : state_(std::move(value)) {}      // NOLINT: implicit by design
  Result(Error error) : state_(std::move(error)) {}  // NOLINT: implicit by design

  bool ok() const noexcept { return state_.index() == 0; }
  explicit operator bool() const noexcept { return ok(); }

  const T& value() const& {
    check();
    return std::get<0>(state_);
  }
  T& value() & {
    check();
    return std::get<0>(state_);
  }
  T&& value() && {
    check();
    return std::get<0>(std::move(state_));
  }
  const T& operator*() const& { return value(); }
  T& operator*() & { return value(); }
  const T* operator->() const { return &value(); }
  T* operator->() { return &value(); }

  /// Precondition: !ok().
  const Error& error() const { return std::get<1>(state_); }

 private:
  void check() const {
    if (!ok()) throw BadResultAccess(std::get<1>(state_));
  }
  std::variant<T, Error> state_;
};

/// Result of an operation that yields nothing but may fail.
struct Ok {};
using Status = Result<Ok>;

inline Error make_error(Errc code, std::string message) {
  return Error{code, std::move(message)};
}

}  // namespace merkleforge
