// merkleforge._merkleforge: the Python binding (pybind11), thin over the C++ library.
//
// bytes in, bytes out; a C++ Error becomes the exception of its code (MalformedInput, ...) with
// the library's message; a well-formed proof that does not verify gives False. Long calls (batch
// hashing, tree builds, roots, proofs, witness verification) run without the GIL: their inputs
// are immutable bytes held by the caller's frame, or copied first.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <array>
#include <cstring>
#include <memory>
#include <mutex>
#include <optional>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "merkleforge/binary/tree.hpp"
#include "merkleforge/binary/verify.hpp"
#include "merkleforge/hash/algorithms.hpp"
#include "merkleforge/mpt/account.hpp"
#include "merkleforge/mpt/node.hpp"
#include "merkleforge/mpt/proof.hpp"
#include "merkleforge/mpt/state.hpp"
#include "merkleforge/sparse/proof_codec.hpp"
#include "merkleforge/sparse/sparse_merkle_tree.hpp"
#include "merkleforge/state/statement.hpp"
#include "merkleforge/verkle/tree_key.hpp"
#include "merkleforge/verkle/witness.hpp"

namespace py = pybind11;
using namespace merkleforge;

namespace {

// ---- errors

/// A C++ Error on its way to Python (translated by the registered translator).
struct PythonError : std::runtime_error {
  Errc code;
  PythonError(Errc error_code, const std::string& message)
      : std::runtime_error(message), code(error_code) {}
};

constexpr std::size_t kErrcCount = 7;
std::array<PyObject*, kErrcCount> exception_types{};

[[noreturn]] void raise(const Error& error) {
  throw PythonError(error.code, error.message);
}
[[noreturn]] void raise(Errc code, const std::string& message) {
  throw PythonError(code, message);
}

template <class T>
T take(Result<T>&& result) {
  if (!result) raise(result.error());
  return std::move(result).value();
}

// ---- conversions

ByteSpan view(const py::bytes& data) {
  char* buffer = nullptr;
  Py_ssize_t length = 0;
  PyBytes_AsStringAndSize(data.ptr(), &buffer, &length);
  return {reinterpret_cast<const std::uint8_t*>(buffer), static_cast<std::size_t>(length)};
}

py::bytes to_bytes(ByteSpan data) {
  return py::bytes(reinterpret_cast<const char*>(data.data()), data.size());
}

template <std::size_t N>
std::array<std::uint8_t, N> fixed(const py::bytes& data, const char* name) {
  const ByteSpan bytes = view(data);
  if (bytes.size() != N) {
    raise(Errc::wrong_size, std::string(name) + " must be " + std::to_string(N) + " bytes, got " +
                                std::to_string(bytes.size()));
  }
  std::array<std::uint8_t, N> out;
  std::memcpy(out.data(), bytes.data(), N);
  return out;
}
Digest32 digest(const py::bytes& data, const char* name) {
  return fixed<32>(data, name);
}

std::vector<Digest32> digests(const std::vector<py::bytes>& items, const char* name) {
  std::vector<Digest32> out;
  out.reserve(items.size());
  for (const py::bytes& item : items) out.push_back(digest(item, name));
  return out;
}

std::vector<Bytes> byte_strings(const std::vector<py::bytes>& items) {
  std::vector<Bytes> out;
  out.reserve(items.size());
  for (const py::bytes& item : items) {
    const ByteSpan bytes = view(item);
    out.emplace_back(bytes.begin(), bytes.end());
  }
  return out;
}

py::list digest_list(const std::vector<Digest32>& items) {
  py::list out;
  for (const Digest32& item : items) out.append(to_bytes(item));
  return out;
}

HashAlgorithm algorithm(const std::string& name) {
  const auto found = hash_from_name(name);
  if (!found) {
    raise(Errc::invalid_argument,
          "unknown hash '" + name + "' (sha256, keccak256, sha3-256 or blake3)");
  }
  return *found;
}

/// A 256-bit unsigned Python int as 32 big-endian bytes.
std::array<std::uint8_t, 32> uint256(const py::int_& value, const char* name) {
  if (value < py::int_(0) || py::int_(value.attr("bit_length")()) > py::int_(256)) {
    raise(Errc::invalid_argument, std::string(name) + " must be in [0, 2**256)");
  }
  const py::bytes encoded = value.attr("to_bytes")(32, "big");
  return fixed<32>(encoded, name);
}

/// Serialises Python threads' calls on one mutable C++ object. Every call releases the GIL first
/// and then takes the lock, always in that order: a thread holding the lock never waits for the
/// GIL held by a thread that waits for the lock. `f` runs without the GIL, so it touches C++
/// values only (inputs are converted before, results after).
class ObjectLock {
 public:
  template <class F>
  decltype(auto) shared(F&& f) const {
    py::gil_scoped_release unlocked;
    std::shared_lock lock(*mutex_);
    return f();
  }
  template <class F>
  decltype(auto) exclusive(F&& f) {
    py::gil_scoped_release unlocked;
    std::unique_lock lock(*mutex_);
    return f();
  }

