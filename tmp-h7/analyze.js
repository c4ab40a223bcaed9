const p = JSON.parse(require('fs').readFileSync(process.argv[2]));
const byId = new Map(p.nodes.map(n => [n.id, n]));
const parent = new Map(); for (const n of p.nodes) for (const c of n.children || []) parent.set(c, n.id);
const self = new Map(); const dt = p.timeDeltas; 
const counts = new Map(); p.samples.forEach((s, i) => counts.set(s, (counts.get(s) || 0) + (dt[i] || 0)));
const total = [...counts.values()].reduce((a, b) => a + b, 0);
const selfBy = new Map(), inclBy = new Map();
for (const [id, t] of counts) {
  const n = byId.get(id); const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber}`;
  selfBy.set(k, (selfBy.get(k) || 0) + t);
  const seen = new Set(); let cur = id;
  while (cur) { const m = byId.get(cur); const kk = `${m.callFrame.functionName || '(anon)'} ${m.callFrame.url.split('/').slice(-2).join('/')}:${m.callFrame.lineNumber}`; if (!seen.has(kk)) { inclBy.set(kk, (inclBy.get(kk) || 0) + t); seen.add(kk); } cur = parent.get(cur); }
}
const top = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, t]) => `${(100 * t / total).toFixed(1)}%  ${k}`).join('\n');
console.log('SELF\n' + top(selfBy, 25)); console.log('\nINCLUSIVE\n' + top(inclBy, 60));
