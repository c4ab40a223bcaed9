#!/usr/bin/env node
// Compiles the TypeScript sources into dist/ when any source is newer than the last build,
// so `npm start`, `npm run cli` and `npm run bench` work right after `npm install`.
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');
const root = path.resolve(__dirname, '..');
const marker = path.join(root, 'dist', '.built');
function newest(dir) {
  let t = 0;
  if (!fs.existsSync(dir)) return 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) t = Math.max(t, newest(p));
    else if (e.name.endsWith('.ts')) t = Math.max(t, fs.statSync(p).mtimeMs);
  }
  return t;
}
const src = Math.max(...['apps', 'libs', 'bench'].map((d) => newest(path.join(root, d))), fs.statSync(path.join(root, 'tsconfig.json')).mtimeMs);
const built = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0;
if (src > built) {
  const tsc = require.resolve('typescript/bin/tsc');
  const r = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.build.json')], { stdio: ['ignore', 2, 2] });
  if (r.status !== 0) process.exit(r.status || 1);
  // The `@app/<lib>` path aliases become relative requires in dist/ (no alias hook at run time).
  const alias = spawnSync(process.execPath, [require.resolve('tsc-alias/dist/bin/index.js'), '-p', path.join(root, 'tsconfig.build.json')], { stdio: ['ignore', 2, 2] });
  if (alias.status !== 0) process.exit(alias.status || 1);
  fs.writeFileSync(marker, new Date().toISOString());
}
