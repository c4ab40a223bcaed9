import { canonicalJson } from './canonical-json';
import { LineConflict, mergeText, Prefer } from './diff3';
import { renderPageMarkdown } from './markdown/page-markdown';
import { PageEntry, Structure } from './page';
import { mergeReusables } from './reusable-content';
import { WorkingTree } from './tree';

/**
 * Three-way merge of two revisions that share a base: page level (insert, delete, move,
 * rename, metadata) by page id, and line level within page bodies. Used both to update a
 * change request from main and to merge an outdated change request into main.
 */
export interface PageConflict {
  page: string;
  title: string;
  reason: string;
  /** Line-level conflicts, numbered as lines of the base page's markdown (frontmatter and title included). */
  lines?: LineConflict[];
}

export type TreeMergeResult = { clean: true; structure: Structure; bodies: Map<string, string> } | { clean: false; conflicts: PageConflict[] };

export interface TreeMergeInput {
  base: Structure;
  ours: Structure;
  theirs: Structure;
  /** Ids whose page entry differs from base on each side (computed by deep comparison when omitted). */
  changedOurs?: Set<string>;
  changedTheirs?: Set<string>;
  /** Page body by hash; must know every body hash of pages changed on both sides. */
  body: (hash: string) => string;
  hash: (body: string) => string;
  /**
   * Resolution: on conflicting fields, lines and edit/delete, take this side instead of
   * reporting a conflict. Structural conflicts (orphans, cycles, slug clashes) remain.
   */
  prefer?: Prefer;
}

const FIELDS = ['title', 'slug', 'emoji', 'icon', 'description', 'hidden', 'noIndex', 'noRobotsIndex', 'condition'] as const;

export const sameEntry = (a: unknown, b: unknown) => a === b || canonicalJson(a) === canonicalJson(b);

export function changedIds<T>(base: ReadonlyMap<string, T>, side: ReadonlyMap<string, T>): Set<string> {
  const out = new Set<string>();
  for (const [id, e] of side) if (!sameEntry(base.get(id), e)) out.add(id);
  for (const id of base.keys()) if (!side.has(id)) out.add(id);
  return out;
}

/** Body hashes the merge may need to read: those of pages whose body changed on both sides. */
export function bodiesNeeded(input: Omit<TreeMergeInput, 'body' | 'hash'>): string[] {
  const ours = input.changedOurs ?? changedIds(input.base.pages, input.ours.pages);
  const theirs = input.changedTheirs ?? changedIds(input.base.pages, input.theirs.pages);
  const out = new Set<string>();
  for (const id of ours) {
    if (!theirs.has(id)) continue;
    const [b, o, t] = [input.base.pages.get(id), input.ours.pages.get(id), input.theirs.pages.get(id)];
    if (b && o && t && o.doc !== b.doc && t.doc !== b.doc && o.doc !== t.doc) [b.doc, o.doc, t.doc].forEach((h) => out.add(h));
  }
  return [...out];
}

/** Field-by-field merge of one page changed on both sides. */
function mergeEntry(b: PageEntry, o: PageEntry, t: PageEntry, input: TreeMergeInput, bodies: Map<string, string>): PageEntry | PageConflict {
  const pick = <V>(bv: V, ov: V, tv: V): { v: V } | null =>
    sameEntry(ov, bv) ? { v: tv } : sameEntry(tv, bv) || sameEntry(ov, tv) ? { v: ov } : input.prefer ? { v: input.prefer === 'ours' ? ov : tv } : null;
  const out: Record<string, unknown> = { id: b.id, createdAt: b.createdAt, updatedAt: o.updatedAt > t.updatedAt ? o.updatedAt : t.updatedAt };
  const clashes: string[] = [];
  const position = pick({ parent: b.parent, order: b.order }, { parent: o.parent, order: o.order }, { parent: t.parent, order: t.order });
  if (position) Object.assign(out, position.v);
  else clashes.push('moved to different places');
  for (const f of FIELDS) {
    const r = pick(b[f], o[f], t[f]);
    if (!r) clashes.push(`${f} changed to ${JSON.stringify(o[f])} here and ${JSON.stringify(t[f])} on main`);
    else if (r.v !== undefined) out[f] = r.v;
  }
  let lines: LineConflict[] | undefined;
  // Bodies always merge line by line; `prefer` only settles the lines that conflict.
  const doc = o.doc === b.doc ? { v: t.doc } : t.doc === b.doc || o.doc === t.doc ? { v: o.doc } : null;
  if (doc) out.doc = doc.v;
  else {
    const m = mergeText(input.body(b.doc), input.body(o.doc), input.body(t.doc), input.prefer);
    if (m.clean) {
      const h = input.hash(m.text!);
      bodies.set(h, m.text!);
      out.doc = h;
    } else {
      // Users read pages as markdown with frontmatter and title: number lines the same way.
      const offset = renderPageMarkdown(b, 'x').split('\n').length - 1;
      lines = m.conflicts.map((c) => ({ ...c, baseStart: c.baseStart + offset, baseEnd: c.baseEnd + offset }));
    }
  }
  if (clashes.length || lines) {
    return { page: b.id, title: o.title, reason: [...clashes, ...(lines ?? []).map(describeLineConflict)].join('; '), ...(lines ? { lines } : {}) };
  }
  return out as unknown as PageEntry;
}