 private:
  std::unique_ptr<std::shared_mutex> mutex_ = std::make_unique<std::shared_mutex>();
};

// ---- binary tree

template <Hasher H>
using Tree = BinaryMerkleTree<H>;

class BinaryTree {
 public:
  using Variant = std::variant<Tree<Sha256>, Tree<Keccak256>, Tree<Sha3_256>, Tree<Blake3>>;

  BinaryTree(HashAlgorithm algo, Variant tree) : algo_(algo), tree_(std::move(tree)) {}
  explicit BinaryTree(const std::string& hash)
      : BinaryTree(algorithm(hash), make(algorithm(hash), [](auto tag) {
                     return Tree<typename decltype(tag)::type>();
                   })) {}

  template <class Make>
  static Variant make(HashAlgorithm algo, Make&& build) {
    return with_hasher(algo, [&](auto tag) -> Variant { return build(tag); });
  }

  static BinaryTree from_leaves(const std::vector<py::bytes>& leaves, const std::string& hash) {
    const HashAlgorithm algo = algorithm(hash);
    std::vector<ByteSpan> views;
    views.reserve(leaves.size());
    for (const py::bytes& leaf : leaves) views.push_back(view(leaf));
    py::gil_scoped_release unlocked;
    return BinaryTree(algo, make(algo, [&](auto tag) {
                        using H = typename decltype(tag)::type;
                        std::vector<Digest32> hashes(views.size());
                        for (std::size_t i = 0; i < views.size(); ++i) {
                          hashes[i] = Rfc6962Hashing<H>::leaf(views[i]);
                        }
                        return Tree<H>::from_leaf_hashes(hashes);
                      }));
  }

  static BinaryTree from_fixed_leaves(const py::bytes& data, std::size_t leaf_size,
                                      const std::string& hash) {
    const HashAlgorithm algo = algorithm(hash);
    const ByteSpan leaves = view(data);
    Result<Variant> built = [&]() -> Result<Variant> {
      py::gil_scoped_release unlocked;
      return with_hasher(algo, [&](auto tag) -> Result<Variant> {
        auto tree = Tree<typename decltype(tag)::type>::from_fixed_size_leaves(leaves, leaf_size);
        if (!tree) return tree.error();
        return Variant(std::move(tree).value());
      });
    }();
    return BinaryTree(algo, take(std::move(built)));
  }

  static BinaryTree from_leaf_hashes(const std::vector<py::bytes>& hashes,
                                     const std::string& hash) {
    const HashAlgorithm algo = algorithm(hash);
    const std::vector<Digest32> leaf_hashes = digests(hashes, "leaf hash");
    py::gil_scoped_release unlocked;
    return BinaryTree(algo, make(algo, [&](auto tag) {
                        return Tree<typename decltype(tag)::type>::from_leaf_hashes(leaf_hashes);
                      }));
  }

  void append(const py::bytes& leaf) {
    const ByteSpan data = view(leaf);
    lock_.exclusive([&] { std::visit([&](auto& tree) { tree.append(data); }, tree_); });
  }
  std::uint64_t size() const {
    return lock_.shared(
        [&] { return std::visit([](const auto& tree) { return tree.size(); }, tree_); });
  }
  std::string hash() const { return std::string(hash_name(algo_)); }

  py::bytes root(std::optional<std::uint64_t> tree_size) const {
    return to_bytes(take(lock_.shared([&] {
      return std::visit(
          [&](const auto& tree) { return tree.root_at(tree_size.value_or(tree.size())); }, tree_);
    })));
  }
  py::bytes leaf_hash(std::uint64_t index) const {
    return to_bytes(take(lock_.shared([&] {
      return std::visit([&](const auto& tree) { return tree.leaf_hash(index); }, tree_);
    })));
  }
  py::list inclusion_proof(std::uint64_t index, std::optional<std::uint64_t> tree_size) const {
    return digest_list(take(lock_.shared([&] {
                         return std::visit(
                             [&](const auto& tree) {
                               return tree.inclusion_proof(index, tree_size.value_or(tree.size()));
                             },
                             tree_);
                       })).path);
  }
  py::list consistency_proof(std::uint64_t old_size, std::optional<std::uint64_t> new_size) const {
    return digest_list(take(lock_.shared([&] {
                         return std::visit(
                             [&](const auto& tree) {
                               return tree.consistency_proof(old_size,
                                                             new_size.value_or(tree.size()));
                             },
                             tree_);
                       })).path);
  }

 private:
  HashAlgorithm algo_;
  Variant tree_;
  ObjectLock lock_;
};

// ---- MPT

std::vector<Bytes> checked_proof(const std::vector<py::bytes>& proof) {
  std::vector<Bytes> nodes = byte_strings(proof);
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    if (auto decoded = mpt::decode_node(nodes[i]); !decoded) {
      raise(Errc::malformed_input,
            "proof node " + std::to_string(i) + ": " + decoded.error().message);
    }
  }
  return nodes;
}

