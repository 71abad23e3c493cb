// Peer for the multiproof tests and benchmarks: rust-verkle's multiproof compiled to WASM
// (verkle-cryptography-wasm, pinned in tests/peers/package.json; its FFI starts the transcript
// with the label "verkle").
//
// stdin:  {"op": "prove", "inputs": [{"commitment": hex, "vector": [hex x 256], "indices": [..]}]}
//           -> {"proof": hex}
//         {"op": "verify", "proof": hex, "claims": [{"commitment": hex, "index": n, "value": hex}]}
//           -> {"valid": bool}  (the package throws on some invalid proofs: reported as false)
//         {"op": "bench", "polynomials": P, "openings_per_polynomial": K, "repetitions": n}
//           -> {"prove_ns": [...], "verify_ns": [...], "proof": hex}  (after one untimed run)
//           workload: polynomial p has values p·256 + i + 1 (i = 0..255) and is opened at the
//           points (p + 16·k) mod 256, k < K, queries ordered by p then k (bench_verkle_crypto
//           builds the same queries and compares its proof with `proof`).
// Scalars are 32-byte little-endian hex, commitments 32-byte compressed points (hex).
import {createRequire} from 'node:module';

const require = createRequire(import.meta.url);
const {loadVerkleCrypto} = require('verkle-cryptography-wasm');
// The package's createProof wrapper spreads every byte string into one call and overflows the
// stack beyond a few hundred openings; the benchmark serialises the same bytes itself and calls
// the WASM context directly (the file is resolved by path because the package exports only ".").
const {Context} = require(require.resolve('verkle-cryptography-wasm').replace(
    /index\.js$/, 'wasm/rust_verkle_wasm.js'));

const hex = (bytes) => Buffer.from(bytes).toString('hex');
const bytes = (text) => Uint8Array.from(Buffer.from(text, 'hex'));
const scalar = (value) => {
  const out = new Uint8Array(32);
  for (let i = 0; value > 0; i++, value = Math.floor(value / 256)) out[i] = value % 256;
  return out;
};

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const request = JSON.parse(Buffer.concat(chunks).toString('utf8'));
const verkle = await loadVerkleCrypto();

const proverInputs = (inputs) => inputs.map(({commitment, vector, indices}) => ({
  serializedCommitment: bytes(commitment),
  vector: vector.map(bytes),
  indices,
}));
const verifierInputs = (claims) => claims.map(({commitment, index, value}) => ({
  serializedCommitment: bytes(commitment),
  indexValuePairs: [{index, value: bytes(value)}],
}));
const verify = (proof, verifier) => {
  try {
    return verkle.verifyProof(proof, verifier);
  } catch {
    return false;
  }
};
// CPU time of this process (single-threaded WASM), in ns.
const cpuNs = () => {
  const {user, system} = process.cpuUsage();
  return (user + system) * 1000;
};

// The wrapper's wire formats: per opening, prover C ‖ 256 values ‖ index ‖ value, verifier (after
// the proof) C ‖ index ‖ value.
const concat = (parts) => {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};

function benchWorkload(polynomials, perPolynomial) {
  const prover = [];
  const verifier = [];
  for (let p = 0; p < polynomials; p++) {
    const vector = Array.from({length: 256}, (_, i) => scalar(p * 256 + i + 1));
    const serializedCommitment = verkle.serializeCommitment(verkle.commitToScalars(vector));
    for (let k = 0; k < perPolynomial; k++) {
      const index = new Uint8Array([(p + 16 * k) % 256]);
      const value = vector[index[0]];
      prover.push(serializedCommitment, ...vector, index, value);
      verifier.push(serializedCommitment, index, value);
    }
  }
  return {prover: concat(prover), verifier: verifier};
}

let reply;
if (request.op === 'prove') {
  reply = {proof: hex(verkle.createProof(proverInputs(request.inputs)))};
} else if (request.op === 'verify') {
  reply = {valid: verify(bytes(request.proof), verifierInputs(request.claims))};
} else if (request.op === 'bench') {
  const {prover, verifier} = benchWorkload(request.polynomials, request.openings_per_polynomial);
  const context = new Context();
  reply = {prove_ns: [], verify_ns: []};
  // One untimed proof and verification first, as Google Benchmark's estimation runs warm the C++
  // side.
  context.verifyProof(concat([context.createProof(prover), ...verifier]));
  for (let r = 0; r < request.repetitions; r++) {
    let start = cpuNs();
    const proof = context.createProof(prover);
    reply.prove_ns.push(cpuNs() - start);
    const verifierBytes = concat([proof, ...verifier]);
    start = cpuNs();
    const valid = context.verifyProof(verifierBytes);
    reply.verify_ns.push(cpuNs() - start);
    if (!valid) throw new Error('peer rejected its own proof');
    reply.proof = hex(proof);
  }
} else {
  throw new Error(`unknown op ${request.op}`);
}
process.stdout.write(JSON.stringify(reply));