export function mergeTrees(input: TreeMergeInput): TreeMergeResult {
  const { base, ours, theirs } = input;
  const changedOurs = input.changedOurs ?? changedIds(base.pages, ours.pages);
  const changedTheirs = input.changedTheirs ?? changedIds(base.pages, theirs.pages);
  const tree = new WorkingTree(theirs.pages);
  const bodies = new Map<string, string>();
  const conflicts: PageConflict[] = [];
  const deletedByUs = new Set<string>();
  for (const id of changedOurs) {
    const [b, o, t] = [base.pages.get(id), ours.pages.get(id), theirs.pages.get(id)];
    if (!changedTheirs.has(id)) {
      if (o) tree.put(o);
      else {
        tree.remove(id);
        deletedByUs.add(id);
      }
      continue;
    }
    if (!o && !t) continue;
    if (!b || !o || !t) {
      if (o && t && sameEntry(o, t)) continue;
      if (b && input.prefer) {
        // Edited on one side, deleted on the other: the preferred side decides.
        const winner = input.prefer === 'ours' ? o : t;
        if (winner) tree.put(winner);
        else {
          tree.remove(id);
          if (input.prefer === 'ours') deletedByUs.add(id);
        }
        continue;
      }
      const title = (o ?? t ?? b)!.title;
      const reason = !o
        ? 'deleted in the change request but edited on main'
        : !t
          ? 'edited in the change request but deleted on main'
          : 'created on both sides';
      conflicts.push({ page: id, title, reason });
      continue;
    }
    const merged = mergeEntry(b, o, t, input, bodies);
    if ('reason' in merged) conflicts.push(merged);
    else tree.put(merged);
  }
  if (!conflicts.length) conflicts.push(...structuralConflicts(tree, changedOurs, changedTheirs, deletedByUs, base));
  const { reusables, conflicts: reusableConflicts } = mergeReusables(base, ours, theirs, input.prefer);
  conflicts.push(...reusableConflicts);
  if (conflicts.length) return { clean: false, conflicts };
  const files = new Map(theirs.files);
  for (const id of changedIds(base.files, ours.files)) {
    const f = ours.files.get(id);
    if (f) files.set(id, f);
    else files.delete(id);
  }
  return { clean: true, structure: { pages: tree.pages, files, reusables }, bodies };
}

/** Orphans, cycles and sibling slug clashes that only appear once both sides are combined. */
function structuralConflicts(tree: WorkingTree, ours: Set<string>, theirs: Set<string>, deletedByUs: Set<string>, base: Structure): PageConflict[] {
  const out: PageConflict[] = [];
  const title = (id: string) => tree.get(id)?.title ?? base.pages.get(id)?.title ?? id;
  for (const id of deletedByUs) {
    for (const child of tree.children(id))
      out.push({
        page: child.id,
        title: child.title,
        reason: `its parent page ${id} ("${title(id)}") is deleted in the change request but this page was added or moved under it on main`,
      });
  }
  const parents = new Set<string | null>();
  for (const id of [...ours, ...theirs]) {
    const p = tree.get(id);
    if (!p) continue;
    parents.add(p.parent);
    if (p.parent && !tree.get(p.parent) && !deletedByUs.has(p.parent))
      out.push({ page: id, title: p.title, reason: `moved or added under page ${p.parent}, which main deleted` });
    const seen = new Set<string>();
    for (let cur: string | null = p.parent; cur; cur = tree.get(cur)?.parent ?? null) {
      if (cur === id || seen.has(cur)) {
        out.push({ page: id, title: p.title, reason: 'moves on both sides would make the page its own ancestor' });
        break;
      }
      seen.add(cur);
    }
  }
  for (const parent of parents) {
    const bySlug = new Map<string, string>();
    for (const c of tree.children(parent)) {
      const other = bySlug.get(c.slug);
      if (other) out.push({ page: c.id, title: c.title, reason: `slug "${c.slug}" is also used by sibling page ${other} ("${title(other)}") after merging` });
      bySlug.set(c.slug, c.id);
    }
  }
  return out;
}

/** Longest quote of one side in a conflict message, in characters (the rest becomes "…"). */
export const QUOTE_LIMIT = 80;

/** One side's lines as a JSON string literal, cut to QUOTE_LIMIT characters; `deleted` when it removed them. */
export function quoteSide(lines: readonly string[]): string {
  if (!lines.length) return 'deleted';
  const chars = [...lines.join('\n')];
  return JSON.stringify(chars.length > QUOTE_LIMIT ? `${chars.slice(0, QUOTE_LIMIT - 1).join('')}…` : chars.join(''));
}

/**
 * Where a line conflict is (lines of the base page's markdown) and what each side wrote there,
 * so the caller can resolve it from the message alone. Ours is the change request, theirs main.
 */
export function describeLineConflict(c: LineConflict): string {
  const where =
    c.baseEnd < c.baseStart
      ? `lines added after line ${c.baseEnd} on both sides`
      : c.baseEnd === c.baseStart
        ? `line ${c.baseStart} changed on both sides`
        : `lines ${c.baseStart}-${c.baseEnd} changed on both sides`;
  return `${where} (change request: ${quoteSide(c.ours)}; main: ${quoteSide(c.theirs)})`;
}

/** Human-readable summary for error messages. */
export function describeConflicts(conflicts: PageConflict[]): string {
  return conflicts.map((c) => `page ${c.page} ("${c.title}"): ${c.reason}`).join('; ');
}
