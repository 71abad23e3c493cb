// Expected Verkle roots for small trees, independent of both tries compared in docs/verkle.md ("The
// @ethereumjs/verkle 10.0.0 disagreement"): the tree assembled node by node as EIP-6800 defines it,
// every commitment and map-to-scalar by rust-verkle's cryptography (verkle-cryptography-wasm,
// pinned in package.json). Same request and reply as ethereumjs_verkle.mjs, so one request can go
// to both. It reproduces the published roots of tests/vectors/verkle/trie_roots.json.
// stdin:  {"cases": [{"entries": [["key32 hex", "value32 hex"], ...]}]}  (a later write wins)
// stdout: {"roots": ["compressed root commitment hex", ...]}
import {loadVerkleCrypto} from 'verkle-cryptography-wasm';

const crypto = await loadVerkleCrypto();
const bytes = (hex) => Uint8Array.from(Buffer.from(hex, 'hex'));
const zeros = (count) => Array.from({length: count}, () => new Uint8Array(32));

// C1 (suffixes 0-127) or C2 (128-255) of a leaf: each written value v puts v[0..16] + 2^128 and
// v[16..32] (little-endian) at slots 2 * (suffix mod 128) and + 1; the 2^128 marks it written, so
// a zero value is not an absent one.
function halfCommitmentHash(values, upper) {
  const scalars = zeros(256);
  let written = false;
  for (const [suffix, value] of values) {
    if ((suffix >= 128) !== upper) continue;
    const slot = 2 * (suffix % 128);
    scalars[slot].set(value.subarray(0, 16));
    scalars[slot][16] = 1;
    scalars[slot + 1].set(value.subarray(16));
    written = true;
  }
  return written ? crypto.hashCommitment(crypto.commitToScalars(scalars)) : new Uint8Array(32);
}

// Leaf node: commit(1, stem, hash(C1), hash(C2)).
function leafCommitment(stem, values) {
  const scalars = zeros(256);
  scalars[0][0] = 1;
  scalars[1].set(bytes(stem));
  scalars[2] = halfCommitmentHash(values, false);
  scalars[3] = halfCommitmentHash(values, true);
  return crypto.commitToScalars(scalars);
}

// Internal node at `depth` above `stems` (hex; all share their first `depth` bytes): commit of its
// children's hashes at their next stem byte. A child holding one stem is that stem's leaf; a child
// holding more is an internal node, even with a single child of its own.
function internalCommitment(stems, depth, leaves) {
  const children = new Map();
  for (const stem of stems) {
    const index = parseInt(stem.slice(2 * depth, 2 * depth + 2), 16);
    if (!children.has(index)) children.set(index, []);
    children.get(index).push(stem);
  }
  const scalars = zeros(256);
  for (const [index, below] of children) {
    const child = below.length === 1 ? leafCommitment(below[0], leaves.get(below[0]))
                                     : internalCommitment(below, depth + 1, leaves);
    scalars[index] = crypto.hashCommitment(child);
  }
  return crypto.commitToScalars(scalars);
}

function root(entries) {
  const leaves = new Map();  // stem hex -> Map(suffix -> value)
  for (const [key, value] of entries) {
    const stem = key.slice(0, 62).toLowerCase();
    if (!leaves.has(stem)) leaves.set(stem, new Map());
    leaves.get(stem).set(parseInt(key.slice(62), 16), bytes(value));
  }
  const commitment = internalCommitment([...leaves.keys()], 0, leaves);
  return Buffer.from(crypto.serializeCommitment(commitment)).toString('hex');
}

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const request = JSON.parse(Buffer.concat(chunks).toString('utf8'));
process.stdout.write(JSON.stringify({roots: request.cases.map(({entries}) => root(entries))}));
