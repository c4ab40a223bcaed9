import { canonicalJson } from './canonical-json';
import { FileEntry, PageEntry, ReusableEntry, Structure } from './page';
import { isPersistentMap, PersistentMap } from './persistent-map';
import { WorkingTree } from './tree';

/**
 * What changed between a revision and its parent, as the reference's RevisionSemanticChange
 * entries (getRevisionSemanticChanges). Pages are compared by id: created, deleted, edited
 * (title, slug, description, emoji, document) and moved (parent or position); files and
 * reusable contents likewise. Only entries that differ are visited (persistent tables diff by
 * shared structure), so the cost follows the size of the change, plus one walk of the
 * table of contents that orders the changed pages.
 */
export interface ChangedPage {
  id: string;
  type: 'document';
  title: string;
  path: string;
}
export interface Change<T> {
  before?: T;
  after?: T;
}
export type PageAttributes = Partial<Record<(typeof PAGE_ATTRIBUTES)[number], Change<string>>>;
export interface FileAttributes {
  name?: Change<string>;
  contentType?: Change<string>;
  size?: Change<number>;
  dimensions?: Change<{ width: number; height: number }>;
}
export interface ChangedReusable {
  id: string;
  title: string;
  document: string;
}

export type SemanticChange =
  | { type: 'page_created' | 'page_deleted'; page: ChangedPage }
  | { type: 'page_edited'; page: ChangedPage; attributes: PageAttributes }
  | { type: 'page_moved'; page: ChangedPage; parent: { before?: ChangedPage; after?: ChangedPage } }
  | { type: 'file_created' | 'file_deleted'; file: FileEntry }
  /** `previous`: the file as it was (the caller turns a changed blob into a downloadURL change). */
  | { type: 'file_edited'; file: FileEntry; previous: FileEntry; attributes: FileAttributes }
  | { type: 'reusable_content_created' | 'reusable_content_deleted'; reusableContent: ChangedReusable }
  | { type: 'reusable_content_edited'; reusableContent: ChangedReusable; attributes: Partial<Record<'title' | 'document', Change<string>>> };

/** Page fields the reference's RevisionPageDocumentChangeAttributes can show (`document`: the body's id). */
const PAGE_ATTRIBUTES = ['title', 'slug', 'description', 'document', 'emoji'] as const;
const pageField = (p: PageEntry, f: (typeof PAGE_ATTRIBUTES)[number]) => (f === 'document' ? p.doc : p[f]);

function changedIds<T>(before: ReadonlyMap<string, T>, after: ReadonlyMap<string, T>): string[] {
  if (isPersistentMap(before) && isPersistentMap(after)) return [...before.diff(after)];
  const out = new Set<string>();
  for (const [id, e] of after) if (before.get(id) !== e && canonicalJson(before.get(id)) !== canonicalJson(e)) out.add(id);
  for (const id of before.keys()) if (!after.has(id)) out.add(id);
  return [...out];
}

/** `{before, after}` of one value, leaving out a side where it is absent; null when equal. */
function change<T>(before: T | undefined, after: T | undefined): Change<T> | null {
  if (canonicalJson(before) === canonicalJson(after)) return null;
  return { ...(before !== undefined ? { before } : {}), ...(after !== undefined ? { after } : {}) };
}

function attributes<K extends string, E>(keys: readonly K[], read: (e: E, k: K) => unknown, before: E, after: E) {
  const out: Partial<Record<K, Change<unknown>>> = {};
  for (const k of keys) {
    const c = change(read(before, k), read(after, k));
    if (c) out[k] = c;
  }
  return out;
}

/** Changed ids in the order of the table of contents of `tree` (the rest: those not in it). */
function inTocOrder(tree: WorkingTree, ids: Set<string>): string[] {
  const out: string[] = [];
  if (!ids.size) return out;
  for (const p of tree.walk()) if (ids.has(p.id)) out.push(p.id);
  return out;
}

