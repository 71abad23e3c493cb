// Peer oracle: @ethereumjs/mpt (pinned in package.json).
// stdin:  {"sequences": [{"ops": [["put", keyHex, valueHex] | ["del", keyHex]],
//                         "prove": [keyHex],                       // ethereumjs proofs wanted
//                         "verify": [{"root", "key", "proof": [hex]}]}],   // our proofs to check
//          "ranges": [{"root", "first", "last", "keys": [hex], "values": [hex], "proof": [hex]}]}
// stdout: {"sequences": [{"root": hex, "fresh_root": hex, "proofs": [[hex]],
//                          "verified": [hex | null | {"error"}]}],
//          "ranges": [bool | {"error"}]}
// "root" is the trie after the operations; "fresh_root" a second trie built by inserting only the
// final contents, which also answers "prove". The two differ when ethereumjs 10.1.3 deletes a key
// below a branch that keeps a value and one child (variable-length keys): its own insert-only
// build disagrees with its delete path there.
import { createMPT, createMerkleProof, verifyMerkleProof, verifyMerkleRangeProof } from '@ethereumjs/mpt';
import { bytesToHex, hexToBytes } from '@ethereumjs/util';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const request = JSON.parse(Buffer.concat(chunks).toString('utf8'));

const bytes = (hex) => hexToBytes(hex.startsWith('0x') ? hex : `0x${hex}`);
const hex = (data) => bytesToHex(data).slice(2);

async function runSequence(sequence) {
  const trie = await createMPT();
  const contents = new Map();
  for (const op of sequence.ops) {
    if (op[0] === 'put') {
      await trie.put(bytes(op[1]), bytes(op[2]));
      contents.set(op[1], op[2]);
    } else {
      await trie.del(bytes(op[1]));
      contents.delete(op[1]);
    }
  }
  const fresh = await createMPT();
  for (const [key, value] of contents) await fresh.put(bytes(key), bytes(value));
  const proofs = [];
  for (const key of sequence.prove ?? []) proofs.push((await createMerkleProof(fresh, bytes(key))).map(hex));
  const verified = [];
  for (const check of sequence.verify ?? []) {
    try {
      const value = await verifyMerkleProof(bytes(check.key), check.proof.map(bytes), { root: bytes(check.root) });
      verified.push(value === null ? null : hex(value));
    } catch (error) {
      verified.push({ error: String(error.message ?? error) });
    }
  }
  return { root: hex(trie.root()), fresh_root: hex(fresh.root()), proofs, verified };
}

async function runRange(range) {
  try {
    return await verifyMerkleRangeProof(bytes(range.root), bytes(range.first), bytes(range.last),
      range.keys.map(bytes), range.values.map(bytes), range.proof.map(bytes));
  } catch (error) {
    return { error: String(error.message ?? error) };
  }
}

const sequences = [];
for (const sequence of request.sequences ?? []) sequences.push(await runSequence(sequence));
const ranges = [];
for (const range of request.ranges ?? []) ranges.push(await runRange(range));
process.stdout.write(JSON.stringify({ sequences, ranges }));
