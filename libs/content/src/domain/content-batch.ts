import { BadRequest, isEmoji } from '@app/platform';
import { canonicalizeLinks } from './link-resolution';
import { parsePageMarkdown } from './markdown/page-markdown';
import { FileEntry, MAX_SLUG, PageEntry, PageFields, ReusableEntry, SLUG_PATTERN, slugify, Structure } from './page';
import { PersistentMap } from './persistent-map';
import { applyReusableChange, ReusableBatch, ReusableChange, resolveIncludes } from './reusable-content';
import { WorkingTree } from './tree';

/**
 * A batch of content changes (reference `updateChangeRequestContent`), already shape-checked
 * by the HTTP layer, applied in order to a working copy. Any rule broken by any change rejects
 * the whole batch with `changes[i].<field>: <rule>`; nothing is written by this pure function.
 */
export type ContentChange =
  | { operation: 'insert_page'; fields: PageFields; into?: string; at?: number; ref?: string; markdown: string }
  | { operation: 'update_page'; page: string; fields: PageFields; markdown?: string; into?: string | null; at?: number }
  | { operation: 'delete_page'; page: string }
  | { operation: 'insert_files'; files: NewFile[] }
  | ReusableChange;

export interface NewFile {
  ref?: string;
  name: string;
  contentType: string;
  size: number;
  /** Hash of the bytes (computed, not yet stored, by the caller). */
  blob: string;
  dimensions?: { width: number; height: number };
}

export type ChangeOutcome =
  { object: 'created_page'; page: string; ref?: string } | { object: 'updated_page'; page: string } | { object: 'deleted_page'; page: string };

export interface BatchContext {
  now: string;
  newId: () => string;
  /** Content hash of a page body (names its blob). */
  hash: (body: string) => string;
}

export interface BatchResult {
  structure: Structure;
  /** New page bodies by hash, to store as blobs. */
  bodies: Map<string, string>;
  outcomes: ChangeOutcome[];
  insertedFiles: FileEntry[];
  insertedReusables: ReusableEntry[];
}

export const DEFAULT_TITLE = 'Untitled';

function checkFields(f: PageFields, at: string): void {
  if (f.title !== undefined && f.title.trim() === '') throw new BadRequest(`${at}.title: must not be empty`);
  if (f.slug !== undefined) {
    if ([...f.slug].length > MAX_SLUG) throw new BadRequest(`${at}.slug: must be at most ${MAX_SLUG} characters`);
    if (!SLUG_PATTERN.test(f.slug)) throw new BadRequest(`${at}.slug: must be lower-case letters and digits separated by "-", "_" or "."`);
  }
  if (f.emoji && (f.emoji.length > 50 || !isEmoji(f.emoji))) throw new BadRequest(`${at}.emoji: must be an emoji character or its hex code point`);
  if (f.icon !== undefined && [...f.icon].length > 50) throw new BadRequest(`${at}.icon: must be at most 50 characters`);
}

/** Field values from the change, overridden by the markdown's frontmatter and title heading. */
function resolveFields(change: { fields: PageFields; markdown?: string }, at: string): { fields: PageFields; body?: string } {
  if (change.markdown === undefined) return { fields: change.fields };
  const parsed = parsePageMarkdown(change.markdown, `${at}.document.markdown`);
  return { fields: { ...change.fields, ...parsed.fields }, body: parsed.body };
}

/** Empty strings remove optional metadata (reference: "Set to an empty string to remove it"). */
function withFields(entry: PageEntry, f: PageFields): PageEntry {
  const next: PageEntry = { ...entry, ...f };
  for (const k of ['emoji', 'icon', 'description', 'condition'] as const) if (next[k] === '') delete next[k];
  for (const k of ['hidden', 'noIndex', 'noRobotsIndex'] as const) if (next[k] === false) delete next[k];
  return next;
}

function assertSlugFree(tree: WorkingTree, parent: string | null, slug: string, self: string, at: string): void {
  const clash = tree.withSlug(parent, slug).find((p) => p.id !== self);
  if (clash) throw new BadRequest(`${at}.slug: "${slug}" is already used by sibling page ${clash.id} ("${clash.title}"); choose another slug`);
}

function assertParent(tree: WorkingTree, into: string, at: string): void {
  if (!tree.get(into)) throw new BadRequest(`${at}.into: no page with id ${into} in this change request`);
}

