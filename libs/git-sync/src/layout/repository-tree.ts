/**
 * A space's content as it lies in a repository in the GitBook layout (`.gitbook.yaml`,
 * `SUMMARY.md`, one markdown file per page, files under `.gitbook/assets/`), independent of git
 * and of the content context: the layout codec reads and writes it (pure, no I/O), the sync
 * turns it into revisions and back.
 */
export interface GitPageNode {
  kind: 'document' | 'group' | 'link';
  title: string;
  /** URL segment of the page. */
  slug: string;
  /** Path of the page's markdown file relative to the root (document pages), e.g. `guides/setup.md`. */
  gitPath?: string;
  /** Markdown body without frontmatter, in the block syntax of content fidelity. */
  markdown?: string;
  description?: string;
  icon?: string;
  hidden?: boolean;
  /** Layout flags of the frontmatter (`layout.*`), as the reference's page layout. */
  layout?: Record<string, boolean>;
  /** Link pages: the target URL. */
  href?: string;
  children: GitPageNode[];
}

export interface GitFileEntry {
  /** Path relative to the root, e.g. `.gitbook/assets/diagram.png`. */
  path: string;
  bytes: Uint8Array;
}

export interface RepositoryTree {
  pages: GitPageNode[];
  files: GitFileEntry[];
  /** `.gitbook.yaml` redirects: old path → new file path. */
  redirects: Record<string, string>;
  /** `.gitbook.yaml` `root` as written (e.g. `./docs/`), relative to the project directory; absent: the project directory. */
  root?: string;
  /** `.gitbook.yaml` `structure`, only when it is not GitBook's default (`README.md`, `SUMMARY.md`); paths relative to the root. */
  structure?: { readme: string; summary: string };
}

/** Repository files by path relative to the repository root. */
export type RepositoryFiles = ReadonlyMap<string, Uint8Array>;
