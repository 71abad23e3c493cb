// The page's logic (web/index.html): reads the statement and the proof from the file inputs, or
// from the URLs of the query's `statement` and `proof` parameters (relative to the page), verifies
// them with MerkleForgeState.verifyStateProof (merkleforge-state.js) and writes the verdict into
// #verdict: "valid", or "invalid: <message>"; data-state is valid, invalid or error (the files
// could not be read), data-code the verifier's code (0 valid, 1 invalid, 2 malformed, 3 aborted)
// and data-error the library's error name.
(function () {
  'use strict';
  var verdict = document.getElementById('verdict');
  var details = document.getElementById('details');

  function show(state, text, result) {
    verdict.textContent = text;
    verdict.dataset.state = state;
    if (result) {
      verdict.dataset.code = String(result.code);
      verdict.dataset.error = result.error;
    } else {
      delete verdict.dataset.code;
      delete verdict.dataset.error;
    }
  }

  // fetch() for http(s); XMLHttpRequest for file: URLs, which fetch refuses (Chromium reads them
  // with --allow-file-access-from-files).
  function load(url) {
    var absolute = new URL(url, document.baseURI);
    if (absolute.protocol !== 'file:') {
      return fetch(absolute).then(function (response) {
        if (!response.ok) throw new Error(url + ': HTTP ' + response.status);
        return response.arrayBuffer();
      }).then(function (buffer) { return new Uint8Array(buffer); });
    }
    return new Promise(function (resolve, reject) {
      var request = new XMLHttpRequest();
      request.open('GET', absolute.href);
      request.responseType = 'arraybuffer';
      request.onload = function () {
        if (request.response) resolve(new Uint8Array(request.response));
        else reject(new Error('cannot read ' + url));
      };
      request.onerror = function () { reject(new Error('cannot read ' + url)); };
      request.send();
    });
  }

  function readFile(input, what) {
    var file = input.files && input.files[0];
    if (!file) return Promise.reject(new Error('no ' + what + ' file chosen'));
    return file.arrayBuffer().then(function (buffer) { return new Uint8Array(buffer); });
  }

  function verify(statementBytes, proofBytes) {
    show('pending', 'verifying…');
    return Promise.all([statementBytes, proofBytes]).then(function (inputs) {
      var started = performance.now();
      return MerkleForgeState.verifyStateProof(inputs[0], inputs[1]).then(function (result) {
        var elapsed = performance.now() - started;
        if (result.valid) show('valid', 'valid', result);
        else show('invalid', 'invalid: ' + result.message, result);
        details.textContent = inputs[0].length + ' B statement, ' + inputs[1].length +
            ' B proof, ' + elapsed.toFixed(1) + ' ms' + (result.valid ? '' : ' (' + result.error + ')');
      });
    }).catch(function (e) {
      show('error', 'error: ' + (e && e.message || e));
    });
  }

  document.getElementById('files').addEventListener('submit', function (event) {
    event.preventDefault();
    verify(readFile(document.getElementById('statement'), 'statement'),
           readFile(document.getElementById('proof'), 'proof'));
  });

  var query = new URLSearchParams(window.location.search);
  if (query.has('statement') && query.has('proof')) {
    verify(load(query.get('statement')), load(query.get('proof')));
  }
})();
