// Peer oracle for the POLYVAL kernels: @noble/ciphers' POLYVAL (RFC 8452), pinned in package.json.
// stdin:  {"key": "hex16", "messages": ["hex (multiple of 16 bytes)", ...]}
// stdout: {"digests": ["hex16", ...]}   digest = POLYVAL(key, message blocks)
import {polyval} from '@noble/ciphers/_polyval';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const request = JSON.parse(Buffer.concat(chunks).toString('utf8'));

const fromHex = (hex) => Uint8Array.from(Buffer.from(hex, 'hex'));
const key = fromHex(request.key);
const digests = request.messages.map((m) => Buffer.from(polyval(fromHex(m), key)).toString('hex'));
process.stdout.write(JSON.stringify({ digests }));
