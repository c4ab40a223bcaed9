const base = new Map<string, any>(); for (let i = 0; i < 5000; i++) base.set(`p${String(i).padStart(6, '0')}`, { id: i, parent: null, order: `a${i}` });
class Overlay { changed = new Map<string, any>(); constructor(public base: Map<string, any>) {}
  get(id: string) { return this.changed.has(id) ? this.changed.get(id) ?? undefined : this.base.get(id); }
  has(id: string) { return this.changed.has(id) ? this.changed.get(id) != null : this.base.has(id); }
  *entries(): IterableIterator<[string, any]> { for (const [k, v] of this.base) { if (!this.changed.has(k)) yield [k, v]; else { const c = this.changed.get(k); if (c) yield [k, c]; } } for (const [k, c] of this.changed) if (c && !this.base.has(k)) yield [k, c]; }
  [Symbol.iterator]() { return this.entries(); } }
const changes = (b: Map<string, any>, n: Iterable<[string, any]> & { has(k: string): boolean }) => { const out = new Map(); for (const [id, e] of n) if (b.get(id) !== e) out.set(id, e); for (const id of b.keys()) if (!n.has(id)) out.set(id, undefined); return out; };
const A = () => { const next = new Map(base); next.set('new', { id: 'new' }); changes(base, next); new Map(next); };
const B = () => { const o = new Overlay(base); o.changed.set('new', { id: 'new' }); changes(base, o as any); new Map(o as any); };
for (let r = 0; r < 3; r++) for (const [name, f] of [['copy', A], ['overlay', B]] as const) { for (let i = 0; i < 50; i++) f(); const t0 = performance.now(); for (let i = 0; i < 300; i++) f(); console.log(name, ((performance.now() - t0) / 300).toFixed(3)); }
