// Peer timings (CPU time per operation, after warm-up runs like Google Benchmark's on the C++
// side) for bench/comparison: merkletreejs
// (default options, SHA-256) and OpenZeppelin StandardMerkleTree (bytes32 leaves) on the leaves
// bench_comparison builds (leaf i = i as 8 little-endian bytes, then 24 bytes 0xa5). stdin:
// {"size": n, "repetitions": r} stdout: {"merkletreejs": {"build_ns": [...], "verify_ns": [...],
// "root": "hex"},
//          "openzeppelin": {"build_ns": [...], "verify_ns": [...], "root": "hex"}}
import {sha256} from '@noble/hashes/sha2.js';
import {StandardMerkleTree} from '@openzeppelin/merkle-tree';
import {MerkleTree} from 'merkletreejs';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const {size, repetitions} = JSON.parse(Buffer.concat(chunks).toString('utf8'));

const leaves = [];
for (let i = 0; i < size; i++) {
  const leaf = Buffer.alloc(32, 0xa5);
  leaf.writeBigUInt64LE(BigInt(i), 0);
  leaves.push(leaf);
}
const hashFn = (data) => Buffer.from(sha256(data));
const probe = Math.floor(size / 3);
// CPU time of this process (user + system), not wall time: the shared machine is oversubscribed
// and the C++ side reports CPU time for single-threaded work too.
const cpuNs = () => {
  const {user, system} = process.cpuUsage();
  return (user + system) * 1000;
};

// Each entry is one operation's CPU time in ns (verify: mean of a batch).
function timeIt(fn, inner = 1) {
  const start = cpuNs();
  for (let i = 0; i < inner; i++) fn();
  return (cpuNs() - start) / inner;
}

// Untimed runs before the timed ones, so that the JIT has compiled the code being timed.
const kWarmupBuilds = 1;  // a build of 10,000 leaves runs every hashing path thousands of times
const kWarmupVerifies = 2000;

function measure(build, verify) {
  const out = {build_ns: [], verify_ns: []};
  let tree;
  for (let w = 0; w < kWarmupBuilds; w++) tree = build();
  for (let r = 0; r < repetitions; r++)
    out.build_ns.push(timeIt(() => {
      tree = build();
    }));
  const check = verify(tree);
  timeIt(check, kWarmupVerifies);
  for (let r = 0; r < repetitions; r++) out.verify_ns.push(timeIt(check, 2000));
  return {tree, out};
}

const js = measure(() => new MerkleTree(leaves, hashFn), (tree) => {
  const proof = tree.getProof(leaves[probe], probe);
  const root = tree.getRoot();
  if (!tree.verify(proof, leaves[probe], root)) throw new Error('merkletreejs proof failed');
  return () => tree.verify(proof, leaves[probe], root);
});
js.out.root = js.tree.getRoot().toString('hex');

const values = leaves.map((leaf) => ['0x' + leaf.toString('hex')]);
const oz = measure(() => StandardMerkleTree.of(values, ['bytes32']), (tree) => {
  const proof = tree.getProof(probe);
  const root = tree.root;
  if (!StandardMerkleTree.verify(root, ['bytes32'], values[probe], proof)) {
    throw new Error('OpenZeppelin proof failed');
  }
  return () => StandardMerkleTree.verify(root, ['bytes32'], values[probe], proof);
});
oz.out.root = oz.tree.root.replace(/^0x/, '');

process.stdout.write(JSON.stringify({merkletreejs: js.out, openzeppelin: oz.out}));