function assertIndex(tree: WorkingTree, parent: string | null, index: number | undefined, exclude: string | undefined, at: string): void {
  if (index === undefined) return; // appending: no sibling count to check against
  const n = tree.childCount(parent, exclude);
  if (index > n) throw new BadRequest(`${at}.at: must be at most ${n}, the number of siblings`);
}

/** The working copy a batch changes, and what it has produced so far. */
interface BatchState extends ReusableBatch {
  readonly ctx: BatchContext;
  /** Persistent copies: changing them copies only the paths to the changed entries. */
  readonly tree: WorkingTree;
  files: PersistentMap<FileEntry>;
  /** Bodies of created or rewritten pages, by page id; links are canonicalized at the end. */
  readonly pendingBodies: Map<string, string>;
  readonly outcomes: Map<string, ChangeOutcome>;
  readonly insertedFiles: FileEntry[];
  /** Batch-local refs (`ref` of inserted pages and files) to the ids they got. */
  readonly pageRefs: Map<string, string>;
  readonly fileRefs: Map<string, string>;
}

function place(state: BatchState, entry: PageEntry, parent: string | null, index: number | undefined): void {
  const { key, rekeyed } = state.tree.keyAt(parent, index, entry.id);
  for (const r of rekeyed) state.tree.put(r);
  state.tree.put({ ...entry, parent, order: key });
}

// One outcome per page, in first-touch order: created+updated stays created, created+deleted
// disappears, updated+deleted becomes deleted.
function note(state: BatchState, o: ChangeOutcome): void {
  const prev = state.outcomes.get(o.page);
  if (!prev) state.outcomes.set(o.page, o);
  else if (o.object === 'deleted_page') {
    if (prev.object === 'created_page') state.outcomes.delete(o.page);
    else state.outcomes.set(o.page, o);
  }
}

function insertPage(state: BatchState, change: Extract<ContentChange, { operation: 'insert_page' }>, at: string): void {
  const { tree, pageRefs, ctx } = state;
  const { fields, body } = resolveFields(change, at);
  checkFields(fields, at);
  // `into` is a page id; as an extension it may also name a page inserted earlier in the batch by its ref.
  const parent = change.into === undefined ? null : tree.get(change.into) ? change.into : (pageRefs.get(change.into) ?? change.into);
  if (parent) assertParent(tree, parent, at);
  assertIndex(tree, parent, change.at, undefined, at);
  if (change.ref !== undefined) {
    if (state.refTaken(change.ref)) throw new BadRequest(`${at}.ref: "${change.ref}" is already used in this batch`);
    if (tree.byPath(change.ref.replace(/\.md$/i, ''))) throw new BadRequest(`${at}.ref: "${change.ref}" collides with the path of an existing page`);
  }
  const title = fields.title ?? DEFAULT_TITLE;
  const slug = fields.slug ?? slugify(title);
  assertSlugFree(tree, parent, slug, '', at);
  const id = ctx.newId();
  const entry = withFields({ id, parent, order: '', title, slug, doc: '', createdAt: ctx.now, updatedAt: ctx.now }, { ...fields, title, slug });
  place(state, entry, parent, change.at);
  state.pendingBodies.set(id, body ?? '');
  if (change.ref !== undefined) pageRefs.set(change.ref, id);
  note(state, { object: 'created_page', page: id, ...(change.ref !== undefined ? { ref: change.ref } : {}) });
}

function updatePage(state: BatchState, change: Extract<ContentChange, { operation: 'update_page' }>, at: string): void {
  const { tree, ctx } = state;
  const current = tree.get(change.page);
  if (!current) throw new BadRequest(`${at}.page: no page with id ${change.page} in this change request`);
  const { fields, body } = resolveFields(change, at);
  checkFields(fields, at);
  const moving = change.into !== undefined || change.at !== undefined;
  const parent = change.into !== undefined ? change.into : current.parent;
  if (parent) {
    assertParent(tree, parent, at);
    if (tree.isSelfOrDescendant(parent, current.id)) throw new BadRequest(`${at}.into: cannot move page ${current.id} into itself or one of its descendants`);
  }
  const next = withFields({ ...current, updatedAt: ctx.now }, fields);
  assertSlugFree(tree, parent, next.slug, current.id, at);
  if (moving && (parent !== current.parent || change.at !== undefined)) {
    assertIndex(tree, parent, change.at, current.id, at);
    place(state, next, parent, change.at);
  } else tree.put(next);
  if (body !== undefined) state.pendingBodies.set(current.id, body);
  note(state, { object: 'updated_page', page: current.id });
}

