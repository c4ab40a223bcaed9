import { PlannedPage, TranslationPlan } from './translation.events';
import { TranslationState } from './translation';

/** A source page as planning sees it (document order: a page before its subpages). */
export interface SourcePage {
  id: string;
  path: string;
  fingerprint: string;
}

/**
 * Which pages a run handles, from the source now, what the last completed run left in the
 * target (`mirror`) and the paths the target holds now:
 * - a page is translated when it is new, its text changed since it was last translated, or its
 *   translation is missing from the target (deleted there by someone);
 * - a page whose text is unchanged but whose place or slug changed is only moved;
 * - a translated page whose source page is gone is removed, unless a page still in the source
 *   lives below it in the target (deleting it would take that page along).
 * Words are counted later, on the text actually sent (see TranslationPlan.words).
 */
export function planPages(
  source: readonly SourcePage[],
  mirror: TranslationState['mirror'],
  targetPaths: ReadonlySet<string>,
): Pick<TranslationPlan, 'pages' | 'removed'> {
  const pages: PlannedPage[] = [];
  for (const p of source) {
    const m = mirror[p.id];
    const present = m !== undefined && targetPaths.has(m.path);
    if (!m || m.fingerprint !== p.fingerprint || !present)
      pages.push({ page: p.id, path: p.path, from: present ? m.path : null, kind: 'translate', fingerprint: p.fingerprint });
    else if (m.path !== p.path) pages.push({ page: p.id, path: p.path, from: m.path, kind: 'move', fingerprint: p.fingerprint });
  }
  const live = new Set(source.map((p) => p.id));
  const kept = [...source.map((p) => p.path), ...source.flatMap((p) => (mirror[p.id] ? [mirror[p.id].path] : []))];
  const removed = Object.entries(mirror)
    .filter(([id, m]) => !live.has(id) && targetPaths.has(m.path) && !kept.some((path) => path.startsWith(`${m.path}/`)))
    .map(([page, m]) => ({ page, path: m.path }));
  return { pages, removed };
}

/** `a/b/c` → `a/b`; a top-level page's parent is null. */
export const parentPath = (path: string): string | null => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : null);
export const slugOf = (path: string): string => path.slice(path.lastIndexOf('/') + 1);
