import { BadRequest, isEmoji } from '@app/platform';
import { canonicalizeLinks } from './link-resolution';
import { parsePageMarkdown } from './markdown/page-markdown';
import { FileEntry, MAX_SLUG, PageEntry, PageFields, SLUG_PATTERN, slugify, Structure } from './page';
import { PersistentMap } from './persistent-map';
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
  | { operation: 'insert_files'; files: NewFile[] };

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

export function applyBatch(structure: Structure, changes: ContentChange[], ctx: BatchContext): BatchResult {
  // Persistent copies: changing them copies only the paths to the changed entries.
  const tree = new WorkingTree(structure.pages);
  let files = PersistentMap.of(structure.files);
  const bodies = new Map<string, string>();
  const pendingBodies = new Map<string, string>();
  const outcomes = new Map<string, ChangeOutcome>();
  const insertedFiles: FileEntry[] = [];
  const pageRefs = new Map<string, string>();
  const fileRefs = new Map<string, string>();

  const place = (entry: PageEntry, parent: string | null, index: number | undefined) => {
    const { key, rekeyed } = tree.keyAt(parent, index, entry.id);
    for (const r of rekeyed) tree.put(r);
    tree.put({ ...entry, parent, order: key });
  };
  // One outcome per page, in first-touch order: created+updated stays created, created+deleted
  // disappears, updated+deleted becomes deleted.
  const note = (o: ChangeOutcome) => {
    const prev = outcomes.get(o.page);
    if (!prev) outcomes.set(o.page, o);
    else if (o.object === 'deleted_page') {
      if (prev.object === 'created_page') outcomes.delete(o.page);
      else outcomes.set(o.page, o);
    }
  };

  changes.forEach((change, i) => {
    const at = `changes[${i}]`;
    switch (change.operation) {
      case 'insert_page': {
        const { fields, body } = resolveFields(change, at);
        checkFields(fields, at);
        // `into` is a page id; as an extension it may also name a page inserted earlier in the batch by its ref.
        const parent = change.into === undefined ? null : tree.get(change.into) ? change.into : (pageRefs.get(change.into) ?? change.into);
        if (parent) assertParent(tree, parent, at);
        assertIndex(tree, parent, change.at, undefined, at);
        if (change.ref !== undefined) {
          if (pageRefs.has(change.ref) || fileRefs.has(change.ref)) throw new BadRequest(`${at}.ref: "${change.ref}" is already used in this batch`);
          if (tree.byPath(change.ref.replace(/\.md$/i, ''))) throw new BadRequest(`${at}.ref: "${change.ref}" collides with the path of an existing page`);
        }
        const title = fields.title ?? DEFAULT_TITLE;
        const slug = fields.slug ?? slugify(title);
        assertSlugFree(tree, parent, slug, '', at);
        const id = ctx.newId();
        const entry = withFields({ id, parent, order: '', title, slug, doc: '', createdAt: ctx.now, updatedAt: ctx.now }, { ...fields, title, slug });
        place(entry, parent, change.at);
        pendingBodies.set(id, body ?? '');
        if (change.ref !== undefined) pageRefs.set(change.ref, id);
        note({ object: 'created_page', page: id, ...(change.ref !== undefined ? { ref: change.ref } : {}) });
        break;
      }
      case 'update_page': {
        const current = tree.get(change.page);
        if (!current) throw new BadRequest(`${at}.page: no page with id ${change.page} in this change request`);
        const { fields, body } = resolveFields(change, at);
        checkFields(fields, at);
        const moving = change.into !== undefined || change.at !== undefined;
        const parent = change.into !== undefined ? change.into : current.parent;
        if (parent) {
          assertParent(tree, parent, at);
          if (tree.isSelfOrDescendant(parent, current.id))
            throw new BadRequest(`${at}.into: cannot move page ${current.id} into itself or one of its descendants`);
        }
        const next = withFields({ ...current, updatedAt: ctx.now }, fields);
        assertSlugFree(tree, parent, next.slug, current.id, at);
        if (moving && (parent !== current.parent || change.at !== undefined)) {
          assertIndex(tree, parent, change.at, current.id, at);
          place(next, parent, change.at);
        } else tree.put(next);
        if (body !== undefined) pendingBodies.set(current.id, body);
        note({ object: 'updated_page', page: current.id });
        break;
      }
      case 'delete_page': {
        if (!tree.get(change.page)) throw new BadRequest(`${at}.page: no page with id ${change.page} in this change request`);
        for (const id of [...tree.descendants(change.page), change.page]) {
          tree.remove(id);
          pendingBodies.delete(id);
          note({ object: 'deleted_page', page: id });
        }
        break;
      }
      case 'insert_files': {
        change.files.forEach((f, j) => {
          if (f.ref !== undefined) {
            if (pageRefs.has(f.ref) || fileRefs.has(f.ref)) throw new BadRequest(`${at}.files[${j}].ref: "${f.ref}" is already used in this batch`);
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
          files = files.set(entry.id, entry);
          insertedFiles.push(entry);
          if (f.ref !== undefined) fileRefs.set(f.ref, entry.id);
        });
        break;
      }
    }
  });

  // Links resolve against the tree as the whole batch leaves it, so refs and paths work
  // regardless of the order of operations.
  const links = { tree, pageRefs, fileRefs, files };
  for (const [id, body] of pendingBodies) {
    const canonical = canonicalizeLinks(body, id, links);
    const doc = ctx.hash(canonical);
    bodies.set(doc, canonical);
    tree.put({ ...tree.get(id)!, doc });
  }
  return { structure: { pages: tree.pages, files }, bodies, outcomes: [...outcomes.values()], insertedFiles };
}
