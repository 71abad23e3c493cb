// Peer oracle: @openzeppelin/merkle-tree StandardMerkleTree (pinned in package.json).
// stdin:  {"cases": [{"types": ["address", "uint256", ...], "values": [[...], ...],
//                     "sort_leaves"?: bool (default true),
//                     "multiproofs"?: [[value index, ...], ...]}]}
// stdout: {"cases": [{"root": "hex", "leaf_hashes": ["hex", ...] (per value),
//                     "proofs": [["hex", ...], ...] (per value),
//                     "multiproofs": [{"leaves": ["hex" leaf hash, ...], "proof": ["hex", ...],
//                                      "proof_flags": [bool, ...]}, ...]}]}
import {StandardMerkleTree} from '@openzeppelin/merkle-tree';

const strip = (hex) => hex.replace(/^0x/, '');
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const request = JSON.parse(Buffer.concat(chunks).toString('utf8'));

const multiproofOf = (tree, indices) => {
  const {leaves, proof, proofFlags} = tree.getMultiProof(indices);
  return {
    leaves: leaves.map((value) => strip(tree.leafHash(value))),
    proof: proof.map(strip),
    proof_flags: proofFlags,
  };
};

const cases = request.cases.map(({types, values, sort_leaves, multiproofs}) => {
  const tree = StandardMerkleTree.of(values, types, {sortLeaves: sort_leaves ?? true});
  return {
    root: strip(tree.root),
    leaf_hashes: values.map((value) => strip(tree.leafHash(value))),
    proofs: values.map((_, index) => tree.getProof(index).map(strip)),
    multiproofs: (multiproofs ?? []).map((indices) => multiproofOf(tree, indices)),
  };
});
process.stdout.write(JSON.stringify({cases}));
