import Database from 'better-sqlite3';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ReadStore, SqliteReadStore } from '@app/platform';
import { parseQuery } from '../domain/search-query';
import { SEARCH_PAGES, SEARCH_PROJECTION, SearchPageDoc } from './search-documents';
import { SqliteSearchIndex } from './sqlite-search-index';

const doc = (pageId: string, title: string, text: string): SearchPageDoc => ({
  id: `s:${pageId}`,
  spaceId: 's',
  pageId,
  title,
  description: '',
  path: pageId,
  ancestors: [],
  listed: true,
  conditions: [],
  sections: [{ anchor: null, title, text }],
});

async function commit(store: ReadStore, docs: SearchPageDoc[], generation?: number): Promise<void> {
  const cp = await store.checkpoint(SEARCH_PROJECTION);
  const gen = generation ?? cp.generation;
  const from = await store.generationCheckpoint(SEARCH_PROJECTION, gen);
  const writes = docs.map((d) => ({ kind: 'put' as const, collection: SEARCH_PAGES, doc: d }));
  if (!(await store.commit(SEARCH_PROJECTION, gen, from, from + 1, writes))) throw new Error('commit refused');
}

/** What only the embedded adapter does: prefixes, indexes made after the fact, generations of rebuilds. */
describe('SqliteSearchIndex', () => {
  let dir: string;
  let file: string;
  let store: SqliteReadStore;
  let index: SqliteSearchIndex;
  const ids = async (text: string) =>
    (await index.rank({ query: parseQuery(text, true)!, spaceIds: ['s'], listedOnly: false, limit: 10 })).pages.map((p) => p.id);

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sqlite-search-'));
    file = path.join(dir, 'read-models.sqlite');
    store = new SqliteReadStore(file);
    await store.defineProjection(SEARCH_PROJECTION, [{ name: SEARCH_PAGES }]);
    index = new SqliteSearchIndex(file, store);
  });
  afterEach(async () => {
    await index.close();
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('matches the last word as a prefix (search as you type)', async () => {
    await commit(store, [doc('a', 'Getting started', 'Install the command line tools.')]);
    expect(await ids('getting sta')).toEqual(['s:a']);
    expect(await ids('comm line')).toEqual([]);
    expect(await ids('command lin')).toEqual(['s:a']);
  });

  it('indexes the rows written before its text index existed, in the same step as its triggers', async () => {
    await commit(store, [doc('a', 'Before', 'written before the index')]);
    const raw = new Database(file, { readonly: true });
    const tables = () => raw.prepare("SELECT name FROM sqlite_master WHERE name LIKE 'fts_search_pages_g1%' AND type IN ('table', 'trigger')").pluck().all();
    expect(tables()).toEqual([]);
    expect(await ids('before')).toEqual(['s:a']);
    expect(tables()).toEqual(expect.arrayContaining(['fts_search_pages_g1', 'fts_search_pages_g1_ai', 'fts_search_pages_g1_au', 'fts_search_pages_g1_ad']));
    await commit(store, [doc('b', 'After', 'written after the index')]);
    expect(await ids('written')).toEqual(expect.arrayContaining(['s:a', 's:b']));
    raw.close();
  });

  it('waits for the lock without blocking the event loop while another connection writes', async () => {
    await commit(store, [doc('a', 'Locked', 'a busy database')]);
    const other = new Database(file);
    other.exec('BEGIN IMMEDIATE');
    let answered = false;
    const pending = ids('busy').then((r) => {
      answered = true;
      return r;
    });
    await new Promise((r) => setTimeout(r, 100));
    // The event loop ran (this line), and the search waits for the lock.
    expect(answered).toBe(false);
    other.exec('COMMIT');
    other.close();
    expect(await pending).toEqual(['s:a']);
  });

  it("gives a rebuild's generation its own index, and drops the index of a dropped generation", async () => {
    await commit(store, [doc('a', 'Live', 'old text')]);
    expect(await ids('old')).toEqual(['s:a']);
    const g2 = await store.createGeneration(SEARCH_PROJECTION);
    await index.prepareAll();
    await commit(store, [doc('a', 'Rebuilt', 'new text')], g2);
    await commit(store, [], g2);
    expect(await store.activateGeneration(SEARCH_PROJECTION, g2)).toBe(true);
    expect(await ids('new')).toEqual(['s:a']);
    expect(await ids('old')).toEqual([]);
    const g3 = await store.createGeneration(SEARCH_PROJECTION); // drops generation 1
    await index.prepareAll();
    const raw = new Database(file, { readonly: true });
    const tables = raw.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name GLOB 'ft[sm]_search_pages_g[0-9]'").pluck().all();
    raw.close();
    expect((tables as string[]).sort()).toEqual(
      [`fts_search_pages_g${g2}`, `fts_search_pages_g${g3}`, `ftm_search_pages_g${g2}`, `ftm_search_pages_g${g3}`].sort(),
    );
  });
});
