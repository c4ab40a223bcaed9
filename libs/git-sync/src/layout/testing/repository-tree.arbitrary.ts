import fc from 'fast-check';
import { GitFileEntry, GitPageNode, RepositoryTree } from '../repository-tree';
import { slugify } from '../layout-paths';

/**
 * Generated trees in the codec's image (what a repository can say), for the round-trip property:
 * trimmed one-line titles mixing unicode and markdown-special characters, slugs unique within a
 * folder, groups at the top after the top-level pages, links without children, `hidden` only as
 * true, files under `.gitbook/assets/` sorted by path, no `gitPath` (the writer chooses them).
 */
const special = fc.constantFrom(...'*_[]()#<>`\\!|~-+.&"\':{}%'.split(''), ' ', 'é', 'ß', '中', '🚀', 'Ω', '\u00a0');
const word = fc.oneof(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }), fc.stringMatching(/^[A-Za-z][a-z]{0,7}$/));
export const titleArb = fc
  .array(fc.oneof(word, special), { minLength: 1, maxLength: 6 })
  .map((parts) => parts.join('').replace(/[\p{Cc}\p{Cs}\u2028\u2029]/gu, ''))
  .filter((title) => title.length > 0 && title === title.trim());
const slugArb = fc.oneof(
  fc.stringMatching(/^[a-z0-9]{1,8}(?:[-_.][a-z0-9]{1,8}){0,2}$/),
  fc.constantFrom('café', 'straße', '中文', 'v1.2', 'readme', 'summary'),
);
const markdownArb = fc.oneof(
  fc.constantFrom(
    '',
    '\n',
    'Plain text.\n',
    '## Section\n\n* a\n* b\n',
    '{% hint style="info" %}\nNote\n{% endhint %}\n',
    '# Same\n\ntext',
    '---\nnot: frontmatter\n---\n',
  ),
  fc.string({ unit: 'grapheme', maxLength: 80 }).map((text) => text.replace(/\r/g, '')),
);
const flags = fc.dictionary(fc.constantFrom('title', 'description', 'tableOfContents', 'outline', 'pagination', 'metadata', 'cover'), fc.boolean(), {
  maxKeys: 4,
});
const text = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }).filter((s) => !s.includes('\r'));

const documentArb = (depth: number): fc.Arbitrary<GitPageNode> =>
  fc
    .record(
      {
        title: titleArb,
        slug: slugArb,
        markdown: markdownArb,
        description: text,
        icon: fc.constantFrom('rocket', 'book', 'gear', '12'),
        hidden: fc.constant(true as const),
        layout: flags,
        children: depth > 0 ? siblingsArb(depth - 1, 3) : fc.constant<GitPageNode[]>([]),
      },
      { requiredKeys: ['title', 'slug', 'markdown', 'children'] },
    )
    .map((page) => ({ kind: 'document' as const, ...page }));

const linkArb = fc
  .record({ title: titleArb, href: fc.webUrl() })
  .map(({ title, href }): GitPageNode => ({ kind: 'link', title, slug: slugify(title), href, children: [] }));

/** Siblings with distinct slugs (their files share a folder). */
const siblingsArb = (depth: number, max: number): fc.Arbitrary<GitPageNode[]> =>
  fc.array(fc.oneof({ weight: 4, arbitrary: documentArb(depth) }, { weight: 1, arbitrary: linkArb }), { maxLength: max }).map(distinctSlugs);

function distinctSlugs(pages: GitPageNode[]): GitPageNode[] {
  const seen = new Set<string>();
  return pages.filter((page) => page.kind === 'link' || (!seen.has(page.slug) && seen.add(page.slug)));
}

const groupArb = fc
  .record({ title: titleArb, slug: fc.option(slugArb, { nil: undefined }), children: siblingsArb(2, 4) })
  .map(({ title, slug, children }): GitPageNode => ({ kind: 'group', title, slug: slug ?? slugify(title), children }));

const filesArb = fc
  .uniqueArray(fc.stringMatching(/^[a-z0-9][a-z0-9 ()._-]{0,12}\.(?:png|svg|pdf)$/), { maxLength: 3 })
  .chain((names) =>
    fc.tuple(...names.sort().map((name) => fc.uint8Array({ maxLength: 64 }).map((bytes): GitFileEntry => ({ path: `.gitbook/assets/${name}`, bytes })))),
  );

export const treeArb: fc.Arbitrary<RepositoryTree> = fc
  .record({
    top: siblingsArb(2, 5),
    groups: fc.array(groupArb, { maxLength: 3 }),
    files: filesArb,
    redirects: fc.dictionary(
      text.filter((s) => s.trim() !== ''),
      text.filter((s) => s.trim() !== ''),
      { maxKeys: 3 },
    ),
    root: fc.option(fc.constantFrom('./docs/', 'docs', 'site/content'), { nil: undefined }),
    structure: fc.option(fc.constant({ readme: 'intro.md', summary: 'toc.md' }), { nil: undefined }),
  })
  .map(({ top, groups, files, redirects, root, structure }) => {
    // Top-level pages and group folders share the root folder: one slug each.
    const seen = new Set<string>();
    const unique = (page: GitPageNode) => page.kind === 'link' || (!seen.has(page.slug) && !!seen.add(page.slug));
    const tree: RepositoryTree = { pages: [...top.filter(unique), ...groups.filter(unique)], files, redirects };
    if (root) tree.root = root;
    if (structure) tree.structure = structure;
    return tree;
  });