function deletePage(state: BatchState, change: Extract<ContentChange, { operation: 'delete_page' }>, at: string): void {
  const { tree } = state;
  if (!tree.get(change.page)) throw new BadRequest(`${at}.page: no page with id ${change.page} in this change request`);
  for (const id of [...tree.descendants(change.page), change.page]) {
    tree.remove(id);
    state.pendingBodies.delete(id);
    note(state, { object: 'deleted_page', page: id });
  }
}

function insertFiles(state: BatchState, change: Extract<ContentChange, { operation: 'insert_files' }>, at: string): void {
  const { tree, fileRefs, ctx } = state;
  change.files.forEach((f, j) => {
    if (f.ref !== undefined) {
      if (state.refTaken(f.ref)) throw new BadRequest(`${at}.files[${j}].ref: "${f.ref}" is already used in this batch`);
      if (tree.byPath(f.ref)) throw new BadRequest(`${at}.files[${j}].ref: "${f.ref}" collides with the path of an existing page`);
    }
    const entry: FileEntry = {
      id: ctx.newId(),
      name: f.name,
      contentType: f.contentType,
      size: f.size,
      blob: f.blob,
      createdAt: ctx.now,
      ...(f.dimensions ? { dimensions: f.dimensions } : {}),
    };
    state.files = state.files.set(entry.id, entry);
    state.insertedFiles.push(entry);
    if (f.ref !== undefined) fileRefs.set(f.ref, entry.id);
  });
}

function applyChange(state: BatchState, change: ContentChange, at: string): void {
  switch (change.operation) {
    case 'insert_page':
      return insertPage(state, change, at);
    case 'update_page':
      return updatePage(state, change, at);
    case 'delete_page':
      return deletePage(state, change, at);
    case 'insert_files':
      return insertFiles(state, change, at);
    default:
      return applyReusableChange(state, change, at);
  }
}

export function applyBatch(structure: Structure, changes: ContentChange[], ctx: BatchContext): BatchResult {
  const state: BatchState = {
    ctx,
    tree: new WorkingTree(structure.pages),
    files: PersistentMap.of(structure.files),
    pendingBodies: new Map(),
    outcomes: new Map(),
    insertedFiles: [],
    pageRefs: new Map(),
    fileRefs: new Map(),
    reusables: PersistentMap.of(structure.reusables ?? new Map<string, ReusableEntry>()),
    pendingReusableBodies: new Map(),
    reusableRefs: new Map(),
    insertedReusables: [],
    refTaken: (ref) => state.pageRefs.has(ref) || state.fileRefs.has(ref) || state.reusableRefs.has(ref),
  };
  changes.forEach((change, i) => applyChange(state, change, `changes[${i}]`));

  // Links resolve against the tree as the whole batch leaves it, so refs and paths work
  // regardless of the order of operations.
  const { tree, files, pageRefs, fileRefs } = state;
  const links = { tree, pageRefs, fileRefs, files };
  const bodies = new Map<string, string>();
  const store = (id: string, body: string) => {
    const canonical = resolveIncludes(canonicalizeLinks(body, id, links), state.reusableRefs, (r) => state.reusables.has(r));
    const doc = ctx.hash(canonical);
    bodies.set(doc, canonical);
    return doc;
  };
  for (const [id, body] of state.pendingBodies) tree.put({ ...tree.get(id)!, doc: store(id, body) });
  for (const [id, body] of state.pendingReusableBodies) state.reusables = state.reusables.set(id, { ...state.reusables.get(id)!, doc: store(id, body) });
  const insertedReusables = state.insertedReusables.filter((r) => state.reusables.has(r.id)).map((r) => state.reusables.get(r.id)!);
  return {
    structure: { pages: tree.pages, files, reusables: state.reusables },
    bodies,
    outcomes: [...state.outcomes.values()],
    insertedFiles: state.insertedFiles,
    insertedReusables,
  };
}
