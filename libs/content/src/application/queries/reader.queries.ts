import { Query } from '@nestjs/cqrs';

/*
 * What the delivery level (published sites, search, URL resolution) reads of a space's content.
 * These queries check no caller: the delivery context decides who may see a site or a space
 * (site visibility, visitor tokens, adaptive conditions) before it asks. Handlers:
 * reader.handlers.ts.
 */

/** One page of a revision as readers see it, in document order (depth first). */
export interface ReaderPage {
  id: string;
  parentId: string | null;
  /** 0 for top-level pages. */
  depth: number;
  kind: 'sheet' | 'group' | 'link';
  title: string;
  description: string | null;
  emoji: string | null;
  /** Full path of the page in its space ('a/b', slugs joined); '' for none. */
  path: string;
  /** Link pages: where they point (absolute URL or another page's id as `page:<id>`). */
  href: string | null;
  hidden: boolean;
  noIndex: boolean;
  noRobotsIndex: boolean;
  /** Adaptive-content condition (an expression over `visitor.claims`), null when none. */
  condition: string | null;
  updatedAt: string;
  /**
   * Changes whenever the page's body as GetReaderPageQuery reads it may change: its own text or
   * a reusable content of the space (a page may include one). Equal values: same markdown and
   * sections, so an index can skip the page. (The HTML also shows other pages' titles and the
   * delivery side's URLs, which this does not cover.)
   */
  bodyVersion?: string;
}

/** The pages of one revision of a space (main's head when no revision is given). */
export interface ReaderContent {
  spaceId: string;
  revisionId: string;
  pages: ReaderPage[];
}

export class GetReaderContentQuery extends Query<ReaderContent> {
  constructor(
    readonly spaceId: string,
    /** Omitted: main's current head. */
    readonly revisionId?: string,
  ) {
    super();
  }
}

/** Where links of a rendered page point: the delivery side maps pages and files to its own URLs. */
export interface ReaderLinks {
  /** URL of another page of the same space (null: the link is rendered as plain text). */
  page(pageId: string, anchor?: string): string | null;
  /** URL serving a file's bytes (images, file blocks). */
  file(fileId: string): string;
}

/** One page body, rendered for readers. */
export interface ReaderPageBody {
  pageId: string;
  revisionId: string;
  /** The page's markdown (reusable contents included in place), as `<page>.md` serves it. */
  markdown: string;
  /** Sanitized HTML of the body (unified stack: mdast → hast → html), links through ReaderLinks. */
  html: string;
  /** Headings of the body in order, with the anchors the HTML carries (`id` attributes). */
  headings: Array<{ level: 1 | 2 | 3; title: string; anchor: string }>;
  /**
   * Plain text of the body cut at headings, for search: the text before the first heading
   * (anchor null, title the page title), then one entry per heading.
   */
  sections: Array<{ anchor: string | null; title: string; text: string }>;
}

export class GetReaderPageQuery extends Query<ReaderPageBody> {
  constructor(
    readonly spaceId: string,
    readonly revisionId: string,
    readonly pageId: string,
    readonly links: ReaderLinks,
  ) {
    super();
  }
}

/** A file of a revision for readers (bytes and type), null when the revision has no such file. */
export class GetReaderFileQuery extends Query<{ name: string; contentType: string; bytes: Buffer } | null> {
  constructor(
    readonly spaceId: string,
    readonly revisionId: string,
    readonly fileId: string,
  ) {
    super();
  }
}
