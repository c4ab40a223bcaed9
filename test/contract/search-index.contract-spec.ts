/**
 * One contract for every SearchIndex adapter, each over its read store: SQLite FTS5 over the
 * embedded read-store file always, the MongoDB text index when MONGODB_URI points at a replica
 * set (a database of its own, dropped after). Documents reach the index the way the
 * search-index projection writes them: commits of the read store, with the checkpoint.
 */
import { randomBytes } from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ReadStore, SqliteReadStore } from '@app/platform';
import { parseQuery, SearchQuery } from '../../libs/published-sites/src/search/domain/search-query';
import { SEARCH_PAGES, SEARCH_PROJECTION, SEARCH_SPACES, SearchPageDoc } from '../../libs/published-sites/src/search/index/search-documents';
import { RankQuery, SearchIndex } from '../../libs/published-sites/src/search/index/search-index.port';
import { SqliteSearchIndex } from '../../libs/published-sites/src/search/index/sqlite-search-index';

interface Harness {
  store: ReadStore;
  index: SearchIndex;
  cleanup(): Promise<void>;
}

const COLLECTIONS = [
  { name: SEARCH_PAGES, indexes: [['spaceId']] },
  { name: SEARCH_SPACES, indexes: [['organizationId']] },
];

export const page = (spaceId: string, pageId: string, fields: Partial<SearchPageDoc> & { text?: string } = {}): SearchPageDoc => {
  const { text, ...rest } = fields;
  return {
    id: `${spaceId}:${pageId}`,
    spaceId,
    pageId,
    title: `Page ${pageId}`,
    description: '',
    path: pageId,
    ancestors: [],
    listed: true,
    conditions: [],
    sections: [{ anchor: null, title: `Page ${pageId}`, text: text ?? '' }],
    ...rest,
  };
};

/** Writes as the projection runner does: one commit moving the checkpoint. */
async function commit(store: ReadStore, puts: SearchPageDoc[], deletes: string[] = [], generation?: number): Promise<void> {
  const cp = await store.checkpoint(SEARCH_PROJECTION);
  const gen = generation ?? cp.generation;
  const from = generation === undefined ? cp.position : await store.generationCheckpoint(SEARCH_PROJECTION, gen);
  const writes = [
    ...puts.map((doc) => ({ kind: 'put' as const, collection: SEARCH_PAGES, doc })),
    ...deletes.map((id) => ({ kind: 'delete' as const, collection: SEARCH_PAGES, id })),
  ];
  if (!(await store.commit(SEARCH_PROJECTION, gen, from, from + 1, writes))) throw new Error('commit refused');
}

