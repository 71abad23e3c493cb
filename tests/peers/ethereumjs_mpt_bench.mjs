// Peer timing: @ethereumjs/mpt on the workload of bench/patricia_trie (same keys and values).
// key_i = keccak256(uint64_be(i)), value_i = key_i ‖ key_i (64 bytes), i < n.
// stdin:  {"op": "insert" | "get" | "prove" | "verify", "n": N, "probes": P}
// stdout: {"seconds": wall time of the measured part, "ops": operations measured,
//          "root": hex of the trie's root (the benchmark shows the time only when it equals ours)}
//   insert: put all n pairs into an empty trie and read the root (ops = n)
//   get / prove / verify: P lookups / proofs / verifications of existing keys (ops = P)
import { createMPT, createMerkleProof, verifyMerkleProof } from '@ethereumjs/mpt';
import { keccak_256 as keccak256 } from '@noble/hashes/sha3.js';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const request = JSON.parse(Buffer.concat(chunks).toString('utf8'));

function keyOf(i) {
  const be = new Uint8Array(8);
  new DataView(be.buffer).setBigUint64(0, BigInt(i));
  return keccak256(be);
}
const keys = [];
const values = [];
for (let i = 0; i < request.n; ++i) {
  const key = keyOf(i);
  const value = new Uint8Array(64);
  value.set(key, 0);
  value.set(key, 32);
  keys.push(key);
  values.push(value);
}
const seconds = (start) => Number(process.hrtime.bigint() - start) / 1e9;

// Warm-up, as Google Benchmark's estimation runs warm the C++ side: a throwaway trie of (up to)
// the first 1,000 pairs, and below one untimed pass of every timed loop.
const warmup = await createMPT();
for (let i = 0; i < Math.min(request.n, 1000); ++i) await warmup.put(keys[i], values[i]);
warmup.root();

const trie = await createMPT();
let start = process.hrtime.bigint();
for (let i = 0; i < request.n; ++i) await trie.put(keys[i], values[i]);
const root = trie.root();
const insertSeconds = seconds(start);

const probes = request.probes ?? 1000;
const probeKeys = Array.from({ length: probes }, (_, j) => keys[(j * 7919) % request.n]);
let result = { seconds: insertSeconds, ops: request.n };
if (request.op === 'get') {
  for (const key of probeKeys) await trie.get(key);
  start = process.hrtime.bigint();
  for (const key of probeKeys) await trie.get(key);
  result = { seconds: seconds(start), ops: probes };
} else if (request.op === 'prove' || request.op === 'verify') {
  for (const key of probeKeys) await createMerkleProof(trie, key);
  start = process.hrtime.bigint();
  const proofs = [];
  for (const key of probeKeys) proofs.push(await createMerkleProof(trie, key));
  result = { seconds: seconds(start), ops: probes };
  if (request.op === 'verify') {
    for (let j = 0; j < probes; ++j) await verifyMerkleProof(probeKeys[j], proofs[j], { root });
    start = process.hrtime.bigint();
    const verified = [];
    for (let j = 0; j < probes; ++j) {
      verified.push(await verifyMerkleProof(probeKeys[j], proofs[j], { root }));
    }
    result = { seconds: seconds(start), ops: probes };
    if (verified.some((value) => value === null)) throw new Error('a proof of a present key did not verify');
  }
}
result.root = Buffer.from(root).toString('hex');
process.stdout.write(JSON.stringify(result));
