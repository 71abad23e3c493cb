// mforge zk: proofs of the Binius table's circuits (docs/binius-cs.md).
//   mforge zk prove CIRCUIT --count N [--seed S | --inputs FILE] [--public-inputs] [--threads T]
//                   --proof FILE --statement FILE
//        random instances from the seed (default 1), or the N instances of FILE (one per line,
//        hex: circuits/circuit.hpp gives each circuit's input bytes); writes the proof (binary)
//        and the statement {"circuit", "count", "public_outputs": [hex, one per instance],
//        "public_inputs": [...] (with --public-inputs only), "commitment" (the Boolean engine's
//        profile), "security_bits" (with proof of work where the profile grinds),
//        "interactive_security_bits", "statement_digest"}; prints witness time, prove time and
//        proof size. Without
//        --public-inputs the inputs stay private and the proof says only that the prover knows
//        inputs with these outputs (circuits/circuit.hpp: for permutations, anyone does)
//   mforge zk verify CIRCUIT --proof FILE --statement FILE
//        exit 0 valid, 1 invalid, 2 malformed (proof, statement, or a statement of another
//        circuit)
//   mforge zk describe CIRCUIT --count N
//        columns, constraints, committed size, PCS parameters, soundness terms and the total
// --commitment fast|slim (prove, describe; Boolean engine): the commitment's profile (default
// fast; slim: rate 1/4 and 16 bits of query proof of work, ~0.6× the opening). The statement
// names it and verify follows it; the first engine commits with fast only.
// The Boolean engine (docs/boolean-engine.md) proves keccakf, sha256, u32add, u32xor, u32and,
// u32or and u32mul by default (its u32 circuits take 64 operations per instance: other counts go
// to the first engine); --engine v0 (prove, describe) runs the first,
// constraint-system engine instead, the only one for the other circuits. The statement says which
// "engine", and verify follows it.
// CIRCUIT: keccakf, u32add, u32xor, u32and, u32or, u32mul, u64mul (the Boolean engine only: 64
// products of 8-byte big-endian x ‖ y per instance, the 16-byte products), sha256, groestlp,
// vision32.

#include <chrono>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <sstream>

#include "cli_io.hpp"
#include "commands.hpp"
#include "merkleforge/boolean/prover.hpp"
#include "merkleforge/circuits/circuit.hpp"
#include "merkleforge/core/hex.hpp"
#include "merkleforge/cs/prover.hpp"
#include "merkleforge/parallel/parallel.hpp"

