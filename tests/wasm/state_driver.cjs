// The Node side of tests/wasm/state_verifier_test.cpp: loads the state verifier's bundle (the
// merkleforge-state.js given first, with its .wasm beside it) as a user would, through require(),
// and verifies each (statement, proof) pair of files that follow, printing one line per pair:
// "<code> ok" or "<code> <error name>: <message>" (code as verifyStateProof gives it; the rest as
// tests/wasm/verdict.hpp writes the native verdict). With --esm, the bundle is loaded by import()
// from an ES module's point of view instead.
'use strict';
const fs = require('fs');
const path = require('path');

async function main(args) {
  let esm = false;
  if (args[0] === '--esm') {
    esm = true;
    args = args.slice(1);
  }
  if (args.length < 3 || (args.length - 1) % 2 !== 0) {
    console.error('usage: state_driver.cjs [--esm] <merkleforge-state.js> (<statement> <proof>)...');
    process.exit(2);
  }
  const bundle = path.resolve(args[0]);
  const api = esm ? (await import('file://' + bundle)).default : require(bundle);
  for (let i = 1; i < args.length; i += 2) {
    const result = await api.verifyStateProof(fs.readFileSync(args[i]), fs.readFileSync(args[i + 1]));
    const verdict = result.valid ? 'ok' : result.error + ': ' + result.message;
    process.stdout.write(result.code + ' ' + verdict + '\n');
  }
}

main(process.argv.slice(2)).catch((e) => {
  console.error(e);
  process.exit(1);
});