/// The value `nodes` proves for `key` (std::nullopt: absent), or nothing when it does not verify.
std::optional<std::optional<Bytes>> proven(const Digest32& root, ByteSpan key,
                                           const std::vector<Bytes>& nodes) {
  Result<std::optional<Bytes>> verified = [&] {
    py::gil_scoped_release unlocked;
    return mpt::verify_proof(root, key, nodes);
  }();
  if (!verified) return std::nullopt;
  return std::move(verified).value();
}

Digest32 trie_root(const std::vector<std::pair<py::bytes, py::bytes>>& pairs, bool secure) {
  std::vector<Digest32> hashed(secure ? pairs.size() : 0);
  std::vector<mpt::MerklePatriciaTrie::KeyValue> views(pairs.size());
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    if (secure) hashed[i] = mpt::SecureTrie::hashed(view(pairs[i].first));
    views[i] = {secure ? ByteSpan(hashed[i]) : view(pairs[i].first), view(pairs[i].second)};
  }
  py::gil_scoped_release unlocked;
  mpt::MerklePatriciaTrie trie;
  if (Status put = trie.put_batch(views); !put) {
    py::gil_scoped_acquire locked;
    raise(put.error());
  }
  return trie.root_hash();
}

struct PyAccount {
  std::uint64_t nonce = 0;
  py::int_ balance = py::int_(0);
  py::bytes storage_root = to_bytes(mpt::kEmptyTrieRoot);
  py::bytes code_hash = to_bytes(mpt::kEmptyCodeHash);

  mpt::Account to_cpp() const {
    return {nonce, uint256(balance, "balance"), digest(storage_root, "storage_root"),
            digest(code_hash, "code_hash")};
  }
};

class Trie {
 public:
  explicit Trie(bool secure) : secure_(secure) {}
  void put(const py::bytes& key, const py::bytes& value) {
    const Bytes path = key_of(key);
    const ByteSpan data = view(value);
    check(lock_.exclusive([&] { return trie_.put(path, data); }));
  }
  void erase(const py::bytes& key) {
    const Bytes path = key_of(key);
    check(lock_.exclusive([&] { return trie_.erase(path); }));
  }
  std::optional<py::bytes> get(const py::bytes& key) const {
    const Bytes path = key_of(key);
    const auto value = take(lock_.shared([&]() -> Result<std::optional<Bytes>> {
      Result<std::optional<ByteSpan>> found = trie_.get(path);  // a view: copied under the lock
      if (!found) return found.error();
      if (!*found) return std::optional<Bytes>();
      return std::optional<Bytes>(Bytes((*found)->begin(), (*found)->end()));
    }));
    if (!value) return std::nullopt;
    return to_bytes(*value);
  }
  py::bytes root() {
    return to_bytes(lock_.exclusive([&] { return trie_.root_hash(); }));
  }
  py::list prove(const py::bytes& key) {
    const Bytes path = key_of(key);
    py::list out;
    for (const Bytes& node : take(lock_.exclusive([&] { return trie_.prove(path); }))) {
      out.append(to_bytes(node));
    }
    return out;
  }
  bool secure() const { return secure_; }

 private:
  Bytes key_of(const py::bytes& key) const {
    const ByteSpan bytes = view(key);
    if (!secure_) return Bytes(bytes.begin(), bytes.end());
    const Digest32 hashed = mpt::SecureTrie::hashed(bytes);
    return Bytes(hashed.begin(), hashed.end());
  }
  static void check(const Status& status) {
    if (!status) raise(status.error());
  }
  bool secure_;
  mpt::MerklePatriciaTrie trie_;
  ObjectLock lock_;
};

// ---- sparse tree

class SparseTree {
  // Defined first: the members below deduce their return types from them.
  template <class F>
  decltype(auto) visit(F&& f) const {
    return std::visit([&](const auto& tree) -> decltype(auto) { return f(*tree); }, tree_);
  }
  template <class F>
  decltype(auto) visit(F&& f) {
    return std::visit([&](auto& tree) -> decltype(auto) { return f(*tree); }, tree_);
  }

