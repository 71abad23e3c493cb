// Peer oracle and timing peer: verkle-cryptography-wasm (rust-verkle compiled to WASM; pinned in
// package.json). One JSON request on stdin, one JSON reply on stdout. Hex without 0x, scalars
// 32-byte little-endian, points 32-byte compressed.
//   {"op": "commit", "vectors": [[scalar, ...], ...]}
//      -> {"commitments": [point, ...], "hashes": [map_to_scalar LE, ...]}
//   {"op": "update", "cases": [{"values": [scalar...], "index": i, "new_value": scalar}]}
//      -> {"commitments": [point after the update, ...]}
//   {"op": "tree_key", "cases": [{"address32": hex, "tree_index_le": hex32, "sub_index": n}]}
//      -> {"keys": [hex32, ...]}
//   {"op": "bench", "repetitions": r}
//      -> {"commit256_ns": [...], "tree_key_ns": [...], "update_ns": [...]} (CPU time per op,
//          after one untimed pass), and what the timed calls computed: "commit256" (compressed
//          commitment), "tree_key", "update" (compressed commitment) in hex, for the benchmark
//          to check against its own before it shows the times
import {loadVerkleCrypto} from 'verkle-cryptography-wasm';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const request = JSON.parse(Buffer.concat(chunks).toString('utf8'));
const verkle = await loadVerkleCrypto();

const hex = (bytes) => Buffer.from(bytes).toString('hex');
const bytes = (text) => Uint8Array.from(Buffer.from(text, 'hex'));
const commitHex = (values) => verkle.commitToScalars(values.map(bytes));

function update({values, index, new_value}) {
  const old = commitHex(values);
  const updated = verkle.updateCommitment(old, index, bytes(values[index]), bytes(new_value));
  return hex(verkle.serializeCommitment(updated));
}

// CPU time (user + system) of this process per operation, averaged over `inner` calls.
const cpuNs = () => {
  const {user, system} = process.cpuUsage();
  return (user + system) * 1000;
};
function timeIt(fn, inner) {
  const start = cpuNs();
  for (let i = 0; i < inner; i++) fn();
  return (cpuNs() - start) / inner;
}

function bench(repetitions) {
  const scalar = (i) => {
    const s = new Uint8Array(32);
    for (let k = 0; k < 31; k++) s[k] = (i * 37 + k * 11) & 0xff;  // < r: top byte zero
    return s;
  };
  const values = Array.from({length: 256}, (_, i) => scalar(i));
  const commitment = verkle.commitToScalars(values);
  const address = new Uint8Array(32);
  address.fill(0x5a, 12);
  const treeIndex = new Uint8Array(32);
  const out = {commit256_ns: [], tree_key_ns: [], update_ns: []};
  const commitAll = () => verkle.commitToScalars(values);
  const treeKey = () => verkle.getTreeKey(address, treeIndex, 0);
  const update = () => verkle.updateCommitment(commitment, 17, values[17], values[18]);
  // Warm-up, as Google Benchmark's estimation runs warm the C++ side.
  timeIt(commitAll, 20);
  timeIt(treeKey, 500);
  timeIt(update, 500);
  for (let r = 0; r < repetitions; r++) {
    out.commit256_ns.push(timeIt(commitAll, 20));
    out.tree_key_ns.push(timeIt(treeKey, 500));
    out.update_ns.push(timeIt(update, 500));
  }
  out.commit256 = hex(verkle.serializeCommitment(commitAll()));
  out.tree_key = hex(treeKey());
  out.update = hex(verkle.serializeCommitment(update()));
  return out;
}

let reply;
switch (request.op) {
  case 'commit': {
    const points = request.vectors.map(commitHex);
    reply = {
      commitments: points.map((p) => hex(verkle.serializeCommitment(p))),
      hashes: points.map((p) => hex(verkle.hashCommitment(p))),
    };
    break;
  }
  case 'update':
    reply = {commitments: request.cases.map(update)};
    break;
  case 'tree_key':
    reply = {
      keys: request.cases.map(
          (c) => hex(verkle.getTreeKey(bytes(c.address32), bytes(c.tree_index_le), c.sub_index))),
    };
    break;
  case 'bench':
    reply = bench(request.repetitions ?? 3);
    break;
  default:
    throw new Error(`unknown op ${request.op}`);
}
process.stdout.write(JSON.stringify(reply));
