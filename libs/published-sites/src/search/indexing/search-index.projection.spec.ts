import { NotFound } from '@app/platform';
import { projectionOf } from '@app/platform/testing/projection-spec';
import { GetReaderContentQuery, GetReaderPageQuery, ReaderContent, ReaderPage } from '@app/content';
import { ContentEvents } from '@app/content/contracts';
import { SpaceEvents } from '@app/spaces/contracts';
import { SEARCH_PAGES, SEARCH_SPACES, SEARCH_STAMPS } from '../index/search-documents';
import { searchIndexProjection } from './search-index.projection';

const p = (id: string, fields: Partial<ReaderPage> = {}): ReaderPage => ({
  id,
  parentId: null,
  depth: 0,
  kind: 'sheet',
  title: id.toUpperCase(),
  description: null,
  emoji: null,
  path: id,
  href: null,
  hidden: false,
  noIndex: false,
  noRobotsIndex: false,
  condition: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...fields,
});

/** Content by revision, and who read which body. */
function fakeContent(revisions: Record<string, ReaderPage[]>) {
  const reads: string[] = [];
  const bus = {
    execute: async (q: unknown): Promise<unknown> => {
      if (q instanceof GetReaderContentQuery) {
        const pages = revisions[q.revisionId!];
        if (!pages) throw new NotFound(`No revision ${q.revisionId}`);
        return { spaceId: q.spaceId, revisionId: q.revisionId!, pages } satisfies ReaderContent;
      }
      if (q instanceof GetReaderPageQuery) {
        reads.push(`${q.revisionId}/${q.pageId}`);
        const page = revisions[q.revisionId].find((x) => x.id === q.pageId)!;
        return {
          pageId: q.pageId,
          revisionId: q.revisionId,
          markdown: '',
          html: '',
          headings: [],
          sections: [
            { anchor: null, title: page.title, text: `Body of ${page.id}\n\n  at ${page.updatedAt}` },
            { anchor: 'more', title: 'More', text: 'details' },
          ],
        };
      }
      throw new Error(`unexpected query ${String(q)}`);
    },
  };
  return { bus: bus as never, reads };
}

const created = { type: SpaceEvents.SpaceCreated, data: { spaceId: 's1', organizationId: 'o1', revision: 'r0', duplicatedFrom: null, createdAt: '' } };
const head = (type: string, revision: string) => ({ type, data: { spaceId: 's1', revision } });

