import { keyBetween } from '/work/main/libs/content/src/domain/fractional-index';
import { PageEntry, sortSiblings } from '/work/main/libs/content/src/domain/page';
const mk = (n: number, roots = n) => { const m = new Map<string, PageEntry>(); let k: string | null = null; for (let i = 0; i < n; i++) { k = keyBetween(k, null); const id = `p${String(i).padStart(6, '0')}`; m.set(id, { id, parent: i < roots ? null : `p${String(i % roots).padStart(6, '0')}`, order: k, title: `Page ${i}`, slug: `page-${i}`, doc: 'h', createdAt: '', updatedAt: '' }); } return m; };
for (const roots of [5000, 50]) {
const base = mk(5000, roots); const N = 300;
const time = (what: string, f: () => void) => { for (let i = 0; i < 50; i++) f(); const t0 = performance.now(); for (let i = 0; i < N; i++) f(); console.log(roots, what, ((performance.now() - t0) / N).toFixed(3), 'ms'); };
time('map copy', () => new Map(base));
time('group', () => { const kids = new Map<string | null, PageEntry[]>(); for (const p of base.values()) { const l = kids.get(p.parent); if (l) l.push(p); else kids.set(p.parent, [p]); } });
time('group+sort', () => { const kids = new Map<string | null, PageEntry[]>(); for (const p of base.values()) { const l = kids.get(p.parent); if (l) l.push(p); else kids.set(p.parent, [p]); } for (const l of kids.values()) l.sort(sortSiblings); });
time('scan one parent', () => { const out: PageEntry[] = []; for (const p of base.values()) if (p.parent === null) out.push(p); });
}