function pageChanges(before: Structure, after: Structure, changedPages?: Set<string>): SemanticChange[] {
  const changed = changedPages ?? new Set(changedIds(before.pages, after.pages));
  const [b, a] = [new WorkingTree(before.pages), new WorkingTree(after.pages)];
  const ref = (t: WorkingTree, p: PageEntry): ChangedPage => ({ id: p.id, type: 'document', title: p.title, path: t.path(p.id) });
  const out: SemanticChange[] = [];
  for (const id of inTocOrder(a, changed)) {
    const [old, now] = [b.get(id), a.get(id)!];
    if (!old) {
      out.push({ type: 'page_created', page: ref(a, now) });
      continue;
    }
    const attrs = attributes(PAGE_ATTRIBUTES, pageField, old, now) as PageAttributes;
    if (Object.keys(attrs).length) out.push({ type: 'page_edited', page: ref(a, now), attributes: attrs });
    if (old.parent !== now.parent || old.order !== now.order) {
      const parentBefore = old.parent ? b.get(old.parent) : undefined;
      const parentAfter = now.parent ? a.get(now.parent) : undefined;
      out.push({
        type: 'page_moved',
        page: ref(a, now),
        parent: { ...(parentBefore ? { before: ref(b, parentBefore) } : {}), ...(parentAfter ? { after: ref(a, parentAfter) } : {}) },
      });
    }
  }
  const deleted = new Set([...changed].filter((id) => !after.pages.has(id)));
  for (const id of inTocOrder(b, deleted)) out.push({ type: 'page_deleted', page: ref(b, b.get(id)!) });
  return out;
}

const FILE_ATTRIBUTES = ['name', 'contentType', 'size', 'dimensions'] as const;
const byCreation = <T extends { createdAt: string; id: string }>(list: T[]) =>
  list.sort((x, y) => (x.createdAt < y.createdAt ? -1 : x.createdAt > y.createdAt ? 1 : x.id < y.id ? -1 : x.id > y.id ? 1 : 0));

/** Created, edited, then deleted entries of one table, each group in creation order. */
function tableChanges<T extends { id: string; createdAt: string }>(
  before: ReadonlyMap<string, T>,
  after: ReadonlyMap<string, T>,
  emit: { created: (e: T) => SemanticChange; edited: (b: T, a: T) => SemanticChange | null; deleted: (e: T) => SemanticChange },
): SemanticChange[] {
  const ids = changedIds(before, after);
  const created = byCreation(ids.filter((id) => !before.has(id)).map((id) => after.get(id)!));
  const edited = byCreation(ids.filter((id) => before.has(id) && after.has(id)).map((id) => after.get(id)!));
  const deleted = byCreation(ids.filter((id) => !after.has(id)).map((id) => before.get(id)!));
  return [
    ...created.map(emit.created),
    ...edited.map((e) => emit.edited(before.get(e.id)!, e)).filter((c): c is SemanticChange => c !== null),
    ...deleted.map(emit.deleted),
  ];
}

const reusableRef = (r: ReusableEntry): ChangedReusable => ({ id: r.id, title: r.title, document: r.doc });
const NONE = PersistentMap.empty<ReusableEntry>();

/** `changedPages`: the ids whose page entries differ, when the caller knows them (the storage diffs tries by hash). */
export function semanticChanges(before: Structure, after: Structure, changedPages?: Set<string>): SemanticChange[] {
  return [
    ...pageChanges(before, after, changedPages),
    ...tableChanges(before.files, after.files, {
      created: (file) => ({ type: 'file_created', file }),
      deleted: (file) => ({ type: 'file_deleted', file }),
      edited: (previous, file) => {
        const attrs = attributes(FILE_ATTRIBUTES, (f: FileEntry, k) => f[k], previous, file) as FileAttributes;
        // A new blob alone is still an edit: its downloadURL changed.
        return Object.keys(attrs).length || previous.blob !== file.blob ? { type: 'file_edited', file, previous, attributes: attrs } : null;
      },
    }),
    ...tableChanges(before.reusables ?? NONE, after.reusables ?? NONE, {
      created: (r) => ({ type: 'reusable_content_created', reusableContent: reusableRef(r) }),
      deleted: (r) => ({ type: 'reusable_content_deleted', reusableContent: reusableRef(r) }),
      edited: (old, now) => {
        const attrs = attributes(['title', 'document'] as const, (r: ReusableEntry, k) => (k === 'document' ? r.doc : r.title), old, now);
        return Object.keys(attrs).length
          ? { type: 'reusable_content_edited', reusableContent: reusableRef(now), attributes: attrs as Record<string, Change<string>> }
          : null;
      },
    }),
  ];
}
