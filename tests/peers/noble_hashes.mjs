// Peer oracle: @noble/hashes (pinned in package.json).
// stdin:  {"algo": "keccak256"|"sha3-256"|"sha256"|"blake3", "messages": ["hex", ...],
//          "key"?: "hex32" (blake3 keyed), "context"?: "text" (blake3 derive_key),
//          "out_len"?: number (blake3 extendable output, default 32)}
// stdout: {"digests": ["hex", ...]}
import { keccak_256, sha3_256 } from '@noble/hashes/sha3.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { blake3 } from '@noble/hashes/blake3.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const request = JSON.parse(Buffer.concat(chunks).toString('utf8'));

function hasher(req) {
  switch (req.algo) {
    case 'keccak256': return (m) => keccak_256(m);
    case 'sha3-256': return (m) => sha3_256(m);
    case 'sha256': return (m) => sha256(m);
    case 'blake3': {
      const opts = { dkLen: req.out_len ?? 32 };
      if (req.key) opts.key = hexToBytes(req.key);
      if (req.context) opts.context = new TextEncoder().encode(req.context);
      return (m) => blake3(m, opts);
    }
    default: throw new Error(`unknown algo ${req.algo}`);
  }
}

const h = hasher(request);
const digests = request.messages.map((hex) => bytesToHex(h(hexToBytes(hex))));
process.stdout.write(JSON.stringify({ digests }));
