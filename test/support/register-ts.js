// Lets child processes spawned by tests run the TypeScript sources directly (swc, no build):
//   node -r ./test/support/register-ts.js some-script.ts
const Module = require('module');
const path = require('path');
const fs = require('fs');
const { transformSync } = require('@swc/core');
const root = path.resolve(__dirname, '..', '..');

const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const m = /^@app\/([a-z-]+)(\/.*)?$/.exec(request);
  if (m) request = path.join(root, 'libs', m[1], 'src', m[2] || '');
  return resolve.call(this, request, ...rest);
};
require.extensions['.ts'] = function (module, filename) {
  const { code } = transformSync(fs.readFileSync(filename, 'utf8'), {
    filename,
    jsc: { parser: { syntax: 'typescript', decorators: true }, transform: { legacyDecorator: true, decoratorMetadata: true }, target: 'es2022' },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  });
  module._compile(code, filename);
};
