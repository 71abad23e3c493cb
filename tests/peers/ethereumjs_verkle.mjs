// Peer oracle: @ethereumjs/verkle (pinned in package.json; its default cryptography is
// micro-eth-signer's verkle module, an implementation independent of go-ipa and rust-verkle).
// stdin:  {"cases": [{"entries": [["key32 hex", "value32 hex"], ...]}]}  (inserted in order)
// stdout: {"roots": ["compressed root commitment hex", ...]}
import {createVerkleTree} from '@ethereumjs/verkle';

const bytes = (hex) => Uint8Array.from(Buffer.from(hex, 'hex'));
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const request = JSON.parse(Buffer.concat(chunks).toString('utf8'));

const roots = [];
for (const {entries} of request.cases) {
  const tree = await createVerkleTree();
  for (const [keyHex, valueHex] of entries) {
    const key = bytes(keyHex);
    await tree.put(key.slice(0, 31), [key[31]], [bytes(valueHex)]);
  }
  roots.push(Buffer.from(tree.root()).toString('hex'));
}
process.stdout.write(JSON.stringify({roots}));