 public:
  explicit SparseTree(const std::string& hash) : algo_(algorithm(hash)) {
    with_hasher(algo_, [&](auto tag) {
      tree_ = std::make_unique<SparseMerkleTree<typename decltype(tag)::type>>();
    });
  }
  void put(const py::bytes& key_hash, const py::bytes& value) {
    const Digest32 key = digest(key_hash, "key_hash");
    const ByteSpan data = view(value);
    lock_.exclusive([&] { visit([&](auto& tree) { tree.put(key, data); }); });
  }
  void erase(const py::bytes& key_hash) {
    const Digest32 key = digest(key_hash, "key_hash");
    lock_.exclusive([&] { visit([&](auto& tree) { tree.erase(key); }); });
  }
  std::optional<py::bytes> get(const py::bytes& key_hash) const {
    const Digest32 key = digest(key_hash, "key_hash");
    const std::optional<Bytes> value =
        lock_.shared([&] { return visit([&](const auto& tree) { return tree.get(key); }); });
    if (!value) return std::nullopt;
    return to_bytes(*value);
  }
  py::bytes root() const {
    return to_bytes(
        lock_.shared([&] { return visit([](const auto& tree) { return tree.root_hash(); }); }));
  }
  std::size_t size() const {
    return lock_.shared([&] { return visit([](const auto& tree) { return tree.size(); }); });
  }
  py::bytes prove(const py::bytes& key_hash) const {
    const Digest32 key = digest(key_hash, "key_hash");
    return to_bytes(lock_.shared([&] {
      return visit([&](const auto& tree) { return encode_sparse_proof(tree.prove(key), key); });
    }));
  }

 private:
  HashAlgorithm algo_;
  std::variant<
      std::unique_ptr<SparseMerkleTree<Sha256>>, std::unique_ptr<SparseMerkleTree<Keccak256>>,
      std::unique_ptr<SparseMerkleTree<Sha3_256>>, std::unique_ptr<SparseMerkleTree<Blake3>>>
      tree_;
  ObjectLock lock_;
};

SparseProof decode_sparse(const py::bytes& proof, const Digest32& key) {
  Result<SparseProof> decoded = decode_sparse_proof(view(proof), key);
  if (!decoded) raise(Errc::malformed_input, decoded.error().message);
  return std::move(decoded).value();
}

// ---- Verkle

bool witness_verdict(const Digest32& root, Result<verkle::ExecutionWitness>&& parsed) {
  if (!parsed) raise(Errc::malformed_input, parsed.error().message);
  Status verified = [&] {
    py::gil_scoped_release unlocked;
    return verkle::verify_execution_witness(*parsed, root);
  }();
  if (!verified && verified.error().code != Errc::corrupt_data) raise(verified.error());
  return verified.ok();
}

// ---- state proofs

/// Whether `proof` shows `statement` (state/statement.hpp): corrupt_data is False, every other
/// error (bytes that do not decode, a statement out of form) is raised.
bool state_proof_verdict(const py::bytes& statement, const py::bytes& proof) {
  const ByteSpan statement_bytes = view(statement), proof_bytes = view(proof);
  Status verified = [&] {
    py::gil_scoped_release unlocked;
    return state::verify_state_proof(statement_bytes, proof_bytes);
  }();
  if (!verified && verified.error().code != Errc::corrupt_data) raise(verified.error());
  return verified.ok();
}

std::string_view text_of(const py::object& text) {
  if (py::isinstance<py::str>(text)) {
    Py_ssize_t length = 0;
    const char* data = PyUnicode_AsUTF8AndSize(text.ptr(), &length);
    if (data == nullptr) throw py::error_already_set();
    return {data, static_cast<std::size_t>(length)};
  }
  if (py::isinstance<py::bytes>(text)) {
    const ByteSpan bytes = view(py::reinterpret_borrow<py::bytes>(text));
    return {reinterpret_cast<const char*>(bytes.data()), bytes.size()};
  }
  throw py::type_error("expected str or bytes");
}

void add_exceptions(py::module_& m) {
  PyObject* base = PyErr_NewExceptionWithDoc("merkleforge.MerkleForgeError",
                                             "Base of every MerkleForge error.", nullptr, nullptr);
  m.add_object("MerkleForgeError", py::handle(base));
  struct Kind {
    Errc code;
    const char* name;
    PyObject* builtin;
    const char* doc;
  };
  const Kind kinds[] = {
      {Errc::invalid_argument, "InvalidArgument", PyExc_ValueError,
       "An argument is out of its documented range."},
      {Errc::malformed_input, "MalformedInput", PyExc_ValueError,
       "Bytes or text that do not decode (a truncated or altered proof, bad JSON, ...)."},
      {Errc::wrong_size, "WrongSize", PyExc_ValueError, "An input has the wrong length."},
      {Errc::not_found, "NotFound", PyExc_LookupError, "A requested item does not exist."},
      {Errc::corrupt_data, "CorruptData", PyExc_ValueError, "Data failed an integrity check."},
      {Errc::io_error, "IoError", PyExc_OSError, "The operating system reported an error."},
      {Errc::unsupported, "Unsupported", PyExc_RuntimeError,
       "The request is valid but not available here."},
  };
  for (const Kind& kind : kinds) {
    const std::string qualified = std::string("merkleforge.") + kind.name;
    PyObject* bases = PyTuple_Pack(2, base, kind.builtin);
    PyObject* type = PyErr_NewExceptionWithDoc(qualified.c_str(), kind.doc, bases, nullptr);
    Py_DECREF(bases);
    m.add_object(kind.name, py::handle(type));
    exception_types[static_cast<std::size_t>(kind.code)] = type;
  }
  py::register_exception_translator([](std::exception_ptr error) {
    try {
      if (error) std::rethrow_exception(error);
    } catch (const PythonError& e) {
      PyErr_SetString(exception_types[static_cast<std::size_t>(e.code)], e.what());
    }
  });
}

}  // namespace