describe('search-index projection', () => {
  const r1 = [
    p('guide', { kind: 'group' }),
    p('intro', { parentId: 'guide', depth: 1, path: 'guide/intro', description: 'Start here' }),
    p('secret', { hidden: true }),
    p('under', { parentId: 'secret', depth: 1, path: 'secret/under', condition: 'visitor.claims.pro' }),
    p('deep', { parentId: 'under', depth: 2, path: 'secret/under/deep', condition: 'visitor.claims.beta' }),
    p('link', { kind: 'link', href: 'https://example.com' }),
    p('gone'),
  ];
  const later = '2026-02-01T00:00:00.000Z';
  const r2 = [
    p('guide', { kind: 'group', title: 'Guides' }), // renamed: its children's ancestors change
    p('intro', { parentId: 'guide', depth: 1, path: 'guide/intro', description: 'Start here' }),
    p('secret', { hidden: true }),
    p('under', { parentId: 'secret', depth: 1, path: 'secret/under', condition: 'visitor.claims.pro', updatedAt: later }),
    p('deep', { parentId: 'under', depth: 2, path: 'secret/under/deep', condition: 'visitor.claims.beta' }),
    p('new'),
  ];

  it('indexes the documents of a new head, with their ancestors, listing and inherited conditions', async () => {
    const { bus, reads } = fakeContent({ r1 });
    const docs = await projectionOf(searchIndexProjection(bus), [created, head(ContentEvents.SpaceContentInitialized, 'r1')]);
    expect(docs[SEARCH_PAGES].map((d) => d.id)).toEqual(['s1:deep', 's1:gone', 's1:intro', 's1:secret', 's1:under']);
    expect(docs[SEARCH_PAGES].find((d) => d.id === 's1:intro')).toEqual({
      id: 's1:intro',
      spaceId: 's1',
      pageId: 'intro',
      title: 'INTRO',
      description: 'Start here',
      path: 'guide/intro',
      ancestors: ['GUIDE'],
      listed: true,
      conditions: [],
      sections: [
        { anchor: null, title: 'INTRO', text: 'Body of intro at 2026-01-01T00:00:00.000Z' },
        { anchor: 'more', title: 'More', text: 'details' },
      ],
    });
    expect(docs[SEARCH_PAGES].find((d) => d.id === 's1:deep')).toMatchObject({
      ancestors: ['SECRET', 'UNDER'],
      listed: false,
      conditions: ['visitor.claims.pro', 'visitor.claims.beta'],
    });
    expect(docs[SEARCH_SPACES]).toEqual([expect.objectContaining({ id: 's1', organizationId: 'o1', revision: 'r1' })]);
    // Two runs of projectionOf (the replay check): each read every document's body once.
    expect(reads.sort()).toEqual(['r1/deep', 'r1/deep', 'r1/gone', 'r1/gone', 'r1/intro', 'r1/intro', 'r1/secret', 'r1/secret', 'r1/under', 'r1/under']);
  });

  it('reads only bodies that changed on a merge, rewrites pages whose metadata changed, and drops removed pages', async () => {
    const { bus, reads } = fakeContent({ r1, r2 });
    const docs = await projectionOf(searchIndexProjection(bus), [
      created,
      head(ContentEvents.SpaceContentInitialized, 'r1'),
      head(ContentEvents.SpaceContentMerged, 'r2'),
      // The same head again (a redelivery) changes nothing.
      head(ContentEvents.SpaceContentMerged, 'r2'),
    ]);
    const r2reads = reads.filter((r) => r.startsWith('r2/')).sort();
    expect(r2reads).toEqual(['r2/new', 'r2/new', 'r2/under', 'r2/under']);
    expect(docs[SEARCH_PAGES].map((d) => d.id)).toEqual(['s1:deep', 's1:intro', 's1:new', 's1:secret', 's1:under']);
    expect(docs[SEARCH_PAGES].find((d) => d.id === 's1:intro')).toMatchObject({
      ancestors: ['Guides'],
      sections: [{ text: 'Body of intro at 2026-01-01T00:00:00.000Z' }, {}],
    });
    expect(docs[SEARCH_PAGES].find((d) => d.id === 's1:under')).toMatchObject({ sections: [{ text: `Body of under at ${later}` }, {}] });
    expect(docs[SEARCH_SPACES][0]).toMatchObject({ revision: 'r2' });
  });

  it('compares bodies by bodyVersion when content gives one (a reusable content changes it, not updatedAt)', async () => {
    const v1 = [p('a', { bodyVersion: 'doc1' }), p('b', { bodyVersion: 'doc2' })];
    const v2 = [p('a', { bodyVersion: 'doc1', updatedAt: later }), p('b', { bodyVersion: 'doc2.reusables2' })];
    const { bus, reads } = fakeContent({ v1, v2 });
    await projectionOf(searchIndexProjection(bus), [created, head(ContentEvents.SpaceContentInitialized, 'v1'), head(ContentEvents.SpaceContentMerged, 'v2')]);
    expect(reads.filter((r) => r.startsWith('v2/'))).toEqual(['v2/b', 'v2/b']);
  });

  it('follows a space to its new organization, and forgets it when purged', async () => {
    const { bus } = fakeContent({ r1 });
    const moved = await projectionOf(searchIndexProjection(bus), [
      created,
      head(ContentEvents.SpaceContentInitialized, 'r1'),
      { type: SpaceEvents.SpaceTransferred, data: { spaceId: 's1', from: 'o1', to: 'o2' } },
    ]);
    expect(moved[SEARCH_SPACES]).toEqual([expect.objectContaining({ organizationId: 'o2' })]);
    const purged = await projectionOf(searchIndexProjection(bus), [
      created,
      head(ContentEvents.SpaceContentInitialized, 'r1'),
      { type: SpaceEvents.SpacePurged, data: { spaceId: 's1', organizationId: 'o1' } },
    ]);
    expect(purged).toEqual({ [SEARCH_PAGES]: [], [SEARCH_SPACES]: [], [SEARCH_STAMPS]: [] });
  });

  it('indexes nothing of a revision whose content is gone', async () => {
    const { bus } = fakeContent({ r1 });
    const docs = await projectionOf(searchIndexProjection(bus), [
      created,
      head(ContentEvents.SpaceContentInitialized, 'r1'),
      head(ContentEvents.SpaceContentRevised, 'purged'),
    ]);
    expect(docs[SEARCH_PAGES]).toEqual([]);
    expect(docs[SEARCH_SPACES][0]).toMatchObject({ revision: 'purged' });
    expect(docs[SEARCH_STAMPS]).toEqual([{ id: 's1', pages: {} }]);
  });
});
