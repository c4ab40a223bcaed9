import { FileEntry, PageEntry, ReusableEntry, Structure } from './page';
import { PersistentMap } from './persistent-map';
import { semanticChanges } from './semantic-changes';

// Hand-built revisions: a page table, a file table and a reusable-content table per revision.
const at = '2026-01-01T00:00:00.000Z';
const page = (id: string, parent: string | null, order: string, over: Partial<PageEntry> = {}): PageEntry => ({
  id,
  parent,
  order,
  title: id.toUpperCase(),
  slug: id,
  doc: `doc-${id}`,
  createdAt: at,
  updatedAt: at,
  ...over,
});
const file = (id: string, over: Partial<FileEntry> = {}): FileEntry => ({
  id,
  name: `${id}.png`,
  contentType: 'image/png',
  size: 10,
  blob: `blob-${id}`,
  createdAt: at,
  ...over,
});
const reusable = (id: string, over: Partial<ReusableEntry> = {}): ReusableEntry => ({ id, title: id, doc: `doc-${id}`, createdAt: at, updatedAt: at, ...over });
const rev = (pages: PageEntry[], files: FileEntry[] = [], reusables: ReusableEntry[] = []): Structure => ({
  pages: PersistentMap.of(pages.map((p) => [p.id, p] as const)),
  files: PersistentMap.of(files.map((f) => [f.id, f] as const)),
  reusables: PersistentMap.of(reusables.map((r) => [r.id, r] as const)),
});

const base = rev([page('a', null, 'a0'), page('b', null, 'a1'), page('c', 'a', 'a0')], [file('f1')], [reusable('r1')]);

