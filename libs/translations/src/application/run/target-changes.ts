import type { ContentChange, ReaderPage } from '@app/content';
import { parentPath, slugOf } from '../../domain/translation-plan';
import { PlannedPage, TranslationPlan } from '../../domain/translation.events';

/** The pages of a target revision by path. */
export type TargetPages = ReadonlyMap<string, ReaderPage>;

/*
 * The changes a run still needs, computed from what the target holds now: each function asks
 * nothing once its part is done, so applying them until they ask nothing converges, also when
 * a crashed attempt had applied some of them.
 */

/** Translations of removed pages that are still there (not those whose path a planned page takes over, nor below another deleted one). */
export function deleteChanges(plan: TranslationPlan, pages: TargetPages): ContentChange[] {
  const taken = new Set(plan.pages.map((p) => p.path));
  const deleted: string[] = [];
  for (const r of [...plan.removed].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    const page = pages.get(r.path);
    if (!page || taken.has(r.path) || deleted.some((d) => r.path.startsWith(`${d}/`))) continue;
    deleted.push(r.path);
  }
  return deleted.map((path) => ({ operation: 'delete_page', page: pages.get(path)!.id }));
}

/**
 * Pages in place: a planned page missing from the target is inserted (empty, under its parent;
 * its text comes with the bodies), one whose place or slug changed is moved. A page whose parent
 * is not in the target yet waits for the next batch.
 */
export function structureChanges(plan: TranslationPlan, pages: TargetPages): ContentChange[] {
  const out: ContentChange[] = [];
  /** Paths given a page by this batch: an id (moved) or a ref (inserted). */
  const placed = new Map<string, { id?: string; ref?: string }>();
  plan.pages.forEach((item, i) => {
    const parent = parentPath(item.path);
    const parentHere = parent === null ? null : (placed.get(parent) ?? (pages.has(parent) ? { id: pages.get(parent)!.id } : undefined));
    if (parentHere === undefined) return;
    const current = pages.get(item.path) ?? (item.from !== null ? pages.get(item.from) : undefined);
    const slug = slugOf(item.path);
    if (!current) {
      if (item.kind === 'move') return; // its translation is gone: the next run translates it again
      const ref = `translated-page-${i}`;
      out.push({ operation: 'insert_page', fields: { slug }, ref, markdown: '', ...(parentHere ? { into: parentHere.id ?? parentHere.ref } : {}) });
      placed.set(item.path, { ref });
      return;
    }
    placed.set(item.path, { id: current.id });
    if (current.path === item.path) return;
    // A move under a page inserted by this same batch waits for it to exist.
    if (parentHere && !parentHere.id) return;
    const into = parentHere?.id ?? null;
    out.push({ operation: 'update_page', page: current.id, fields: { slug }, ...(into !== current.parentId ? { into } : {}) });
  });
  return out;
}

/** The translated text of planned pages, written over their pages in the target (found by path). */
export function bodyChanges(items: readonly PlannedPage[], bodies: ReadonlyMap<string, string>, pages: TargetPages): ContentChange[] {
  return items.flatMap((item): ContentChange[] => {
    const page = pages.get(item.path);
    const markdown = bodies.get(item.page);
    return page && markdown !== undefined ? [{ operation: 'update_page', page: page.id, fields: { slug: slugOf(item.path) }, markdown }] : [];
  });
}
