// The JavaScript API of the state verifier (docs/state-proofs-web.md), appended by Emscripten
// (--extern-post-js) after the factory createMerkleForgeStateModule, in merkleforge-state.js:
//
//   verifyStateProof(statement, proof) -> Promise<{valid, code, error, message}>
//   loadStateVerifier([moduleOptions]) -> Promise<{verify(statement, proof) -> {...}}>
//
// statement and proof: Uint8Array (a Node Buffer is one), ArrayBuffer or another typed array.
// code: 0 valid; 1 invalid (a check failed, or the statement's values are out of range); 2
// malformed (the statement or the proof does not decode); 3 the WebAssembly instance aborted
// (out of memory, ...; the next call starts a new one). error: the library's error code name
// ("corrupt data", "malformed input", ...; "" when valid); message: its message.
//
// Node (18+): const {verifyStateProof} = require('./merkleforge-state.js') (or import it from an
// ES module: it is a CommonJS file). Browser: <script src="merkleforge-state.js"> defines
// MerkleForgeState = {verifyStateProof, loadStateVerifier, createMerkleForgeStateModule}; the
// .wasm is fetched from beside the script.
(function () {
  'use strict';
  var factory = createMerkleForgeStateModule;
  var isNode = typeof process === 'object' && process !== null && typeof process.versions === 'object' &&
               process.versions !== null && typeof process.versions.node === 'string';
  var loading = null;

  function toBytes(value, what) {
    if (value instanceof Uint8Array) return value;
    if (value instanceof ArrayBuffer) return new Uint8Array(value);
    if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
    throw new TypeError(what + ' must be a Uint8Array, an ArrayBuffer or a typed array');
  }

  function instantiate(options) {
    var settings = Object.assign({}, options || {});
    // This Emscripten would fetch() the .wasm by its path under Node 18+, which fetch refuses:
    // Node reads it from beside this file instead.
    if (isNode && !settings.wasmBinary && !settings.locateFile && !settings.instantiateWasm) {
      settings.wasmBinary = require('fs').readFileSync(require('path').join(__dirname, 'merkleforge-state.wasm'));
    }
    return factory(settings);
  }

  function verifier(Module) {
    var aborted = false;
    return {
      verify: function (statement, proof) {
        if (aborted) throw new Error('this instance of the state verifier aborted; load another');
        var s = toBytes(statement, 'statement');
        var p = toBytes(proof, 'proof');
        var sp = 0, pp = 0;
        try {
          sp = Module._malloc(Math.max(s.length, 1));
          pp = Module._malloc(Math.max(p.length, 1));
          if (sp === 0 || pp === 0) throw new Error('out of memory for the inputs');
          // After both allocations: memory may have grown, which replaces HEAPU8.
          Module.HEAPU8.set(s, sp);
          Module.HEAPU8.set(p, pp);
          var code = Module._mf_wasm_verify_state(sp, s.length, pp, p.length);
          return {
            valid: code === 0,
            code: code,
            error: Module.UTF8ToString(Module._mf_wasm_last_error_name()),
            message: Module.UTF8ToString(Module._mf_wasm_last_error())
          };
        } catch (e) {
          aborted = true;
          return {valid: false, code: 3, error: 'aborted', message: String(e && e.message || e)};
        } finally {
          if (!aborted) {
            if (pp) Module._free(pp);
            if (sp) Module._free(sp);
          }
        }
      }
    };
  }

  function loadStateVerifier(options) {
    return instantiate(options).then(verifier);
  }

  function verifyStateProof(statement, proof) {
    if (loading === null) loading = loadStateVerifier();
    var current = loading;
    return current.then(function (v) {
      var result = v.verify(statement, proof);
      if (result.code === 3 && loading === current) loading = null;  // the next call starts afresh
      return result;
    }, function (e) {
      if (loading === current) loading = null;
      throw e;
    });
  }

  var api = {
    verifyStateProof: verifyStateProof,
    loadStateVerifier: loadStateVerifier,
    createMerkleForgeStateModule: factory
  };
  if (typeof module === 'object' && module !== null && module.exports !== undefined) {
    module.exports = api;
  } else if (typeof globalThis === 'object') {
    globalThis.MerkleForgeState = api;
  }
})();
