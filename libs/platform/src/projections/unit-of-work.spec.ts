import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Doc } from '../read-store/read-store.port';
import { SqliteReadStore } from '../read-store/sqlite-read-store';
import { UnitOfWork } from './unit-of-work';

describe('unit of work', () => {
  let dir: string;
  let store: SqliteReadStore;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uow-'));
    store = new SqliteReadStore(path.join(dir, 'r.sqlite'));
    await store.defineProjection('p', [{ name: 'items', indexes: [['group']] }]);
    const stored: Doc[] = [
      { id: 'a', group: 'x', n: 1 },
      { id: 'b', group: 'x', n: 2 },
      { id: 'c', group: 'y', n: 3 },
    ];
    expect(
      await store.commit(
        'p',
        1,
        0,
        1,
        stored.map((doc) => ({ kind: 'put' as const, collection: 'items', doc })),
      ),
    ).toBe(true);
  });
  afterEach(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const ids = (docs: Doc[]) => docs.map((d) => d.id);

  it('finds stored and buffered documents as they are now: changed, moved out, deleted, new', async () => {
    const uow = new UnitOfWork(store, 1);
    expect(ids(await uow.find('items', { group: 'x' }))).toEqual(['a', 'b']);
    uow.put('items', { id: 'a', group: 'x', n: 10 });
    uow.put('items', { id: 'b', group: 'y', n: 2 });
    uow.delete('items', 'c');
    uow.put('items', { id: 'd', group: 'x', n: 0 });
    uow.put('items', { id: 'e', group: 'z', n: 5 });
    expect(await uow.find('items', { group: 'x' })).toEqual([
      { id: 'a', group: 'x', n: 10 },
      { id: 'd', group: 'x', n: 0 },
    ]);
    expect(ids(await uow.find('items', { group: 'y' }))).toEqual(['b']);
    // Operators and no filter at all go through every buffered document.
    expect(ids(await uow.find('items', { group: { $in: ['y', 'z'] } }))).toEqual(['b', 'e']);
    expect(ids(await uow.find('items', {}, { sort: [['n', -1]], limit: 3 }))).toEqual(['a', 'e', 'b']);
    // Keeps up with writes after its first find on a field.
    uow.put('items', { id: 'e', group: 'x', n: 5 });
    expect(ids(await uow.find('items', { group: 'x' }))).toEqual(['a', 'd', 'e']);
    expect(ids(await uow.find('items', { group: 'z' }))).toEqual([]);
  });

  it('undoes a failed event: finds and size see the state before it', async () => {
    const uow = new UnitOfWork(store, 1);
    uow.put('items', { id: 'd', group: 'x', n: 0 });
    expect(ids(await uow.find('items', { group: 'x' }))).toEqual(['a', 'b', 'd']);
    const before = { size: uow.size, chars: uow.chars };
    uow.savepoint();
    uow.put('items', { id: 'd', group: 'y', n: 123456 });
    uow.put('items', { id: 'f', group: 'x', n: 1 });
    uow.delete('items', 'a');
    expect(ids(await uow.find('items', { group: 'x' }))).toEqual(['b', 'f']);
    uow.rollback();
    expect(ids(await uow.find('items', { group: 'x' }))).toEqual(['a', 'b', 'd']);
    expect({ size: uow.size, chars: uow.chars }).toEqual(before);
  });

  it('does not parse every buffered document for each find (a run of creates stayed linear)', async () => {
    const uow = new UnitOfWork(store, 1);
    for (let i = 0; i < 2000; i++) uow.put('items', { id: `new-${i}`, group: `g${i}`, n: i });
    const parse = jest.spyOn(JSON, 'parse');
    try {
      await uow.find('items', { group: 'g7' });
      parse.mockClear();
      for (let i = 0; i < 100; i++) expect(ids(await uow.find('items', { group: `g${i}` }))).toEqual([`new-${i}`]);
      // One parse per answer (and none of the 2,000 others).
      expect(parse.mock.calls.length).toBeLessThanOrEqual(100);
    } finally {
      parse.mockRestore();
    }
  });

  it('counts the documents and characters it holds', () => {
    const uow = new UnitOfWork(store, 1);
    uow.put('items', { id: 'a', v: 'xx' });
    uow.put('items', { id: 'a', v: 'xxxx' });
    uow.delete('items', 'b');
    expect(uow.size).toBe(2);
    expect(uow.chars).toBe(JSON.stringify({ id: 'a', v: 'xxxx' }).length);
  });
});
