import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ReadStore, SqliteReadStore } from '@app/platform';
import { bySiblingOrder, ItemKind, ItemRef, placeAmong, PositionSpec, Sibling } from '../domain/placement';
import { keyAfter, keyBetween } from '../domain/position';
import { endOf, moveTarget, rightAfter } from './placement';
import { currentChildren, SPACES_PROJECTION, TREE, TreeEntry } from './queries/content-tree';
import { spacesProjection } from './queries/spaces.projection';

/*
 * Placements must not read a parent's children (issue 20: creating the 10,000th space read all
 * 10,000). Over a real embedded read store holding 1,000 children of one parent, each
 * placement reads a handful of tree entries and answers exactly what the full-list rules
 * (`placeAmong` over every child) answer.
 */
const ORG = 'org-a';
const OPEN = Number.MAX_SAFE_INTEGER;
const id = (prefix: string, i: number) => `${prefix}${String(i).padStart(5, '0')}`;

let dir: string;
let store: SqliteReadStore;
let read = 0;
/** The store as commands see it, counting the tree entries every find returns. */
let counted: ReadStore;
const children: TreeEntry[] = [];

const entry = (kind: ItemKind, itemId: string, parent: string, position: string, at: number, removedAt = OPEN, organizationId = ORG): TreeEntry => ({
  id: `${itemId}@${at}`,
  kind,
  itemId,
  organizationId,
  parent,
  position,
  addedAt: at,
  removedAt,
});

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'placement-'));
  store = new SqliteReadStore(path.join(dir, 'read.db'));
  await store.defineProjection(SPACES_PROJECTION, spacesProjection.collections);
  let key: string | null = null;
  let at = 1;
  for (let i = 0; i < 1000; i++) {
    key = keyAfter(key);
    children.push(entry(i % 10 === 3 ? 'collection' : 'space', id(i % 10 === 3 ? 'c' : 's', i), '', key, at++));
    if (i === 500 || i === 999) children.push(entry('space', id('t', i), '', key, at++)); // concurrent appends share a key
  }
  children.push(entry('space', id('m', 0), '', keyBetween(children[10].position, children[11].position), at++));
  const noise = [
    entry('space', id('gone', 0), '', keyAfter(key), at++, at), // deleted, with a key after every live one
    entry('space', id('old', 0), '', keyAfter(keyAfter(key)), at++, at), // moved away
    entry('space', id('other', 0), '', keyAfter(keyAfter(keyAfter(key))), at++, OPEN, 'org-b'),
    entry('space', id('inner', 0), id('c', 3), 'V', at),
  ];
  const writes = [...children, ...noise].map((doc) => ({ kind: 'put' as const, collection: TREE, doc }));
  expect(await store.commit(SPACES_PROJECTION, 1, 0, 1, writes)).toBe(true);
  counted = new Proxy(store, {
    get(target, prop) {
      if (prop !== 'find') return Reflect.get(target, prop) as unknown;
      return async (...args: Parameters<ReadStore['find']>) => {
        const docs = await target.find(...args);
        if (args[0] === TREE) read += docs.length;
        return docs;
      };
    },
  });
});

afterAll(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs `fn` and answers what it returned (or threw) with the number of tree entries it read. */
async function reads<T>(fn: () => Promise<T>): Promise<{ value: T | Error; read: number }> {
  read = 0;
  try {
    return { value: await fn(), read };
  } catch (e) {
    return { value: e as Error, read };
  }
}

/** The rules over the whole list, as the handlers applied them before. */
let topLevel: Sibling[] | undefined;
const full = {
  async end(parent: string | null) {
    const all = await currentChildren(store, ORG, parent);
    return keyAfter(all.reduce<string | null>((m, c) => (m === null || c.position > m ? c.position : m), null));
  },
  async after(item: ItemRef) {
    const all = (await currentChildren(store, ORG, null)).sort(bySiblingOrder);
    const i = all.findIndex((c) => c.kind === item.kind && c.id === item.id);
    const next = all.slice(i + 1).find((c) => c.position > all[i].position);
    return keyBetween(all[i].position, next?.position ?? null);
  },
  async move(item: ItemRef, at: PositionSpec) {
    try {
      topLevel ??= await currentChildren(store, ORG, null);
      return placeAmong(topLevel, item, at);
    } catch (e) {
      return e as Error;
    }
  },
};

describe('placing among 1,000 siblings without reading them', () => {
  it('appends after the last live child, reading one entry', async () => {
    const { value, read } = await reads(() => endOf(counted, ORG, null));
    expect(value).toEqual({ parent: null, position: await full.end(null) });
    expect(read).toBe(1);
    expect((await reads(() => endOf(counted, ORG, id('c', 3)))).value).toEqual({ parent: id('c', 3), position: keyAfter('V') });
    expect((await reads(() => endOf(counted, ORG, id('c', 13)))).value).toEqual({ parent: id('c', 13), position: keyAfter(null) });
  });

  it('puts a duplicate right after its source, reading two entries', async () => {
    for (const i of [0, 10, 500, 501, 998, children.length - 2, children.length - 1]) {
      const item = { kind: children[i].kind, id: children[i].itemId };
      const { value, read } = await reads(() => rightAfter(counted, ORG, null, item));
      expect(value).toEqual({ parent: null, position: await full.after(item) });
      expect(read).toBeLessThanOrEqual(2);
    }
  });

  it('moves before, after or to the end exactly as the full-list rules do, reading a few entries', async () => {
    const ref = (e: TreeEntry): ItemRef => ({ kind: e.kind, id: e.itemId });
    const picks = [0, 1, 2, 3, 10, 11, 12, 499, 500, 501, 502, 503, 997, 998, 999, 1000, 1001, 1002];
    const items: ItemRef[] = [...picks.map((i) => ref(children[i])), { kind: 'space', id: id('new', 0) }, { kind: 'space', id: id('inner', 0) }];
    const pointers: PositionSpec[] = [
      null,
      ...picks.flatMap((i) => [{ before: ref(children[i]) }, { after: ref(children[i]) }]),
      { before: { kind: 'space', id: id('c', 3) } }, // wrong kind
      { after: { kind: 'space', id: id('inner', 0) } }, // not a child of the target
      { after: { kind: 'space', id: id('other', 0) } }, // another organization
    ];
    for (const item of items) {
      for (const at of pointers) {
        const expected = await full.move(item, at);
        const { value, read } = await reads(() => moveTarget(counted, ORG, null, item, at));
        if (expected === null) expect(value).toMatchObject({ name: 'MoveWouldNotChange' });
        else if (expected instanceof Error) expect(value).toMatchObject({ name: expected.name, message: expected.message });
        else expect(value).toEqual({ parent: null, position: expected });
        expect(read).toBeLessThanOrEqual(6);
      }
    }
  });
});
