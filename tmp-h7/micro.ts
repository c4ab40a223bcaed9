import { applyBatch } from '/work/main/libs/content/src/domain/content-batch';
import { keyBetween } from '/work/main/libs/content/src/domain/fractional-index';
import { PageEntry } from '/work/main/libs/content/src/domain/page';
const mk = (n: number) => { const m = new Map<string, PageEntry>(); let k: string | null = null; for (let i = 0; i < n; i++) { k = keyBetween(k, null); const id = `p${String(i).padStart(6, '0')}`; m.set(id, { id, parent: null, order: k, title: `Page ${i}`, slug: `page-${i}`, doc: 'h', createdAt: '', updatedAt: '' }); } return m; };
let c = 0; const ctx = { now: 'x', newId: () => `n${c++}`, hash: (b: string) => `h${b.length}` };
for (const n of [0, 5000]) {
  const s = { pages: mk(n), files: new Map() };
  for (let w = 0; w < 200; w++) applyBatch(s, [{ operation: 'insert_page', fields: { title: 'New' }, markdown: 'x' }], ctx);
  const t0 = performance.now(); const N = 500;
  for (let i = 0; i < N; i++) applyBatch(s, [{ operation: 'insert_page', fields: { title: `New ${i}` }, markdown: 'x' }], ctx);
  console.log(n, ((performance.now() - t0) / N).toFixed(3), 'ms per applyBatch');
  const base = s.pages; const next = new Map(base); next.set('zz', [...base.values()][0] ?? ({} as any));
  const t1 = performance.now(); for (let i = 0; i < N; i++) { const out = new Map(); for (const [id, e] of next) if (base.get(id) !== e) out.set(id, e); for (const id of base.keys()) if (!next.has(id)) out.set(id, undefined); new Map(next); }
  console.log(n, ((performance.now() - t1) / N).toFixed(3), 'ms per commit diff+copy');
}
