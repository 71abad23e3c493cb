// Peer oracle: @openzeppelin/merkle-tree StandardMerkleTree (pinned in package.json).
// stdin:  {"cases": [{"types": ["address", "uint256", ...], "values": [[...], ...],
//                     "sort_leaves"?: bool (default true)}]}
// stdout: {"cases": [{"root": "hex", "leaf_hashes": ["hex", ...] (per value),
//                     "proofs": [["hex", ...], ...] (per value)}]}
import {StandardMerkleTree} from '@openzeppelin/merkle-tree';

const strip = (hex) => hex.replace(/^0x/, '');
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const request = JSON.parse(Buffer.concat(chunks).toString('utf8'));

const cases = request.cases.map(({types, values, sort_leaves}) => {
  const tree = StandardMerkleTree.of(values, types, {sortLeaves: sort_leaves ?? true});
  return {
    root: strip(tree.root),
    leaf_hashes: values.map((value) => strip(tree.leafHash(value))),
    proofs: values.map((_, index) => tree.getProof(index).map(strip)),
  };
});
process.stdout.write(JSON.stringify({cases}));
