// Peer oracle: merkletreejs MerkleTree with its default options (pinned in package.json).
// stdin:  {"cases": [{"hash": "sha256"|"keccak256", "leaves": ["hex", ...],
//                     "hash_leaves"?: bool (default false, as merkletreejs)}]}
// stdout: {"cases": [{"root": "hex", "proofs": [["hex", ...], ...] (per leaf index)}]}
import {sha256} from '@noble/hashes/sha2.js';
import {keccak_256} from '@noble/hashes/sha3.js';
import {MerkleTree} from 'merkletreejs';

const hashes = {
  sha256: (data) => Buffer.from(sha256(data)),
  keccak256: (data) => Buffer.from(keccak_256(data)),
};
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const request = JSON.parse(Buffer.concat(chunks).toString('utf8'));

const cases = request.cases.map(({hash, leaves, hash_leaves}) => {
  const buffers = leaves.map((hex) => Buffer.from(hex, 'hex'));
  const tree = new MerkleTree(buffers, hashes[hash], {hashLeaves: hash_leaves ?? false});
  const layerLeaves = tree.getLeaves();
  return {
    root: tree.getRoot().toString('hex'),
    proofs: layerLeaves.map(
        (leaf, index) => tree.getProof(leaf, index).map((step) => step.data.toString('hex'))),
  };
});
process.stdout.write(JSON.stringify({cases}));