describe('semantic changes between a revision and its parent', () => {
  it('no change, no entries', () => {
    expect(semanticChanges(base, base)).toEqual([]);
  });

  it('a created page, with its path in the new revision', () => {
    const after = rev([...base.pages.values(), page('d', 'b', 'a0')], [...base.files.values()], [...base.reusables!.values()]);
    expect(semanticChanges(base, after)).toEqual([{ type: 'page_created', page: { id: 'd', type: 'document', title: 'D', path: 'b/d' } }]);
  });

  it('deleted pages (a subtree: each of its pages), with their paths in the parent revision', () => {
    const after = rev([page('b', null, 'a1')], [...base.files.values()], [...base.reusables!.values()]);
    expect(semanticChanges(base, after)).toEqual([
      { type: 'page_deleted', page: { id: 'a', type: 'document', title: 'A', path: 'a' } },
      { type: 'page_deleted', page: { id: 'c', type: 'document', title: 'C', path: 'a/c' } },
    ]);
  });

  it('an edited page: renamed (title and slug), new body, emoji added, description removed', () => {
    const before = rev([page('a', null, 'a0', { description: 'Old' }), page('b', null, 'a1')]);
    const after = rev([page('a', null, 'a0', { title: 'Alpha', slug: 'alpha', doc: 'doc-a2', emoji: '1f600' }), page('b', null, 'a1')]);
    expect(semanticChanges(before, after)).toEqual([
      {
        type: 'page_edited',
        page: { id: 'a', type: 'document', title: 'Alpha', path: 'alpha' },
        attributes: {
          title: { before: 'A', after: 'Alpha' },
          slug: { before: 'a', after: 'alpha' },
          document: { before: 'doc-a', after: 'doc-a2' },
          emoji: { after: '1f600' },
          description: { before: 'Old' },
        },
      },
    ]);
  });

  it('a page moved to another parent names both parents; a root parent is left out', () => {
    const after = rev([page('a', null, 'a0'), page('b', null, 'a1'), page('c', 'b', 'a0')]);
    const before = rev([page('a', null, 'a0'), page('b', null, 'a1'), page('c', 'a', 'a0')]);
    expect(semanticChanges(before, after)).toEqual([
      {
        type: 'page_moved',
        page: { id: 'c', type: 'document', title: 'C', path: 'b/c' },
        parent: { before: { id: 'a', type: 'document', title: 'A', path: 'a' }, after: { id: 'b', type: 'document', title: 'B', path: 'b' } },
      },
    ]);
    const toRoot = rev([page('a', null, 'a0'), page('b', null, 'a1'), page('c', null, 'a2')]);
    expect(semanticChanges(before, toRoot)).toEqual([
      {
        type: 'page_moved',
        page: { id: 'c', type: 'document', title: 'C', path: 'c' },
        parent: { before: { id: 'a', type: 'document', title: 'A', path: 'a' } },
      },
    ]);
  });

  it('a page reordered among its siblings is moved (same parent); moved and renamed gives both entries', () => {
    const before = rev([page('a', null, 'a0'), page('b', null, 'a1')]);
    const after = rev([page('a', null, 'a2', { title: 'Last' }), page('b', null, 'a1')]);
    expect(semanticChanges(before, after)).toEqual([
      { type: 'page_edited', page: { id: 'a', type: 'document', title: 'Last', path: 'a' }, attributes: { title: { before: 'A', after: 'Last' } } },
      { type: 'page_moved', page: { id: 'a', type: 'document', title: 'Last', path: 'a' }, parent: {} },
    ]);
  });

  it('a change to a field the reference cannot show (hidden) is no semantic change', () => {
    const after = rev(
      [page('a', null, 'a0', { hidden: true }), page('b', null, 'a1'), page('c', 'a', 'a0')],
      [...base.files.values()],
      [...base.reusables!.values()],
    );
    expect(semanticChanges(base, after)).toEqual([]);
  });

  it('pages in table-of-contents order of the new revision, then deleted pages, then files, then reusable contents', () => {
    const after = rev(
      [page('b', null, 'a1', { title: 'Bee' }), page('e', null, 'a0'), page('c', 'b', 'a0')],
      [file('f1', { name: 'renamed.png', contentType: 'image/jpeg', size: 12, blob: 'blob-2', dimensions: { width: 2, height: 1 } }), file('f2')],
      [reusable('r2')],
    );
    const before = rev([...base.pages.values()], [file('f1'), file('f3')], [reusable('r1')]);
    expect(semanticChanges(before, after).map((c) => `${c.type} ${'page' in c ? c.page.id : 'file' in c ? c.file.id : c.reusableContent.id}`)).toEqual([
      'page_created e',
      'page_edited b',
      'page_moved c',
      'page_deleted a',
      'file_created f2',
      'file_edited f1',
      'file_deleted f3',
      'reusable_content_created r2',
      'reusable_content_deleted r1',
    ]);
    const edited = semanticChanges(before, after).find((c) => c.type === 'file_edited');
    expect(edited).toMatchObject({
      attributes: {
        name: { before: 'f1.png', after: 'renamed.png' },
        contentType: { before: 'image/png', after: 'image/jpeg' },
        size: { before: 10, after: 12 },
        dimensions: { after: { width: 2, height: 1 } },
      },
      previous: { blob: 'blob-f1' },
    });
  });

  it('an edited reusable content: title and document', () => {
    const after = rev([...base.pages.values()], [...base.files.values()], [reusable('r1', { title: 'Snippet', doc: 'doc-r1b' })]);
    expect(semanticChanges(base, after)).toEqual([
      {
        type: 'reusable_content_edited',
        reusableContent: { id: 'r1', title: 'Snippet', document: 'doc-r1b' },
        attributes: { title: { before: 'r1', after: 'Snippet' }, document: { before: 'doc-r1', after: 'doc-r1b' } },
      },
    ]);
  });

  it('the first revision of a space is compared with empty content; revisions without a reusable table have none', () => {
    const empty: Structure = { pages: new Map(), files: new Map() };
    expect(semanticChanges(empty, rev([page('a', null, 'a0')])).map((c) => c.type)).toEqual(['page_created']);
    expect(semanticChanges(base, { pages: base.pages, files: base.files })).toEqual([
      { type: 'reusable_content_deleted', reusableContent: { id: 'r1', title: 'r1', document: 'doc-r1' } },
    ]);
  });
});