PYBIND11_MODULE(_merkleforge, m) {
  m.doc() = "MerkleForge: hashes, Merkle trees, tries and proofs (C++ core).";
  m.attr("__version__") = MERKLEFORGE_VERSION;
  add_exceptions(m);

  // ---- hashes
  m.def(
      "hash",
      [](const std::string& name, const py::bytes& data) {
        const ByteSpan message = view(data);
        return to_bytes(with_hasher(
            algorithm(name), [&](auto tag) { return decltype(tag)::type::digest(message); }));
      },
      py::arg("hash"), py::arg("data"), "The 32-byte digest of data under the named hash.");
  // One function per hash as well: no name lookup on the per-call path.
  const auto add_digest = [&m](const char* name, auto tag, const char* doc) {
    using H = typename decltype(tag)::type;
    m.def(
        name, [](const py::bytes& data) { return to_bytes(H::digest(view(data))); },
        py::arg("data"), doc);
  };
  add_digest("sha256", HasherTag<Sha256>{}, "SHA-256 digest of data.");
  add_digest("keccak256", HasherTag<Keccak256>{}, "Ethereum's Keccak-256 digest of data.");
  add_digest("sha3_256", HasherTag<Sha3_256>{}, "FIPS 202 SHA3-256 digest of data.");
  add_digest("blake3", HasherTag<Blake3>{}, "BLAKE3 (32-byte) digest of data.");
  m.def(
      "hash_batch",
      [](const std::string& name, const py::bytes& messages, std::size_t message_size,
         const py::bytes& prefix) {
        const HashAlgorithm algo = algorithm(name);
        const ByteSpan data = view(messages);
        const ByteSpan prefix_bytes = view(prefix);
        if (message_size == 0 || data.size() % message_size != 0) {
          raise(Errc::wrong_size, "messages of " + std::to_string(data.size()) +
                                      " bytes are not a whole number of " +
                                      std::to_string(message_size) + "-byte messages");
        }
        const std::size_t count = data.size() / message_size;
        py::bytes out(nullptr, static_cast<Py_ssize_t>(count * 32));
        auto* digests_out = reinterpret_cast<Digest32*>(PyBytes_AsString(out.ptr()));
        {
          py::gil_scoped_release unlocked;
          with_hasher(algo, [&](auto tag) {
            decltype(tag)::type::hash_many(prefix_bytes, data.data(), message_size, count,
                                           digests_out);
          });
        }
        return out;
      },
      py::arg("hash"), py::arg("messages"), py::arg("message_size"),
      py::arg("prefix") = py::bytes(),
      "Digests of prefix ‖ each message_size-byte message of messages, concatenated (32 bytes "
      "each), computed by the SIMD batch kernels without the GIL.");

  using Hashers = std::variant<Sha256, Keccak256, Sha3_256, Blake3>;
  struct Incremental {
    Hashers state;
    bool finished = false;
  };
  py::class_<Incremental>(m, "Hasher", "Incremental hashing: update() pieces, then digest() once.")
      .def(py::init([](const std::string& name) {
             return with_hasher(algorithm(name), [](auto tag) {
               return Incremental{typename decltype(tag)::type{}, false};
             });
           }),
           py::arg("hash") = "sha256")
      .def(
          "update",
          [](Incremental& self, const py::bytes& data) -> Incremental& {
            if (self.finished) raise(Errc::invalid_argument, "digest() was already called");
            std::visit([&](auto& state) { state.update(view(data)); }, self.state);
            return self;
          },
          py::arg("data"), py::return_value_policy::reference_internal,
          "Absorbs data; returns the hasher.")
      .def(
          "digest",
          [](Incremental& self) {
            if (self.finished) raise(Errc::invalid_argument, "digest() was already called");
            self.finished = true;
            return to_bytes(std::visit([](auto& state) { return state.finalize(); }, self.state));
          },
          "The digest of everything absorbed (once; the hasher is spent afterwards).");

  // ---- binary tree
  m.def(
      "binary_leaf_hash",
      [](const py::bytes& data, const std::string& name) {
        return to_bytes(with_hasher(algorithm(name), [&](auto tag) {
          return Rfc6962Hashing<typename decltype(tag)::type>::leaf(view(data));
        }));
      },
      py::arg("data"), py::arg("hash") = "sha256", "The RFC 6962 leaf hash H(0x00 ‖ data).");
  py::class_<BinaryTree>(m, "BinaryTree", "RFC 6962 / RFC 9162 Merkle tree.")
      .def(py::init<const std::string&>(), py::arg("hash") = "sha256", "An empty tree.")
      .def_static("from_leaves", &BinaryTree::from_leaves, py::arg("leaves"),
                  py::arg("hash") = "sha256", "The tree over leaves of any lengths.")
      .def_static("from_fixed_leaves", &BinaryTree::from_fixed_leaves, py::arg("data"),
                  py::arg("leaf_size"), py::arg("hash") = "sha256",
                  "The tree over the leaf_size-byte leaves stored back to back in data.")
      .def_static("from_leaf_hashes", &BinaryTree::from_leaf_hashes, py::arg("leaf_hashes"),
                  py::arg("hash") = "sha256", "The tree over the given 32-byte leaf hashes.")
      .def("append", &BinaryTree::append, py::arg("leaf"), "Appends one leaf.")
      .def("__len__", &BinaryTree::size)
      .def_property_readonly("hash", &BinaryTree::hash, "The hash's name.")
      .def("root", &BinaryTree::root, py::arg("size") = py::none(),
           "Root of the tree (or of its first size leaves).")
      .def("leaf_hash", &BinaryTree::leaf_hash, py::arg("index"), "Hash of leaf index.")
      .def("inclusion_proof", &BinaryTree::inclusion_proof, py::arg("index"),
           py::arg("size") = py::none(),
           "Sibling hashes (bottom-up) proving leaf index in the tree of size leaves.")
      .def("consistency_proof", &BinaryTree::consistency_proof, py::arg("old_size"),
           py::arg("new_size") = py::none(),
           "Hashes proving the tree of new_size leaves extends that of old_size.");
  m.def(
      "verify_inclusion",
      [](const py::bytes& root, std::uint64_t size, std::uint64_t index, const py::bytes& leaf_hash,
         const std::vector<py::bytes>& path, const std::string& name) {
        const Digest32 trusted = digest(root, "root");
        const Digest32 leaf = digest(leaf_hash, "leaf_hash");
        const std::vector<Digest32> siblings = digests(path, "path entry");
        return with_hasher(algorithm(name), [&](auto tag) {
          return verify_inclusion<typename decltype(tag)::type>(trusted, size, index, leaf,
                                                                siblings);
        });
      },
      py::arg("root"), py::arg("size"), py::arg("index"), py::arg("leaf_hash"), py::arg("path"),
      py::arg("hash") = "sha256",
      "Whether path proves leaf_hash is leaf index of the tree (root, size).");
  m.def(
      "verify_consistency",
      [](const py::bytes& old_root, std::uint64_t old_size, const py::bytes& new_root,
         std::uint64_t new_size, const std::vector<py::bytes>& path, const std::string& name) {
        const Digest32 old_hash = digest(old_root, "old_root");
        const Digest32 new_hash = digest(new_root, "new_root");
        const std::vector<Digest32> siblings = digests(path, "path entry");
        return with_hasher(algorithm(name), [&](auto tag) {
          return verify_consistency<typename decltype(tag)::type>(old_hash, old_size, new_hash,
                                                                  new_size, siblings);
        });
      },
      py::arg("old_root"), py::arg("old_size"), py::arg("new_root"), py::arg("new_size"),
      py::arg("path"), py::arg("hash") = "sha256",
      "Whether path proves the tree (new_root, new_size) extends (old_root, old_size).");

  // ---- MPT
  m.def(
      "mpt_root",
      [](const std::vector<std::pair<py::bytes, py::bytes>>& pairs) {
        return to_bytes(trie_root(pairs, false));
      },
      py::arg("pairs"),
      "Root of the trie of (key, value) pairs applied in order (empty value erases).");
  m.def(
      "mpt_secure_root",
      [](const std::vector<std::pair<py::bytes, py::bytes>>& pairs) {
        return to_bytes(trie_root(pairs, true));
      },
      py::arg("pairs"), "As mpt_root with keys hashed by keccak256 (the secure trie).");
  py::class_<Trie>(m, "Trie", "Ethereum Merkle Patricia trie (keccak256).")
      .def(py::init<bool>(), py::arg("secure") = false,
           "An empty trie; secure=True hashes every key with keccak256.")
      .def("put", &Trie::put, py::arg("key"), py::arg("value"),
           "Sets key to value (an empty value erases).")
      .def("erase", &Trie::erase, py::arg("key"))
      .def("get", &Trie::get, py::arg("key"), "The value of key, or None.")
      .def("root", &Trie::root, "The root hash.")
      .def("prove", &Trie::prove, py::arg("key"),
           "The EIP-1186 proof of key: RLP nodes, root first.")
      .def_property_readonly("secure", &Trie::secure);
  py::class_<PyAccount>(m, "Account", "An Ethereum account (the state trie's value).")
      .def(py::init([](std::uint64_t nonce, py::int_ balance, py::bytes storage_root,
                       py::bytes code_hash) {
             PyAccount account{nonce, balance, storage_root, code_hash};
             account.to_cpp();  // validates the fields
             return account;
           }),
           py::arg("nonce") = 0, py::arg("balance") = 0,
           py::arg("storage_root") = to_bytes(mpt::kEmptyTrieRoot),
           py::arg("code_hash") = to_bytes(mpt::kEmptyCodeHash))
      .def_readwrite("nonce", &PyAccount::nonce)
      .def_readwrite("balance", &PyAccount::balance)
      .def_readwrite("storage_root", &PyAccount::storage_root)
      .def_readwrite("code_hash", &PyAccount::code_hash);
  m.attr("EMPTY_ROOT") = to_bytes(mpt::kEmptyTrieRoot);
  m.attr("EMPTY_CODE_HASH") = to_bytes(mpt::kEmptyCodeHash);
  m.def(
      "state_root",
      [](const std::vector<std::pair<py::bytes, PyAccount>>& accounts) {
        std::vector<std::pair<py::bytes, py::bytes>> pairs;
        for (const auto& [address, account] : accounts) {
          fixed<20>(address, "address");
          const Bytes encoded = mpt::encode_account(account.to_cpp());
          pairs.emplace_back(address, to_bytes(encoded));
        }
        return to_bytes(trie_root(pairs, true));
      },
      py::arg("accounts"), "State root of (20-byte address, Account) pairs.");
  m.def(
      "genesis_root",
      [](const py::object& json) {
        const std::string_view text = text_of(json);
        py::gil_scoped_release unlocked;
        Result<std::vector<mpt::GenesisAccount>> alloc = mpt::parse_genesis_alloc(text);
        if (!alloc) {
          py::gil_scoped_acquire locked;
          raise(alloc.error());
        }
        const Digest32 root = mpt::genesis_state_root(*alloc);
        py::gil_scoped_acquire locked;
        return to_bytes(root);
      },
      py::arg("json"), "State root of a geth genesis file or alloc map (str or bytes).");
  m.def(
      "mpt_verify_proof",
      [](const py::bytes& root, const py::bytes& key, std::optional<py::bytes> value,
         const std::vector<py::bytes>& proof) {
        const Digest32 trusted = digest(root, "root");
        const auto result = proven(trusted, view(key), checked_proof(proof));
        if (!result) return false;
        const ByteSpan claimed = value ? view(*value) : ByteSpan();
        if (claimed.empty()) return !result->has_value();
        return result->has_value() && std::ranges::equal(**result, claimed);
      },
      py::arg("root"), py::arg("key"), py::arg("value"), py::arg("proof"),
      "Whether proof shows key -> value under root (value None or b'': key absent).");
  m.def(
      "verify_account_proof",
      [](const py::bytes& state_root, const py::bytes& address, std::optional<PyAccount> account,
         const std::vector<py::bytes>& proof) {
        const Digest32 trusted = digest(state_root, "state_root");
        const auto key = mpt::SecureTrie::hashed(fixed<20>(address, "address"));
        const std::optional<mpt::Account> claimed =
            account ? std::optional(account->to_cpp()) : std::nullopt;
        const auto result = proven(trusted, key, checked_proof(proof));
        if (!result) return false;
        if (!result->has_value()) return !claimed;
        Result<mpt::Account> decoded = mpt::decode_account(**result);
        return claimed && decoded && *decoded == *claimed;
      },
      py::arg("state_root"), py::arg("address"), py::arg("account"), py::arg("proof"),
      "EIP-1186: whether proof shows address holding account (None: no account).");
  m.def(
      "verify_storage_proof",
      [](const py::bytes& storage_root, const py::int_& slot, const py::int_& value,
         const std::vector<py::bytes>& proof) {
        const Digest32 trusted = digest(storage_root, "storage_root");
        const auto key = mpt::SecureTrie::hashed(uint256(slot, "slot"));
        const auto claimed = uint256(value, "value");
        const auto result = proven(trusted, key, checked_proof(proof));
        if (!result) return false;
        if (!result->has_value()) return claimed == mpt::Uint256{};
        Result<mpt::Uint256> decoded = mpt::decode_storage_value(**result);
        return decoded && *decoded == claimed && claimed != mpt::Uint256{};
      },
      py::arg("storage_root"), py::arg("slot"), py::arg("value"), py::arg("proof"),
      "EIP-1186: whether proof shows storage slot holding value (0: absent).");
  m.def(
      "verify_range_proof",
      [](const py::bytes& root, const py::bytes& first_key, const std::vector<py::bytes>& keys,
         const std::vector<py::bytes>& values, const std::vector<py::bytes>& proof) {
        const Digest32 trusted = digest(root, "root");
        const std::vector<Bytes> key_list = byte_strings(keys), value_list = byte_strings(values);
        const std::vector<Bytes> nodes = checked_proof(proof);
        const ByteSpan first = view(first_key);
        Result<bool> verified = [&] {
          py::gil_scoped_release unlocked;
          return mpt::verify_range_proof(trusted, first, key_list, value_list, nodes);
        }();
        return py::make_tuple(verified.ok(), verified.ok() && *verified);
      },
      py::arg("root"), py::arg("first_key"), py::arg("keys"), py::arg("values"), py::arg("proof"),
      "Snap-sync range proof: (valid, more) — whether keys/values are exactly the entries from "
      "first_key to the last key, and whether the trie holds more after it.");

  // ---- sparse tree
  m.def(
      "sparse_key_hash",
      [](const py::bytes& key, const std::string& name) {
        return to_bytes(with_hasher(algorithm(name), [&](auto tag) {
          return JmtHashing<typename decltype(tag)::type>::key_hash(view(key));
        }));
      },
      py::arg("key"), py::arg("hash") = "sha256", "H(key), the key hash JMT stores key under.");
  py::class_<SparseTree>(m, "SparseTree", "Jellyfish-compatible sparse Merkle tree.")
      .def(py::init<const std::string&>(), py::arg("hash") = "sha256")
      .def("put", &SparseTree::put, py::arg("key_hash"), py::arg("value"))
      .def("erase", &SparseTree::erase, py::arg("key_hash"))
      .def("get", &SparseTree::get, py::arg("key_hash"), "The value, or None.")
      .def("root", &SparseTree::root)
      .def("__len__", &SparseTree::size)
      .def("prove", &SparseTree::prove, py::arg("key_hash"),
           "The encoded (non-)membership proof of key_hash (docs/sparse-tree.md).");
  m.def(
      "sparse_verify_membership",
      [](const py::bytes& root, const py::bytes& key_hash, const py::bytes& value,
         const py::bytes& proof, const std::string& name) {
        const Digest32 trusted = digest(root, "root");
        const Digest32 key = digest(key_hash, "key_hash");
        const SparseProof decoded = decode_sparse(proof, key);
        return with_hasher(algorithm(name), [&](auto tag) {
          using H = typename decltype(tag)::type;
          return verify_sparse_membership<H>(trusted, key, JmtHashing<H>::value_hash(view(value)),
                                             decoded)
              .ok();
        });
      },
      py::arg("root"), py::arg("key_hash"), py::arg("value"), py::arg("proof"),
      py::arg("hash") = "sha256", "Whether proof shows key_hash -> value under root.");
  m.def(
      "sparse_verify_non_membership",
      [](const py::bytes& root, const py::bytes& key_hash, const py::bytes& proof,
         const std::string& name) {
        const Digest32 trusted = digest(root, "root");
        const Digest32 key = digest(key_hash, "key_hash");
        const SparseProof decoded = decode_sparse(proof, key);
        return with_hasher(algorithm(name), [&](auto tag) {
          return verify_sparse_non_membership<typename decltype(tag)::type>(trusted, key, decoded)
              .ok();
        });
      },
      py::arg("root"), py::arg("key_hash"), py::arg("proof"), py::arg("hash") = "sha256",
      "Whether proof shows key_hash absent under root.");

  // ---- Verkle
  m.def(
      "verkle_tree_key",
      [](const py::bytes& address32, const py::int_& tree_index, std::uint8_t sub_index) {
        const verkle::Address32 address = fixed<32>(address32, "address32");
        const auto index_be = uint256(tree_index, "tree_index");
        verkle::TreeIndex index{};
        for (std::size_t i = 0; i < 32; ++i) {
          index[i / 8] |= std::uint64_t{index_be[31 - i]} << (8 * (i % 8));
        }
        py::gil_scoped_release unlocked;
        const verkle::TreeKey key = verkle::get_tree_key(address, index, sub_index);
        py::gil_scoped_acquire locked;
        return to_bytes(key);
      },
      py::arg("address32"), py::arg("tree_index"), py::arg("sub_index"),
      "EIP-6800 get_tree_key(address32, tree_index, sub_index).");
  m.def(
      "verkle_verify_witness",
      [](const py::bytes& pre_state_root, const py::object& json) {
        return witness_verdict(digest(pre_state_root, "pre_state_root"),
                               verkle::parse_execution_witness(text_of(json)));
      },
      py::arg("pre_state_root"), py::arg("witness_json"),
      "Whether the execution witness (geth/Kaustinen JSON) holds under pre_state_root.");
  m.def(
      "verkle_verify_witness_ssz",
      [](const py::bytes& pre_state_root, const py::bytes& ssz) {
        return witness_verdict(digest(pre_state_root, "pre_state_root"),
                               verkle::parse_execution_witness_ssz(view(ssz)));
      },
      py::arg("pre_state_root"), py::arg("witness_ssz"),
      "Whether the execution witness (consensus-specs SSZ) holds under pre_state_root.");

  // ---- state proofs
  m.def("verify_state_proof", &state_proof_verdict, py::arg("statement"), py::arg("proof"),
        "Whether the succinct state proof shows the statement (its \"MFST\" bytes: a log's "
        "inclusions or a binary state tree's reads).");
}
