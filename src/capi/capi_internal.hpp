// What every C API source shares: turning C arguments into C++ views, and C++ outcomes (Result
// errors, exceptions) into mf_ret codes with a per-thread message.
//
// Inside the implementation an argument error or a failed Result is thrown as CallError and
// caught by guard(), which every exported function runs its body in: no exception crosses the C
// boundary, and the checks stay one line each.
#pragma once

#include <cstring>
#include <exception>
#include <new>
#include <optional>
#include <string>

#include "merkleforge.h"
#include "merkleforge/core/bytes.hpp"
#include "merkleforge/core/result.hpp"
#include "merkleforge/hash/algorithms.hpp"

namespace merkleforge::capi {

/// An mf_ret other than MF_OK with its message, thrown inside the implementation only.
struct CallError {
  mf_ret code;
  std::string message;
};

/// Records `message` as this thread's mf_last_error() (truncated, never allocates).
void set_last_error(const char* message) noexcept;

/// The mf_ret of a C++ error code.
mf_ret code_of(Errc code) noexcept;

[[noreturn]] inline void fail(mf_ret code, std::string message) {
  throw CallError{code, std::move(message)};
}
[[noreturn]] inline void fail(const Error& error) {
  fail(code_of(error.code), error.message);
}

/// Runs `body` (returning mf_ret), turning every exception into a code and a message.
template <class Body>
mf_ret guard(Body&& body) noexcept {
  try {
    return body();
  } catch (const CallError& error) {
    set_last_error(error.message.c_str());
    return error.code;
  } catch (const std::bad_alloc&) {
    set_last_error("out of memory");
    return MF_NO_MEMORY;
  } catch (const std::exception& error) {
    set_last_error(error.what());
    return MF_INTERNAL;
  } catch (...) {
    set_last_error("unknown exception");
    return MF_INTERNAL;
  }
}

/// Fails with MF_BAD_ARGS when a required pointer is NULL.
inline void need(const void* pointer, const char* name) {
  if (pointer == nullptr) fail(MF_BAD_ARGS, std::string(name) + " is NULL");
}

/// The bytes [data, data + len); data may be NULL only when len is 0.
inline ByteSpan bytes_of(const void* data, std::size_t len, const char* name) {
  if (data == nullptr && len != 0) fail(MF_BAD_ARGS, std::string(name) + " is NULL");
  return {static_cast<const std::uint8_t*>(data), len};
}
inline ByteSpan bytes_of(const mf_slice& slice, const char* name) {
  return bytes_of(slice.data, slice.len, name);
}

/// An array of count elements; NULL only when count is 0.
template <class T>
const T* array_of(const T* items, std::size_t count, const char* name) {
  if (items == nullptr && count != 0) fail(MF_BAD_ARGS, std::string(name) + " is NULL");
  return items;
}

inline Digest32 digest_of(const mf_bytes32* value, const char* name) {
  need(value, name);
  Digest32 digest;
  std::memcpy(digest.data(), value->bytes, digest.size());
  return digest;
}

inline void store(mf_bytes32* out, const Digest32& digest) noexcept {
  std::memcpy(out->bytes, digest.data(), digest.size());
}

HashAlgorithm algorithm_of(mf_hash_algo algo);

/// Value of a Result, or its error thrown as a CallError.
template <class T>
T take(Result<T>&& result) {
  if (!result) fail(result.error());
  return std::move(result).value();
}

/// Writes `count` items through `write(out)` when `capacity` allows; always reports `count`.
template <class Write>
void write_sized(std::size_t capacity, std::size_t* size_out, std::size_t count, Write&& write) {
  need(size_out, "size output");
  *size_out = count;
  if (count > capacity) {
    fail(MF_BUFFER_TOO_SMALL, "output needs " + std::to_string(count) + " entries, capacity is " +
                                  std::to_string(capacity));
  }
  write();
}

}  // namespace merkleforge::capi
