// Version, error reporting and the hash functions of the C API.
#include <cstdio>
#include <variant>

#include "capi_internal.hpp"

namespace merkleforge::capi {
namespace {

thread_local char last_error[512] = "";

}  // namespace

void set_last_error(const char* message) noexcept {
  std::snprintf(last_error, sizeof last_error, "%s", message);
}

mf_ret code_of(Errc code) noexcept {
  switch (code) {
    case Errc::malformed_input:
    case Errc::corrupt_data:
      return MF_MALFORMED;
    case Errc::io_error:
      return MF_IO;
    case Errc::invalid_argument:
    case Errc::wrong_size:
    case Errc::not_found:
    case Errc::unsupported:
      break;
  }
  return MF_BAD_ARGS;
}

HashAlgorithm algorithm_of(mf_hash_algo algo) {
  switch (algo) {
    case MF_SHA256:
      return HashAlgorithm::sha256;
    case MF_KECCAK256:
      return HashAlgorithm::keccak256;
    case MF_SHA3_256:
      return HashAlgorithm::sha3_256;
    case MF_BLAKE3:
      return HashAlgorithm::blake3;
    case MF_HASH_ALGO_MAX_ENUM:
      break;
  }
  fail(MF_BAD_ARGS, "unknown hash algorithm " + std::to_string(static_cast<int>(algo)));
}

}  // namespace merkleforge::capi

using namespace merkleforge;
using namespace merkleforge::capi;

struct mf_hasher {
  std::variant<Sha256, Keccak256, Sha3_256, Blake3> state;
  bool finished = false;
};

extern "C" {

const char* mf_version(void) {
  return MERKLEFORGE_VERSION;
}

const char* mf_ret_name(mf_ret code) {
  switch (code) {
    case MF_OK:
      return "ok";
    case MF_BAD_ARGS:
      return "bad_args";
    case MF_MALFORMED:
      return "malformed";
    case MF_IO:
      return "io";
    case MF_NO_MEMORY:
      return "no_memory";
    case MF_INTERNAL:
      return "internal";
    case MF_BUFFER_TOO_SMALL:
      return "buffer_too_small";
    case MF_RET_MAX_ENUM:
      break;
  }
  return "unknown";
}

const char* mf_last_error(void) {
  return merkleforge::capi::last_error;
}

mf_ret mf_hash(mf_bytes32* out, mf_hash_algo algo, const uint8_t* data, size_t len) {
  return guard([&] {
    need(out, "out");
    const ByteSpan message = bytes_of(data, len, "data");
    store(out, with_hasher(algorithm_of(algo),
                           [&](auto tag) { return decltype(tag)::type::digest(message); }));
    return MF_OK;
  });
}

mf_ret mf_hash_batch(mf_bytes32* out, mf_hash_algo algo, const uint8_t* prefix, size_t prefix_len,
                     const uint8_t* messages, size_t message_len, size_t count) {
  return guard([&] {
    array_of(out, count, "out");
    const ByteSpan prefix_bytes = bytes_of(prefix, prefix_len, "prefix");
    if (count != 0 && message_len != 0) {
      need(messages, "messages");
      if (message_len > SIZE_MAX / count) fail(MF_BAD_ARGS, "count * message_len overflows");
    }
    static_assert(sizeof(mf_bytes32) == sizeof(Digest32));
    Digest32* digests = reinterpret_cast<Digest32*>(out);
    with_hasher(algorithm_of(algo), [&](auto tag) {
      decltype(tag)::type::hash_many(prefix_bytes, messages, message_len, count, digests);
    });
    return MF_OK;
  });
}

mf_ret mf_hasher_new(mf_hasher** out, mf_hash_algo algo) {
  return guard([&] {
    need(out, "out");
    *out = with_hasher(algorithm_of(algo), [](auto tag) {
      return new mf_hasher{typename decltype(tag)::type{}, false};
    });
    return MF_OK;
  });
}

mf_ret mf_hasher_update(mf_hasher* hasher, const uint8_t* data, size_t len) {
  return guard([&] {
    need(hasher, "hasher");
    const ByteSpan message = bytes_of(data, len, "data");
    if (hasher->finished) fail(MF_BAD_ARGS, "hasher already finalized");
    std::visit([&](auto& state) { state.update(message); }, hasher->state);
    return MF_OK;
  });
}

mf_ret mf_hasher_final(mf_bytes32* out, mf_hasher* hasher) {
  return guard([&] {
    need(out, "out");
    need(hasher, "hasher");
    if (hasher->finished) fail(MF_BAD_ARGS, "hasher already finalized");
    hasher->finished = true;
    store(out, std::visit([](auto& state) { return state.finalize(); }, hasher->state));
    return MF_OK;
  });
}

void mf_hasher_free(mf_hasher* hasher) {
  delete hasher;
}

}  // extern "C"