namespace mforge {
namespace {

using namespace merkleforge;
using circuits::Circuit;

int fail(const Error& error) {
  return report_failure("zk", error);
}

/// The circuit only the Boolean engine proves (the first engine has no u64 mul).
constexpr std::string_view kBooleanOnly = "u64mul";

/// What the command needs of a circuit's items: their sizes and how many a statement may hold.
/// From the first engine's circuit of that name, or for u64mul from its Boolean circuit (64 items
/// per instance).
struct Items {
  std::string name;
  std::size_t input_bytes = 0, output_bytes = 0, max_count = 0;
  const Circuit* v0 = nullptr;  ///< the first engine's circuit; nullptr for u64mul
};

Result<Items> items_named(const std::string& name) {
  if (name == kBooleanOnly) {
    const boolean::Circuit& c = boolean::u64mul_circuit();
    const std::size_t per = boolean::kU32OpsPerInstance;
    return Items{name, c.input_bytes() / per, c.output_bytes() / per, std::size_t{1} << 22};
  }
  const Circuit* c = circuits::find_circuit(name);
  if (c == nullptr) {
    std::string names;
    for (auto n : circuits::circuit_names()) names += (names.empty() ? "" : ", ") + std::string(n);
    return make_error(Errc::invalid_argument, "unknown circuit '" + name + "' (one of " + names +
                                                  ", " + std::string(kBooleanOnly) + ")");
  }
  return Items{std::string(c->name()), c->input_bytes(), c->output_bytes(), c->max_count(), c};
}

/// Errors: invalid_argument naming the engine, for the first engine on u64mul.
Result<const Circuit*> first_engine_circuit(const Items& items) {
  if (items.v0 == nullptr) {
    return make_error(Errc::invalid_argument,
                      items.name + " is proved by the boolean engine only (not --engine v0)");
  }
  return items.v0;
}

/// Errors: invalid_argument for a commitment profile other than fast (the first engine has no
/// other).
Status first_engine_commitment(const std::string& commitment) {
  if (commitment != "fast") {
    return make_error(Errc::invalid_argument, "--commitment " + commitment +
                                                  " is for the boolean engine (v0 commits fast)");
  }
  return Ok{};
}

Status check_count(const Items& c, std::size_t count) {
  if (count == 0 || count > c.max_count) {
    return make_error(Errc::invalid_argument, "--count must be 1.." + std::to_string(c.max_count));
  }
  return Ok{};
}

/// Random inputs from the seed: the first engine's (circuits/circuit.hpp) or, for u64mul, bytes.
Bytes random_inputs(const Items& items, std::size_t count, std::uint64_t seed) {
  if (items.v0 != nullptr) return circuits::random_inputs(*items.v0, count, seed);
  std::mt19937_64 rng(seed);
  Bytes out(count * items.input_bytes);
  for (std::uint8_t& byte : out) byte = static_cast<std::uint8_t>(rng());
  return out;
}

Result<Bytes> read_inputs(const Items& c, const std::string& path, std::size_t count) {
  auto text = read_text_file(path);
  if (!text) return text.error();
  std::istringstream lines(*text);
  Bytes inputs;
  std::string line;
  std::size_t number = 0;
  while (std::getline(lines, line)) {
    ++number;
    const std::size_t start = line.find_first_not_of(" \t\r");
    if (start == std::string::npos) continue;
    const std::size_t end = line.find_last_not_of(" \t\r");
    auto bytes = from_hex(line.substr(start, end - start + 1));
    if (!bytes || bytes->size() != c.input_bytes) {
      return make_error(Errc::malformed_input, path + ": line " + std::to_string(number) +
                                                   " is not " + std::to_string(c.input_bytes) +
                                                   " bytes of hex");
    }
    inputs.insert(inputs.end(), bytes->begin(), bytes->end());
  }
  if (inputs.size() != count * c.input_bytes) {
    return make_error(Errc::malformed_input,
                      path + ": " + std::to_string(inputs.size() / c.input_bytes) +
                          " instances, --count says " + std::to_string(count));
  }
  return inputs;
}

constexpr const char* kBooleanEngine = "boolean";

/// The Boolean engine's batch for `count` items of the first engine's circuit of that name: its
/// u32 circuits take kU32OpsPerInstance operations per instance, so the count must be a multiple
/// of it (padding operations would let a statement of n operations stand for one of n + 1).
struct BooleanBatch {
  const boolean::Circuit* circuit;
  std::size_t per_instance;  ///< items per instance
  std::size_t instances(std::size_t count) const { return count / per_instance; }
};

/// Errors: invalid_argument naming what the Boolean engine proves.
Result<BooleanBatch> boolean_batch(const std::string& name, std::size_t count) {
  const boolean::Circuit* c = boolean::find_circuit(name);
  if (c == nullptr) {
    return make_error(Errc::invalid_argument,
                      "the boolean engine proves keccakf, sha256, u32add, u32xor, u32and, u32or, "
                      "u32mul and u64mul (so far), not '" +
                          name + "'");
  }
  const bool u32 = boolean::find_u32_circuit(name) != nullptr || name == kBooleanOnly;
  if (u32 && count % boolean::kU32OpsPerInstance != 0) {
    return make_error(Errc::invalid_argument, "the boolean engine proves u32 operations " +
                                                  std::to_string(boolean::kU32OpsPerInstance) +
                                                  " at a time: --count must be a multiple of " +
                                                  std::to_string(boolean::kU32OpsPerInstance));
  }
  return BooleanBatch{c, u32 ? boolean::kU32OpsPerInstance : std::size_t{1}};
}

/// The engine that proves `count` items of `circuit`: `requested` when given, else the Boolean
/// engine when it can and the constraint-system engine (v0) otherwise.
std::string engine_for(const std::string& circuit, std::size_t count,
                       const std::string& requested) {
  if (!requested.empty()) return requested;
  return circuit == kBooleanOnly || boolean_batch(circuit, count) ? kBooleanEngine : "v0";
}

struct Statement {
  std::string engine = "v0";
  pcs::Profile commitment = pcs::Profile::fast;
  std::size_t count = 0;
  Bytes outputs;
  Bytes inputs;  ///< empty unless the statement's inputs are public
  circuits::Inputs visibility() const {
    return inputs.empty() ? circuits::Inputs::private_inputs : circuits::Inputs::public_inputs;
  }
};

/// One hex string per instance of `bytes` records.
nlohmann::json hex_list(ByteSpan bytes, std::size_t record, std::size_t count) {
  nlohmann::json list = nlohmann::json::array();
  for (std::size_t k = 0; k < count; ++k) list.push_back(to_hex(bytes.subspan(k * record, record)));
  return list;
}

std::string statement_json(const Circuit& c, const cs::ConstraintSystem& system,
                           const cs::PublicValues& publics, const Statement& statement) {
  const auto params = cs::derive_params(system, {}).value();  // prove succeeded with them
  nlohmann::json doc;
  doc["circuit"] = std::string(c.name());
  doc["count"] = statement.count;
  doc["public_outputs"] = hex_list(statement.outputs, c.output_bytes(), statement.count);
  if (!statement.inputs.empty()) {
    doc["public_inputs"] = hex_list(statement.inputs, c.input_bytes(), statement.count);
  }
  doc["security_bits"] = params.security_bits();
  doc["interactive_security_bits"] = params.soundness.bits();
  doc["statement_digest"] = to_hex(cs::statement_digest(system, params, publics));
  return doc.dump(1) + "\n";
}

/// count records of `bytes` bytes each from a JSON list of hex strings. Errors: malformed_input.
Result<Bytes> read_hex_list(const nlohmann::json& list, std::size_t count, std::size_t bytes,
                            const std::string& what) {
  if (!list.is_array() || list.size() != count) {
    return make_error(Errc::malformed_input, what + " does not have count entries");
  }
  Bytes out;
  for (const auto& item : list) {
    auto record = item.is_string() ? from_hex(item.get<std::string>())
                                   : Result<Bytes>(make_error(Errc::malformed_input, ""));
    if (!record || record->size() != bytes) {
      return make_error(Errc::malformed_input, "an entry of " + what + " is not " +
                                                   std::to_string(bytes) + " bytes of hex");
    }
    out.insert(out.end(), record->begin(), record->end());
  }
  return out;
}

Result<Statement> read_statement(const Items& c, const std::string& path) {
  auto text = read_text_file(path);
  if (!text) return text.error();
  const nlohmann::json doc = nlohmann::json::parse(*text, nullptr, false);
  auto bad = [&](const std::string& what) {
    return make_error(Errc::malformed_input, path + ": " + what);
  };
  if (!doc.is_object() || !doc.contains("circuit") || !doc["circuit"].is_string() ||
      !doc.contains("count") || !doc["count"].is_number_unsigned() ||
      !doc.contains("public_outputs") || !doc["public_outputs"].is_array()) {
    return bad("expected {\"circuit\", \"count\", \"public_outputs\": [hex, ...]}");
  }
  if (doc["circuit"].get<std::string>() != c.name) {
    return bad("a statement of circuit " + doc["circuit"].get<std::string>() + ", not " + c.name);
  }
  Statement s;
  if (doc.contains("engine")) {
    if (!doc["engine"].is_string() ||
        (doc["engine"] != "v0" && doc["engine"] != std::string(kBooleanEngine))) {
      return bad("\"engine\" must be \"v0\" or \"boolean\"");
    }
    s.engine = doc["engine"].get<std::string>();
  }
  if (doc.contains("commitment")) {
    auto profile = doc["commitment"].is_string()
                       ? pcs::profile_named(doc["commitment"].get<std::string>())
                       : Result<pcs::Profile>(make_error(Errc::malformed_input, ""));
    if (!profile) return bad("\"commitment\" must be \"fast\" or \"slim\"");
    s.commitment = *profile;
  }
  s.count = doc["count"].get<std::size_t>();
  if (Status ok = check_count(c, s.count); !ok) return bad(ok.error().message);
  auto outputs = read_hex_list(doc["public_outputs"], s.count, c.output_bytes, "public_outputs");
  if (!outputs) return bad(outputs.error().message);
  s.outputs = std::move(*outputs);
  if (doc.contains("public_inputs")) {
    auto inputs = read_hex_list(doc["public_inputs"], s.count, c.input_bytes, "public_inputs");
    if (!inputs) return bad(inputs.error().message);
    s.inputs = std::move(*inputs);
  }
  return s;
}

struct ProveArgs {
  std::string circuit, inputs, proof, statement, engine;  ///< engine: empty for engine_for's choice
  std::string commitment = "fast";                        ///< the commitment's profile
  std::size_t count = 0;
  std::uint64_t seed = 1;
  std::size_t threads = 0;
  bool public_inputs = false;
};

Status write_text(const std::string& path, const std::string& text) {
  return write_file(path,
                    ByteSpan(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()));
}

void print_figures(double witness_s, double prove_s, std::size_t proof_bytes) {
  std::cout << "witness: " << witness_s << " s\nprove: " << prove_s << " s\nproof: " << proof_bytes
            << " bytes (" << static_cast<double>(proof_bytes) / 1024.0 << " KiB)\n";
}

/// The Boolean engine's proof of the instances (inputs in the first engine's format, which its
/// Keccak-f shares: 25 lanes, little-endian).
int run_prove_boolean(const ProveArgs& args, const Items& items, ByteSpan inputs) {
  auto batch = boolean_batch(args.circuit, args.count);
  if (!batch) return fail(batch.error());
  const boolean::Circuit& c = *batch->circuit;
  const std::size_t instances = batch->instances(args.count);
  const pcs::Profile commitment = pcs::profile_named(args.commitment).value();  // CLI-checked
  boolean::ProveTimings timings;
  auto proved = boolean::prove(
      c, instances, inputs, &timings,
      args.public_inputs ? boolean::Inputs::made_public : boolean::Inputs::kept_private,
      commitment);
  if (!proved) return fail(proved.error());
  if (Status s = write_file(args.proof, proved->proof); !s) return fail(s.error());
  // prove succeeded with these parameters
  const auto params = boolean::derive_params(c, instances, args.public_inputs, commitment).value();
  const ByteSpan public_inputs = args.public_inputs ? inputs : ByteSpan{};
  nlohmann::json doc;
  doc["engine"] = kBooleanEngine;
  doc["commitment"] = args.commitment;
  doc["circuit"] = args.circuit;
  doc["count"] = args.count;
  doc["public_outputs"] = hex_list(proved->outputs, items.output_bytes, args.count);
  if (args.public_inputs) doc["public_inputs"] = hex_list(inputs, items.input_bytes, args.count);
  doc["security_bits"] = params.soundness.work_bits();
  doc["interactive_security_bits"] = params.soundness.bits();
  doc["statement_digest"] =
      to_hex(boolean::statement_digest(c, instances, proved->outputs, public_inputs, commitment));
  if (Status s = write_text(args.statement, doc.dump(1) + "\n"); !s) return fail(s.error());
  print_figures(timings.witness,
                timings.commit + timings.zerocheck + timings.lincheck + timings.mul + timings.open,
                proved->proof.size());
  return kExitOk;
}

int run_prove(const ProveArgs& args) {
  auto items = items_named(args.circuit);
  if (!items) return fail(items.error());
  if (Status s = check_count(*items, args.count); !s) return fail(s.error());
  std::optional<merkleforge::ThreadLimit> threads;
  if (args.threads > 0) threads.emplace(args.threads);
  Result<Bytes> inputs = args.inputs.empty() ? random_inputs(*items, args.count, args.seed)
                                             : read_inputs(*items, args.inputs, args.count);
  if (!inputs) return fail(inputs.error());
  if (engine_for(args.circuit, args.count, args.engine) == kBooleanEngine) {
    return run_prove_boolean(args, *items, *inputs);
  }
  if (Status s = first_engine_commitment(args.commitment); !s) return fail(s.error());
  auto c = first_engine_circuit(*items);
  if (!c) return fail(c.error());
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  const circuits::Trace trace = (*c)->trace(*inputs);
  const double witness_s = std::chrono::duration<double>(Clock::now() - start).count();
  Statement statement{"v0", pcs::Profile::fast, args.count, trace.outputs,
                      args.public_inputs ? *inputs : Bytes{}};
  const cs::ConstraintSystem system = (*c)->system(args.count, statement.visibility());
  const cs::PublicValues publics = (*c)->publics(args.count, statement.outputs, statement.inputs);
  const auto proving = Clock::now();
  auto proof = cs::prove(system, trace.witness, publics);
  if (!proof) return fail(proof.error());
  const double prove_s = std::chrono::duration<double>(Clock::now() - proving).count();
  if (Status s = write_file(args.proof, *proof); !s) return fail(s.error());
  if (Status s = write_text(args.statement, statement_json(**c, system, publics, statement)); !s) {
    return fail(s.error());
  }
  print_figures(witness_s, prove_s, proof->size());
  return kExitOk;
}

int run_verify(const std::string& name, const std::string& proof_path,
               const std::string& statement_path) {
  auto items = items_named(name);
  if (!items) return fail(items.error());
  auto statement = read_statement(*items, statement_path);
  if (!statement) return fail(statement.error());
  auto proof = read_binary(proof_path);
  if (!proof) return fail(proof.error());
  Status verified = Ok{};
  if (statement->engine == kBooleanEngine) {
    auto batch = boolean_batch(name, statement->count);
    if (!batch) return fail(batch.error());
    verified =
        boolean::verify(*batch->circuit, batch->instances(statement->count), statement->outputs,
                        *proof, statement->inputs, statement->commitment);
  } else {
    if (statement->commitment != pcs::Profile::fast) {
      return fail(make_error(Errc::malformed_input,
                             statement_path + ": the first engine commits with \"fast\" only"));
    }
    auto c = first_engine_circuit(*items);
    if (!c) return fail(c.error());
    const cs::ConstraintSystem system = (*c)->system(statement->count, statement->visibility());
    verified = cs::verify(
        system, (*c)->publics(statement->count, statement->outputs, statement->inputs), *proof);
  }
  if (!verified) {
    if (verified.error().code != Errc::corrupt_data) return fail(verified.error());
    std::cout << "invalid: " << verified.error().message << "\n";
    return kExitNegative;
  }
  std::cout << "valid\n";
  return kExitOk;
}

int run_describe(const ProveArgs& args) {
  const std::string& name = args.circuit;
  const std::size_t count = args.count;
  if (engine_for(name, count, args.engine) == kBooleanEngine) {
    auto batch = boolean_batch(name, count);
    if (!batch) return fail(batch.error());
    auto text = boolean::describe(*batch->circuit, batch->instances(count), false,
                                  pcs::profile_named(args.commitment).value());
    if (!text) return fail(text.error());
    std::cout << *text;
    return kExitOk;
  }
  if (Status s = first_engine_commitment(args.commitment); !s) return fail(s.error());
  auto items = items_named(name);
  if (!items) return fail(items.error());
  if (Status s = check_count(*items, count); !s) return fail(s.error());
  auto c = first_engine_circuit(*items);
  if (!c) return fail(c.error());
  std::cout << cs::describe((*c)->system(count), {});
  return kExitOk;
}

}  // namespace

void register_zk(CLI::App& app, int& exit_code) {
  auto* zk = app.add_subcommand("zk", "Binius-style proofs of the benchmark table's circuits");
  zk->require_subcommand(1);
  auto args = std::make_shared<ProveArgs>();
  auto* prove = zk->add_subcommand("prove", "Prove N instances (random from --seed or --inputs)");
  prove
      ->add_option("circuit", args->circuit,
                   "keccakf, u32add, u32xor, u32and, u32or, u32mul, u64mul, sha256, groestlp or "
                   "vision32")
      ->required();
  prove->add_option("--count", args->count, "number of instances")->required();
  auto* seed = prove->add_option("--seed", args->seed, "seed of the random instances (default 1)");
  prove->add_option("--inputs", args->inputs, "file of instances, one hex line each")
      ->excludes(seed);
  prove->add_flag("--public-inputs", args->public_inputs,
                  "make the inputs part of the statement (default: private, only the outputs)");
  prove->add_option("--threads", args->threads, "worker threads (default: all)");
  const auto engine_option = [&](CLI::App* command) {
    command
        ->add_option("--engine", args->engine,
                     "boolean (the Boolean engine; default for keccakf, sha256 and u32 add, xor, "
                     "and, or, mul of a multiple of 64 operations) or v0 (the constraint-system "
                     "engine; default for the others)")
        ->check(CLI::IsMember({"v0", kBooleanEngine}));
  };
  engine_option(prove);
  const auto commitment_option = [&](CLI::App* command) {
    command
        ->add_option("--commitment", args->commitment,
                     "the commitment's profile: fast (rate 1/2, default) or slim (rate 1/4 and 16 "
                     "bits of query proof of work: a smaller proof, a slower commit)")
        ->check(CLI::IsMember({"fast", "slim"}));
  };
  commitment_option(prove);
  prove->add_option("--proof", args->proof, "proof output file")->required();
  prove->add_option("--statement", args->statement, "statement output file (JSON)")->required();
  prove->callback([args, &exit_code] { exit_code = run_prove(*args); });

  auto verify = zk->add_subcommand("verify", "Verify a proof against a statement");
  verify->add_option("circuit", args->circuit, "the circuit the statement is about")->required();
  verify->add_option("--proof", args->proof, "proof file")->required();
  verify->add_option("--statement", args->statement, "statement file (JSON)")->required();
  verify->callback(
      [args, &exit_code] { exit_code = run_verify(args->circuit, args->proof, args->statement); });

  auto describe = zk->add_subcommand("describe", "Shape, parameters and soundness of a circuit");
  describe->add_option("circuit", args->circuit, "the circuit")->required();
  describe->add_option("--count", args->count, "number of instances")->required();
  engine_option(describe);
  commitment_option(describe);
  describe->callback([args, &exit_code] { exit_code = run_describe(*args); });
  register_zk_state(*zk, exit_code);
}

}  // namespace mforge
