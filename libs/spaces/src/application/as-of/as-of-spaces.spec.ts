import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { QueryBus } from '@nestjs/cqrs';
import { AsOfEvents, AsOfPoint, DomainEvent, SqliteEventStore } from '@app/platform';
import { GetUserTeamIdsQuery, OrganizationFacts, OrganizationFactsAsOfQuery } from '@app/organizations';
import { collectionStream } from '../../domain/collection';
import { spaceStream } from '../../domain/space';
import { collectionCreatedData, spaceCreatedData } from '../../domain/testing/spaces.fixtures';
import { COLLECTIONS, CollectionDoc } from '../queries/collections.read-model';
import { SPACES, SpaceDoc } from '../queries/spaces.projection';
import { SpacesAsOf } from './as-of-spaces';

const at = (minute: number) => `2026-03-01T10:0${minute}:00.000Z`;
const point = (minute: number): AsOfPoint => ({ label: at(minute), instant: at(minute) });
let n = 0;
const recorded = (minute: number, ...events: DomainEvent[]) =>
  events.map((e) => ({ id: `e${++n}`, ...e, metadata: { actor: 'ada', occurredAt: at(minute), correlationId: 'c', causationId: null, schemaVersion: 1 } }));

/** The organization as its decider folds it: `will` reads, and is in team T from minute 1. */
const FACTS: OrganizationFacts = {
  members: { ada: 'admin', will: 'read' },
  defaultRole: null,
  teams: { T: { title: 'Writers', members: { will: 'member' } } },
};

describe('SpacesAsOf (a space, its collections and its access as of a point)', () => {
  let dir: string;
  let store: SqliteEventStore;
  let past: SpacesAsOf;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spaces-as-of-'));
    store = new SqliteEventStore(path.join(dir, 'events.sqlite'));
    const bus = { execute: async (q: unknown) => (q instanceof OrganizationFactsAsOfQuery ? FACTS : null) } as unknown as QueryBus;
    past = new SpacesAsOf(new AsOfEvents(store), bus);
    const c = (id: string) => ({ ...collectionCreatedData, collectionId: id, createdAt: at(1) });
    await store.append(collectionStream('c1'), recorded(1, { type: 'CollectionCreated', data: c('c1') }), 'no_stream');
    await store.append(collectionStream('c2'), recorded(1, { type: 'CollectionCreated', data: c('c2') }), 'no_stream');
    await store.append(spaceStream('s1'), recorded(2, { type: 'SpaceCreated', data: { ...spaceCreatedData, parent: 'c1', createdAt: at(2) } }), 'no_stream');
    const grant = { collectionId: 'c1', organizationId: 'o1', teamId: 'T', role: 'edit', previousRole: null };
    await store.append(collectionStream('c1'), recorded(3, { type: 'CollectionTeamPermissionGranted', data: grant }), 0);
    const moved = { spaceId: 's1', organizationId: 'o1', from: { parent: 'c1', position: 'V' }, to: { parent: 'c2', position: 'V' }, movedAt: at(4) };
    const renamed = { spaceId: 's1', changes: { title: 'Handbook' }, updatedAt: at(5) };
    await store.append(spaceStream('s1'), [...recorded(4, { type: 'SpaceMoved', data: moved }), ...recorded(5, { type: 'SpaceUpdated', data: renamed })], 0);
  });
  afterAll(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const spaceThen = async (minute: number) => {
    const folded = await past.items(point(minute), ['s1']);
    const s = await folded.get<SpaceDoc>(SPACES, 's1');
    return { folded, s, role: s ? await past.accessor('will', point(minute), folded).spaceRole(s) : null };
  };

  it('knows nothing of a space before it was created', async () => {
    expect((await spaceThen(1)).s).toBeNull();
  });

  it('folds the space with the projection’s apply, up to the point', async () => {
    expect((await spaceThen(4)).s).toMatchObject({ title: 'Docs', parent: 'c2', updatedAt: at(4) });
    expect((await spaceThen(5)).s).toMatchObject({ title: 'Handbook', updatedAt: at(5) });
  });

  it('resolves inherited access through the collections above the space then', async () => {
    // Minute 2: in c1, no grant yet: the organization role. Minute 3: the team's grant on c1.
    expect((await spaceThen(2)).role).toBe('read');
    expect((await spaceThen(3)).role).toBe('edit');
    // Minute 4: moved to c2, which grants the team nothing; c1 is no longer above it.
    const { folded, role } = await spaceThen(4);
    expect(role).toBe('read');
    expect((await folded.find<CollectionDoc>(COLLECTIONS)).map((c) => c.id)).toEqual(['c2']);
  });

  it('answers the organization’s access queries from the organization as it was then', async () => {
    expect(await past.organizationQueries(point(3)).execute(new GetUserTeamIdsQuery('o1', 'will'))).toEqual(['T']);
    expect(await past.organizationQueries(point(3)).execute(new GetUserTeamIdsQuery('o1', 'ada'))).toEqual([]);
  });
});
