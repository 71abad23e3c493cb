// Peer timing for bench_verkle_trie: go-ethereum's TriesRandom workload on @ethereumjs/verkle
// (pinned) with micro-eth-signer's cryptography — a fresh tree, N accounts written in the EIP-6800
// basic-data layout (tree key, basic data, code hash), then the root. The benchmark sends its
// tries_random accounts and its distinct_prefix ones (stems that differ in their first two bytes)
// and shows the time only when the root equals its own.
// stdin:  {"accounts": [["address hex (20 B)", nonce, "balance hex (32 B big-endian)"], ...],
//          "repetitions": R}
// stdout: {"tries_random_ns": [R wall-clock times], "root": "compressed root commitment hex"}
import {createVerkleTree} from '@ethereumjs/verkle';
import * as verkle from 'micro-eth-signer/verkle';

const bytes = (hex) => Uint8Array.from(Buffer.from(hex, 'hex'));
const EMPTY_CODE_HASH = bytes('c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470');
const ZERO_INDEX = new Uint8Array(32);

function basicData(nonce, balanceBe) {
  const leaf = new Uint8Array(32);  // version 0, code size 0
  new DataView(leaf.buffer).setBigUint64(8, BigInt(nonce));
  leaf.set(balanceBe.subarray(16), 16);
  return leaf;
}

async function triesRandom(accounts) {
  const tree = await createVerkleTree();
  for (const [address, nonce, balance] of accounts) {
    const address32 = new Uint8Array(32);
    address32.set(bytes(address), 12);
    const stem = verkle.getTreeKey(address32, ZERO_INDEX, 0).subarray(0, 31);
    await tree.put(stem, [0, 1], [basicData(nonce, bytes(balance)), EMPTY_CODE_HASH]);
  }
  return tree.root();
}

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const request = JSON.parse(Buffer.concat(chunks).toString('utf8'));

await triesRandom(request.accounts.slice(0, 2));  // builds micro-eth-signer's tables
const times = [];
let root;
for (let r = 0; r < request.repetitions; ++r) {
  const start = process.hrtime.bigint();
  root = await triesRandom(request.accounts);
  times.push(Number(process.hrtime.bigint() - start));
}
process.stdout.write(JSON.stringify({tries_random_ns: times, root: Buffer.from(root).toString('hex')}));
