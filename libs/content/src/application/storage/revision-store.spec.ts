import { EventStore, ManualClock, NewEvent, PlatformConfig, ReadStore } from '@app/platform';
import { applyBatch } from '../../domain/content-batch';
import { keyBetween } from '../../domain/fractional-index';
import { PageEntry } from '../../domain/page';
import { PersistentMap } from '../../domain/persistent-map';
import { fixtureContext, insert } from '../../domain/test-fixtures';
import { ContentObjects } from './content-objects';
import { RevisionStore } from './revision-store';

/** Objects kept in memory; counts the objects appended. */
function memoryStore() {
  const streams = new Map<string, NewEvent[]>();
  let position = 0;
  const events = {
    async append(stream: string, list: NewEvent[]) {
      streams.set(stream, [...(streams.get(stream) ?? []), ...list]);
      return { nextRevision: streams.get(stream)!.length - 1, position: (position += list.length) };
    },
    async readStream(stream: string) {
      return (streams.get(stream) ?? []).map((e, revision) => ({ ...e, stream, revision, position: 0 }));
    },
  } as unknown as EventStore;
  const revisions = new RevisionStore(new ContentObjects(events, {} as ReadStore, new ManualClock(), new PlatformConfig()));
  return { revisions, written: () => position };
}

/*
 * Issue 20: inserting one page into a change request must cost what the change costs, not what
 * the space holds. A space of `size` root pages whose entries count every page whose fields
 * anything reads; after one batch on it (the write path's state once warm: the revision's
 * structure and children index are cached), a further one-page insert — the batch and the
 * commit — may read only the pages around the end of the sibling list and those of the one trie
 * leaf it rewrites, and writes the same few objects, whatever the size.
 */
async function oneInsert(size: number) {
  const { revisions, written } = memoryStore();
  const touched = new Set<string>();
  const pages = new Map<string, PageEntry>();
  for (let i = 0, order: string | null = null; i < size; i++) {
    const entry: PageEntry = {
      id: `s${i}`,
      parent: null,
      order: (order = keyBetween(order, null)),
      title: `Page ${i}`,
      slug: `page-${i}`,
      doc: 'h:',
      createdAt: '',
      updatedAt: '',
    };
    pages.set(
      entry.id,
      new Proxy(entry, {
        get: (t, k) => {
          touched.add(t.id);
          return t[k as keyof PageEntry];
        },
      }),
    );
  }
  const base = await revisions.commit({ base: await revisions.emptyRoot(), next: { pages, files: new Map() } });
  const ctx = fixtureContext('n');
  const warm = applyBatch(await revisions.structure(base, 'write'), [insert('First')], ctx);
  const head = await revisions.commit({ base, next: warm.structure, bodies: warm.bodies });

  touched.clear();
  const iterations = (['entries', 'keys', 'values', 'forEach'] as const).map((m) => jest.spyOn(PersistentMap.prototype, m));
  const before = written();
  const r = applyBatch(await revisions.structure(head, 'write'), [insert('Second', 'Body.')], ctx);
  const next = await revisions.commit({ base: head, next: r.structure, bodies: r.bodies });
  const objects = written() - before;
  const iterated = iterations.reduce((n, spy) => n + spy.mock.calls.length, 0);
  iterations.forEach((spy) => spy.mockRestore());

  const result = await revisions.structure(next, 'write');
  expect(result.pages.size).toBe(size + 2);
  expect([...(await revisions.changedPages(head, next, 'write'))]).toEqual(['n2']);
  return { touched: touched.size, objects, iterated };
}

describe('one page inserted into a large revision', () => {
  it('touches a bounded number of pages and writes a bounded number of objects, whatever the size', async () => {
    const small = await oneInsert(200);
    const large = await oneInsert(5000);
    // The pages of the rewritten trie leaf (at most 32) and the few a sibling search compares.
    expect(large.touched).toBeLessThanOrEqual(32 + 16);
    expect(small.touched).toBeLessThanOrEqual(32 + 16);
    // A body, the trie path (one leaf, a branch per 16-fold of size) and the root.
    expect(large.objects).toBeLessThanOrEqual(5);
    expect(large.objects - small.objects).toBeLessThanOrEqual(1);
    // Neither the batch nor the commit walks a page or file table (no copy, no full compare).
    expect(large.iterated).toBe(0);
  });
});
