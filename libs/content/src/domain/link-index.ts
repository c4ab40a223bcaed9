import { classifyTarget, findLinks, LinkTarget } from './markdown/links';
import { Structure } from './page';

/**
 * The links of a revision: which targets each page links to, and which pages link to each
 * target. A revision never changes, so its index is computed once and can be cached by root.
 */
export type LinkStatus = 'ok' | 'broken';
export type LinkRelation = 'reference' | 'dependsOn';

export interface LinkUse {
  key: string;
  target: LinkTarget;
  /** Images are content the page depends on; links are references. */
  relation: LinkRelation;
  page: string;
}

export interface LinkIndex {
  /** Distinct (target, relation) uses per page, in key order. */
  byPage: Map<string, LinkUse[]>;
  /** Pages using each target key, in page id order. */
  byTarget: Map<string, { target: LinkTarget; relation: LinkRelation; pages: string[] }>;
}

export const targetKey = (t: LinkTarget): string => {
  switch (t.kind) {
    case 'page':
      return `page:${t.page}`;
    case 'file':
      return `file:${t.file}`;
    case 'url':
      return `url:${t.url}`;
    case 'anchor':
      return `anchor:${t.anchor}`;
    case 'path':
      return `path:${t.path}`;
  }
};

/** Links of one page body, one use per distinct target and relation; in-page anchors are not links to content. */
export function pageLinkUses(page: string, body: string): LinkUse[] {
  const uses = new Map<string, LinkUse>();
  for (const l of findLinks(body)) {
    const target = classifyTarget(l.target);
    if (target.kind === 'anchor') continue;
    const relation: LinkRelation = l.image ? 'dependsOn' : 'reference';
    const base = target.kind === 'page' ? { kind: 'page' as const, page: target.page } : target;
    const key = `${targetKey(base)}|${relation}`;
    if (!uses.has(key)) uses.set(key, { key, target: base, relation, page });
  }
  return [...uses.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

export function buildLinkIndex(structure: Structure, body: (doc: string) => string): LinkIndex {
  const byPage = new Map<string, LinkUse[]>();
  const byTarget = new Map<string, { target: LinkTarget; relation: LinkRelation; pages: string[] }>();
  const ids = [...structure.pages.keys()].sort();
  for (const id of ids) {
    const uses = pageLinkUses(id, body(structure.pages.get(id)!.doc));
    byPage.set(id, uses);
    for (const u of uses) {
      const entry = byTarget.get(u.key) ?? { target: u.target, relation: u.relation, pages: [] };
      entry.pages.push(id);
      byTarget.set(u.key, entry);
    }
  }
  return { byPage, byTarget: new Map([...byTarget].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) };
}

/** ok when the target exists in the revision (external URLs are not checked); unresolved internal paths are broken. */
export function linkStatus(target: LinkTarget, structure: Structure): LinkStatus {
  switch (target.kind) {
    case 'page':
      return structure.pages.has(target.page) ? 'ok' : 'broken';
    case 'file':
      return structure.files.has(target.file) ? 'ok' : 'broken';
    case 'url':
      return 'ok';
    default:
      return 'broken';
  }
}

/** Pages linking to a page (or file) id. */
export function backlinks(index: LinkIndex, target: { page: string } | { file: string }): string[] {
  const key = 'page' in target ? `page:${target.page}` : `file:${target.file}`;
  const pages = new Set<string>();
  for (const relation of ['reference', 'dependsOn']) for (const p of index.byTarget.get(`${key}|${relation}`)?.pages ?? []) pages.add(p);
  return [...pages].sort();
}
