import { given } from '@app/platform/testing/given';
import { PageEntry, Structure } from '../../domain/page';
import { PersistentMap } from '../../domain/persistent-map';
import { SpaceLocked, spaceContentDecider, SpaceContentCommand } from '../../domain/space-content.decider';
import { SpaceContentEvent } from '../../domain/change-request.events';
import { ImportedContent, importStructure } from './import-revision.structure';

const T0 = '2026-01-01T00:00:00.000Z';
const initial = { revision: 'r0', root: 'root0' };
const git = { oid: 'c1', message: 'Initial', ref: 'refs/heads/main', createdByService: false };
const cmd = (over: Partial<Extract<SpaceContentCommand, { type: 'ImportRevision' }>> = {}): SpaceContentCommand => ({
  type: 'ImportRevision',
  spaceId: 's1',
  initial,
  locked: false,
  against: 'r0',
  revision: 'r1',
  root: 'root1',
  git,
  standalone: false,
  ...over,
});
const init: SpaceContentEvent = { type: 'SpaceContentInitialized', data: { spaceId: 's1', ...initial, createdAt: T0 } };

describe('ImportRevision (space content decider)', () => {
  it('writes the import as main’s new revision with its commit', () => {
    given(spaceContentDecider, init)
      .whenCommand(cmd(), new Date(T0))
      .then([
        { type: 'SpaceContentRevised', data: { spaceId: 's1', revision: 'r1', root: 'root1', parents: ['r0'], reason: 'git-import', git, createdAt: T0 } },
      ]);
  });
  it('standalone: a revision main does not move to (also in a locked space)', () => {
    given(spaceContentDecider, init)
      .whenCommand(cmd({ standalone: true, locked: true }), new Date(T0))
      .then([{ type: 'SpaceRevisionImported', data: { spaceId: 's1', revision: 'r1', root: 'root1', parents: ['r0'], git, createdAt: T0 } }]);
    const s = given(spaceContentDecider, init, {
      type: 'SpaceRevisionImported',
      data: { spaceId: 's1', revision: 'r1', root: 'root1', parents: ['r0'], git, createdAt: T0 },
    }).state;
    expect(s.head).toEqual(initial);
  });
  it('refuses a locked space (412) and writes a resumed import only once', () => {
    given(spaceContentDecider, init)
      .whenCommand(cmd({ locked: true }), new Date(T0))
      .thenThrows(SpaceLocked);
    const done: SpaceContentEvent = {
      type: 'SpaceContentRevised',
      data: { spaceId: 's1', revision: 'r1', root: 'root1', parents: ['r0'], reason: 'git-import', git, createdAt: T0 },
    };
    given(spaceContentDecider, init, done)
      .whenCommand(cmd({ against: 'r1' }), new Date(T0))
      .thenNothing();
  });
});

describe('importStructure', () => {
  let n = 0;
  const ctx = { now: '2026-02-01T00:00:00.000Z', newId: () => `new${++n}`, hashBody: (b: string) => `h:${b}`, hashBytes: (b: string) => `b:${b}` };
  const page = (id: string, over: Partial<PageEntry>): PageEntry => ({
    id,
    parent: null,
    order: 'a0',
    title: id,
    slug: id,
    doc: `h:${id}`,
    createdAt: T0,
    updatedAt: T0,
    ...over,
  });
  const content = (setupPath: string): ImportedContent => ({
    pages: [
      {
        kind: 'document',
        title: 'Guides',
        slug: 'guides',
        markdown: 'G',
        git: { oid: 'o1', path: 'guides/README.md' },
        children: [{ kind: 'document', title: 'Setup', slug: 'setup', markdown: 'S', git: { oid: 'o2', path: setupPath }, children: [] }],
      },
      { kind: 'group', title: 'Reference', slug: 'reference', children: [{ kind: 'link', title: 'API', slug: 'api', href: 'https://x.dev', children: [] }] },
    ],
    files: [{ name: 'logo.png', contentType: 'image/png', base64: 'AAAA', size: 3, git: { oid: 'o3', path: '.gitbook/assets/logo.png' } }],
  });

  it('keeps ids by git path, then by slug path; unchanged pages keep their very entry; others go', () => {
    const guides = page('P1', { title: 'Guides', slug: 'guides', order: 'a0', doc: 'h:G', git: { oid: 'o1', path: 'guides/README.md' } });
    const setup = page('P2', { parent: 'P1', title: 'Old', slug: 'setup', order: 'a0', doc: 'h:old' });
    const gone = page('P3', { slug: 'gone', order: 'a1' });
    const base: Structure = {
      pages: PersistentMap.of([
        ['P1', guides],
        ['P2', setup],
        ['P3', gone],
      ]),
      files: PersistentMap.empty(),
    };
    const { structure, bodies, blobs } = importStructure(base, content('guides/setup.md'), ctx);
    const pages = [...structure.pages.values()];
    expect(structure.pages.get('P1')).toBe(guides); // same git path, same fields: untouched
    expect(structure.pages.get('P2')).toMatchObject({
      parent: 'P1',
      title: 'Setup',
      doc: 'h:S',
      git: { oid: 'o2', path: 'guides/setup.md' },
      createdAt: T0,
      updatedAt: ctx.now,
    });
    expect(structure.pages.has('P3')).toBe(false);
    expect(pages.map((p) => p.title).sort()).toEqual(['API', 'Guides', 'Reference', 'Setup']);
    expect(pages.find((p) => p.title === 'API')?.doc).toBe('h:[API](https://x.dev)\n');
    expect(bodies.get('h:S')).toBe('S');
    expect([...structure.files.values()]).toEqual([
      expect.objectContaining({ name: 'logo.png', blob: 'b:AAAA', git: { oid: 'o3', path: '.gitbook/assets/logo.png' } }),
    ]);
    expect(blobs.get('b:AAAA')).toBe('AAAA');
    // A second import of the same content changes no entry.
    const again = importStructure(structure, content('guides/setup.md'), ctx);
    for (const [id, p] of structure.pages) if (p.git) expect(again.structure.pages.get(id)).toBe(p);
  });
});