function runSearchIndexContract(name: string, open: () => Promise<Harness>): void {
  describe(`${name} search index contract`, () => {
    let h: Harness;
    const q = (text: string): SearchQuery => parseQuery(text, h.index.matchesPrefixes)!;
    const rank = (text: string, o: Partial<RankQuery> = {}) => h.index.rank({ query: q(text), spaceIds: ['s1', 's2'], listedOnly: false, limit: 100, ...o });
    const ids = async (text: string, o: Partial<RankQuery> = {}) => (await rank(text, o)).pages.map((p) => p.id);

    beforeAll(async () => {
      h = await open();
      await h.store.defineProjection(SEARCH_PROJECTION, COLLECTIONS);
      await commit(h.store, [
        page('s1', 'install', { title: 'Installation', text: 'Download the installer and run it. Then configure your API token.' }),
        page('s1', 'token', {
          title: 'API tokens',
          description: 'Create and rotate tokens',
          sections: [
            { anchor: null, title: 'API tokens', text: 'Tokens authenticate the API.' },
            { anchor: 'rotate', title: 'Rotating a token', text: 'Rotate the token every month. A token never expires by itself.' },
          ],
        }),
        page('s1', 'cafe', { title: 'Café', text: 'Ordering a CAFÉ au lait, naïvely.' }),
        page('s1', 'hidden', { title: 'Secret plans', text: 'The token of the hidden page.', listed: false }),
        page('s2', 'other', { title: 'Elsewhere', text: 'Another space mentions the token once.' }),
        page('s3', 'foreign', { title: 'Token', text: 'A space nobody asked about: token token token.' }),
      ]);
    }, 60_000);
    afterAll(async () => h?.cleanup());

    it('finds pages holding every term, whole words, whatever their case and accents', async () => {
      expect(await ids('download installer')).toEqual(['s1:install']);
      expect(await ids('download nothing')).toEqual([]);
      expect(await ids('cafe au lait')).toEqual(['s1:cafe']);
      expect(await ids('NAIVELY')).toEqual(['s1:cafe']);
    });

    it('ranks a page whose title holds the terms above one whose text mentions them', async () => {
      const r = await rank('token');
      expect(r.pages[0].id).toBe('s1:token');
      expect(new Set(r.pages.map((p) => p.id))).toEqual(new Set(['s1:token', 's1:install', 's1:hidden', 's2:other']));
      for (let i = 1; i < r.pages.length; i++) expect(r.pages[i - 1].score).toBeGreaterThanOrEqual(r.pages[i].score);
      expect(r.total).toBe(4);
    });

    it('searches only the spaces asked for, and only listed pages when asked', async () => {
      expect(await ids('token', { spaceIds: ['s2'] })).toEqual(['s2:other']);
      expect(await ids('token', { spaceIds: [] })).toEqual([]);
      expect((await ids('token', { listedOnly: true })).sort()).toEqual(['s1:install', 's1:token', 's2:other']);
      expect(await ids('plans', { listedOnly: true })).toEqual([]);
    });

    it('pages by keyset without skipping or repeating, and counts every match', async () => {
      const all = await rank('token');
      const seen: string[] = [];
      let after: RankQuery['after'];
      for (;;) {
        const r = await rank('token', { limit: 1, after });
        expect(r.total).toBe(4);
        if (r.pages.length === 0) break;
        seen.push(r.pages[0].id);
        after = [r.pages[0].score, r.pages[0].id];
      }
      expect(seen).toEqual(all.pages.map((p) => p.id));
      expect(await rank('token', { limit: 0 })).toEqual({ pages: [], total: 4 });
    });

    it('carries the conditions of a page', async () => {
      await commit(h.store, [page('s2', 'pro', { title: 'Pro features', conditions: ['visitor.claims.plan === "pro"'] })]);
      expect((await rank('pro features')).pages).toEqual([
        expect.objectContaining({ id: 's2:pro', spaceId: 's2', conditions: ['visitor.claims.plan === "pro"'] }),
      ]);
    });

    it('follows later commits: changed pages are found by their new text only, deleted ones no longer', async () => {
      await commit(h.store, [page('s1', 'install', { title: 'Setup', text: 'Use the package manager.' })], ['s2:other']);
      expect(await ids('installer')).toEqual([]);
      expect(await ids('package manager')).toEqual(['s1:install']);
      expect(await ids('token', { spaceIds: ['s2'] })).toEqual([]);
    });

    it('treats the syntax of query languages as words', async () => {
      for (const text of ['"token', 'token AND', 'NEAR(token api)', 'token*', '-token', 'title:token', '$where', "token' OR 1=1 --"]) {
        const r = await rank(text);
        expect(r.total).toBeGreaterThanOrEqual(0);
      }
      expect(await ids('title:token')).toEqual([]);
    });

    it('switches to a rebuilt generation with the read model', async () => {
      const generation = await h.store.createGeneration(SEARCH_PROJECTION);
      await commit(h.store, [page('s1', 'fresh', { title: 'Rebuilt', text: 'Only the new generation has this zebra.' })], [], generation);
      // The live generation's checkpoint is ahead: catch up as a rebuild does, then switch.
      const live = (await h.store.checkpoint(SEARCH_PROJECTION)).position;
      for (let at = await h.store.generationCheckpoint(SEARCH_PROJECTION, generation); at < live; at++) await commit(h.store, [], [], generation);
      expect(await ids('zebra')).toEqual([]);
      expect(await h.store.activateGeneration(SEARCH_PROJECTION, generation)).toBe(true);
      expect(await ids('zebra')).toEqual(['s1:fresh']);
      expect(await ids('token')).toEqual([]);
    });
  });
}

runSearchIndexContract('SQLite FTS5', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-contract-'));
  const file = path.join(dir, 'read-models.sqlite');
  const store = new SqliteReadStore(file);
  const index = new SqliteSearchIndex(file, store);
  return {
    store,
    index,
    cleanup: async () => {
      await index.close();
      await store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
});

const mongoUri = process.env.MONGODB_URI;
if (mongoUri) {
  runSearchIndexContract('MongoDB text index', async () => {
    const database = `search_contract_${randomBytes(4).toString('hex')}`;
    const { MongoReadStore } = await import('@app/platform/read-store/mongo-read-store');
    const { MongoSearchIndex } = await import('../../libs/published-sites/src/search/index/mongo-search-index');
    const store = await MongoReadStore.connect(mongoUri, database);
    const index = await MongoSearchIndex.connect(mongoUri, database, store);
    return {
      store,
      index,
      cleanup: async () => {
        const { MongoClient } = await import('mongodb');
        const client = await MongoClient.connect(mongoUri);
        await client.db(database).dropDatabase();
        await client.close();
        await index.close();
        await store.close();
      },
    };
  });
} else {
  it('MongoDB search index: SKIPPED — MONGODB_URI is not set', () => {
    console.warn('search index contract on MongoDB: SKIPPED — MONGODB_URI is not set');
  });
}
