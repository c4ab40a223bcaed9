// Resolves the `@app/<lib>` aliases of tsconfig.json to the compiled libs under dist/ at run time.
const Module = require('module');
const path = require('path');
const dist = path.resolve(__dirname, '..', 'dist');
const original = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const m = /^@app\/([a-z-]+)(\/.*)?$/.exec(request);
  if (m) request = path.join(dist, 'libs', m[1], 'src', m[2] || '');
  return original.call(this, request, ...rest);
};
