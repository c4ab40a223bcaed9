import { createHash } from 'crypto';
import { evaluateCondition, type PublishedSectionView, type PublishedSiteSpaceView, type PublishedSiteView } from '@app/sites';
import type { ReaderPage } from '@app/content';

export type ConditionCheck = (expression: string, claims: Record<string, unknown>) => boolean;

/** A condition that does not parse hides its content (fail closed), it never fails the page. */
export const checkCondition: ConditionCheck = (expression, claims) => {
  try {
    return evaluateCondition(expression, claims) === true;
  } catch {
    return false;
  }
};

/** The pages of one space as one visitor sees them. */
export interface VisiblePages {
  /** Pages the visitor may open, in document order (pages under a false condition are left out, with their subtrees). */
  pages: ReaderPage[];
  byId: Map<string, ReaderPage>;
  byPath: Map<string, ReaderPage>;
  /** Whether a page shows in navigation (not hidden, no hidden ancestor). */
  listed(page: ReaderPage): boolean;
  /** Ids of pages left out by a condition (part of the cache key: they change the navigation). */
  excluded: string[];
}

/**
 * What one visitor sees of a site: sections and site spaces whose condition holds for the
 * visitor's claims (a site space also needs its section), and of a space's pages those whose
 * condition holds (and their ancestors'). Everything else is not shown, not linked, not
 * resolvable and not searchable: callers only ever look things up through this view.
 */
export class VisitorView {
  readonly sections: PublishedSectionView[];
  readonly siteSpaces: PublishedSiteSpaceView[];
  private readonly memo = new Map<string, boolean>();

  constructor(
    readonly site: PublishedSiteView,
    readonly claims: Record<string, unknown>,
    private readonly check: ConditionCheck = checkCondition,
  ) {
    this.sections = site.sections.filter((s) => this.holds(s.condition));
    const sectionIds = new Set(this.sections.map((s) => s.id));
    this.siteSpaces = site.siteSpaces.filter((ss) => (ss.sectionId === null || sectionIds.has(ss.sectionId)) && this.holds(ss.condition));
  }

  /** Whether the visitor has any claim (an empty `unsigned` object is none). */
  get hasClaims(): boolean {
    return Object.entries(this.claims).some(([k, v]) => k !== 'unsigned' || (typeof v === 'object' && v !== null && Object.keys(v).length > 0));
  }

  holds(condition: string | null): boolean {
    if (condition === null || condition.trim() === '') return true;
    let ok = this.memo.get(condition);
    if (ok === undefined) this.memo.set(condition, (ok = this.check(condition, this.claims)));
    return ok;
  }

  /** Section groups with their visible sections only (groups left empty are dropped). */
  get sectionGroups(): Array<{ id: string; title: string; sections: PublishedSectionView[] }> {
    const byId = new Map(this.sections.map((s) => [s.id, s]));
    return this.site.sectionGroups
      .map((g) => ({ id: g.id, title: g.title, sections: g.sectionIds.map((id) => byId.get(id)).filter((s): s is PublishedSectionView => !!s) }))
      .filter((g) => g.sections.length > 0);
  }

  /** The section shown at the site's root: the default one, or the first visible when the visitor may not see the default. */
  get rootSection(): PublishedSectionView | null {
    return this.sections.find((s) => s.isDefault) ?? this.sections[0] ?? null;
  }

  siteSpacesOf(sectionId: string | null): PublishedSiteSpaceView[] {
    return this.siteSpaces.filter((ss) => ss.sectionId === sectionId);
  }

  /** The site space shown at a section's URL (or the site's, without sections). */
  rootSiteSpaceOf(sectionId: string | null): PublishedSiteSpaceView | null {
    const candidates = this.siteSpacesOf(sectionId);
    return candidates.find((ss) => ss.isDefault) ?? candidates[0] ?? null;
  }

  pagesOf(all: readonly ReaderPage[]): VisiblePages {
    const byId = new Map<string, ReaderPage>();
    const byPath = new Map<string, ReaderPage>();
    const unlisted = new Set<string>();
    const excluded: string[] = [];
    const pages: ReaderPage[] = [];
    for (const p of all) {
      // Document order: a parent comes before its children, so its verdict is known.
      const parentOk = p.parentId === null || byId.has(p.parentId);
      if (!parentOk || !this.holds(p.condition)) {
        excluded.push(p.id);
        continue;
      }
      if (p.hidden || (p.parentId !== null && unlisted.has(p.parentId))) unlisted.add(p.id);
      byId.set(p.id, p);
      if (p.path !== '' && !byPath.has(p.path)) byPath.set(p.path, p);
      pages.push(p);
    }
    return { pages, byId, byPath, excluded, listed: (page) => !unlisted.has(page.id) };
  }

  /**
   * Identifies what the claims change for this site and space: the visible sections, site spaces
   * and the pages conditions leave out. Two visitors with the same fingerprint see the same
   * pages, so a rendered page is cached per fingerprint, not per visitor.
   */
  fingerprint(visible?: VisiblePages): string {
    const parts = [this.sections.map((s) => s.id), this.siteSpaces.map((s) => s.id), visible?.excluded ?? []];
    return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 22);
  }
}
