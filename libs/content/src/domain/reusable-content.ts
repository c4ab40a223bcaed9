import { BadRequest } from '@app/platform';
import { canonicalJson } from './canonical-json';
import { Prefer } from './diff3';
import { ReusableEntry, Structure } from './page';
import { PersistentMap } from './persistent-map';

/**
 * Reusable contents: blocks of markdown written once (through the change-request content batch,
 * an extension of 0.202's updateChangeRequestContent) and included by pages with GitBook's
 * include tag on a line of its own, `{% include "/reusable-contents/<id>" %}`. They live in the
 * revision beside pages and files, so they are versioned, merged and diffed with them.
 */
export type ReusableChange =
  | { operation: 'insert_reusable_content'; title: string; markdown: string; ref?: string }
  | { operation: 'update_reusable_content'; reusableContent: string; title?: string; markdown?: string }
  | { operation: 'delete_reusable_content'; reusableContent: string };

export const REUSABLE_OPERATIONS = ['insert_reusable_content', 'update_reusable_content', 'delete_reusable_content'] as const;

/** An include tag alone on a line, from its first column (indented, it would belong to a list or quote). */
const INCLUDE = /^\{%\s*include\s+"([^"\n]+)"\s*%\}[ \t]*$/;
const CANONICAL = /^\/reusable-contents\/([A-Za-z0-9_-]+)$/;
const FENCE = /^\s{0,3}(`{3,}|~{3,})/;

export const includeTarget = (id: string) => `/reusable-contents/${id}`;
export const includeLine = (id: string) => `{% include "${includeTarget(id)}" %}`;

/** The reusable content id an include target names in its stored form, or null. */
export const includedId = (target: string): string | null => CANONICAL.exec(target)?.[1] ?? null;

/** The target of an include tag alone on a line (`{% include "…" %}`), or null. */
export const includeOf = (line: string): string | null => INCLUDE.exec(line)?.[1] ?? null;

/** Each line of a markdown text with the target of its include tag (null: no tag, or inside a code fence). */
function* lines(markdown: string): Generator<{ line: string; target: string | null }> {
  let fence: string | null = null;
  for (const line of markdown.split('\n')) {
    const f = FENCE.exec(line);
    if (fence) {
      if (f && f[1][0] === fence[0] && f[1].length >= fence.length) fence = null;
      yield { line, target: null };
      continue;
    }
    if (f) fence = f[1];
    yield { line, target: f ? null : includeOf(line) };
  }
}

/** Rewrites the include lines of a markdown text; `map` returns the new line or null to keep it. */
export function mapIncludes(markdown: string, map: (target: string) => string | null): string {
  return [...lines(markdown)].map(({ line, target }) => (target === null ? line : (map(target) ?? line))).join('\n');
}

/** A markdown text cut at its include lines: markdown runs and include targets, in order. */
export function splitAtIncludes(markdown: string): Array<{ markdown: string } | { include: string }> {
  const out: Array<{ markdown: string } | { include: string }> = [];
  let run: string[] = [];
  const flush = () => {
    if (run.some((l) => l.trim())) out.push({ markdown: run.join('\n') });
    run = [];
  };
  for (const { line, target } of lines(markdown)) {
    if (target === null) run.push(line);
    else {
      flush();
      out.push({ include: target });
    }
  }
  flush();
  return out;
}

/** Ids of the reusable contents a markdown text includes (stored form), in order. */
export function includedIds(markdown: string): string[] {
  const ids: string[] = [];
  mapIncludes(markdown, (t) => {
    const id = includedId(t);
    if (id) ids.push(id);
    return null;
  });
  return ids;
}

/**
 * Include targets in their stored form, `/reusable-contents/<id>`: a batch ref (`"<ref>"`,
 * `"./<ref>"`) takes the id of the content it inserted, a bare id of an existing content gets
 * the prefix. Anything else is kept as written (like a link to nowhere, it stays visible).
 */
export const resolveIncludes = (markdown: string, refs: ReadonlyMap<string, string>, exists: (id: string) => boolean): string =>
  mapIncludes(markdown, (t) => {
    const local = t.replace(/^\.\//, '');
    const id = refs.get(local) ?? (exists(t) ? t : undefined);
    return id === undefined ? null : includeLine(id);
  });

/** What a batch holds for reusable contents (content-batch.ts keeps it in its working state). */
export interface ReusableBatch {
  readonly ctx: { now: string; newId: () => string };
  reusables: PersistentMap<ReusableEntry>;
  /** Bodies of inserted or rewritten reusable contents by id; links are canonicalized at the end. */
  readonly pendingReusableBodies: Map<string, string>;
  readonly reusableRefs: Map<string, string>;
  readonly insertedReusables: ReusableEntry[];
  /** Whether a batch ref is already taken (by a page, a file or a reusable content). */
  refTaken(ref: string): boolean;
}

function existing(state: ReusableBatch, id: string, at: string): ReusableEntry {
  const r = state.reusables.get(id);
  if (!r) throw new BadRequest(`${at}.reusableContent: no reusable content with id ${id} in this change request`);
  return r;
}

export function applyReusableChange(state: ReusableBatch, change: ReusableChange, at: string): void {
  const { ctx } = state;
  switch (change.operation) {
    case 'insert_reusable_content': {
      if (change.ref !== undefined && state.refTaken(change.ref)) throw new BadRequest(`${at}.ref: "${change.ref}" is already used in this batch`);
      const entry: ReusableEntry = { id: ctx.newId(), title: change.title, doc: '', createdAt: ctx.now, updatedAt: ctx.now };
      state.reusables = state.reusables.set(entry.id, entry);
      state.pendingReusableBodies.set(entry.id, change.markdown);
      state.insertedReusables.push(entry);
      if (change.ref !== undefined) state.reusableRefs.set(change.ref, entry.id);
      return;
    }
    case 'update_reusable_content': {
      const current = existing(state, change.reusableContent, at);
      state.reusables = state.reusables.set(current.id, { ...current, ...(change.title !== undefined ? { title: change.title } : {}), updatedAt: ctx.now });
      if (change.markdown !== undefined) state.pendingReusableBodies.set(current.id, change.markdown);
      return;
    }
    case 'delete_reusable_content': {
      // Pages that include it keep their include tag: like a link to a deleted page, it dangles.
      existing(state, change.reusableContent, at);
      state.reusables = state.reusables.delete(change.reusableContent);
      state.pendingReusableBodies.delete(change.reusableContent);
      return;
    }
  }
}

export interface ReusableConflict {
  page: string;
  title: string;
  reason: string;
}

/**
 * Three-way merge of the reusable-content tables: main's (theirs) with the change request's
 * changes (ours) applied; an entry changed differently on both sides is a conflict unless a
 * side is preferred.
 */
export function mergeReusables(
  base: Structure,
  ours: Structure,
  theirs: Structure,
  prefer?: Prefer,
): { reusables: PersistentMap<ReusableEntry>; conflicts: ReusableConflict[] } {
  const none = PersistentMap.empty<ReusableEntry>();
  const [b, o, t] = [base.reusables ?? none, PersistentMap.of(ours.reusables ?? none), theirs.reusables ?? none];
  let out = PersistentMap.of(t);
  const conflicts: ReusableConflict[] = [];
  const same = (x: unknown, y: unknown) => x === y || canonicalJson(x) === canonicalJson(y);
  for (const id of PersistentMap.of(b).diff(o)) {
    const [be, oe, te] = [b.get(id), o.get(id), t.get(id)];
    // Tables read from storage share no objects: "changed" is decided on the values.
    if (same(be, oe) || same(oe, te)) continue;
    if (!same(be, te) && prefer !== 'ours') {
      if (prefer === 'theirs') continue;
      const title = (oe ?? te ?? be)!.title;
      conflicts.push({ page: id, title, reason: `reusable content changed both in the change request and on main` });
      continue;
    }
    out = oe ? out.set(id, oe) : out.delete(id);
  }
  return { reusables: out, conflicts };
}
