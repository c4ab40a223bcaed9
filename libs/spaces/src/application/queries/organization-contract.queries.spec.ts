import { projectEvents, withEmbeddedReadStore } from '@app/platform/testing/projection-spec';
import { CountMemberSpacesQuery, CountTeamSpacesQuery, IsOrganizationContentQuery } from '@app/organizations/contracts';
import { ReadStore } from '@app/platform';
import { CountMemberSpacesHandler, CountTeamSpacesHandler, IsOrganizationContentHandler } from './organization-contract.queries';
import { spacesProjection } from './spaces.projection';

const at = '2026-01-01T00:00:00.000Z';
const settings = {
  title: 'T',
  emoji: '',
  icon: null,
  visibility: 'private',
  editMode: 'live',
  language: null,
  defaultLevel: 'inherit',
  mergeRules: { type: 'inherit' },
};
const created = (spaceId: string, organizationId = 'o1') => ({
  type: 'SpaceCreated',
  data: { ...settings, spaceId, organizationId, parent: null, revision: `r-${spaceId}`, createdAt: at, duplicatedFrom: null, position: 'a' },
});
const user = (spaceId: string, userId: string, role: string | null, organizationId = 'o1') =>
  role
    ? { type: 'SpacePermissionGranted', data: { spaceId, organizationId, userId, role, previousRole: null } }
    : { type: 'SpacePermissionRevoked', data: { spaceId, organizationId, userId, previousRole: 'read' } };
const team = (spaceId: string, teamId: string, role: string | null) =>
  role
    ? { type: 'SpaceTeamPermissionGranted', data: { spaceId, organizationId: 'o1', teamId, role, previousRole: null } }
    : { type: 'SpaceTeamPermissionRevoked', data: { spaceId, organizationId: 'o1', teamId, previousRole: 'read' } };
const collectionGrant = {
  type: 'CollectionPermissionGranted',
  data: { collectionId: 'c1', organizationId: 'o1', userId: 'rita', role: 'read', previousRole: null },
};
const collection = (collectionId: string, organizationId = 'o1') => ({
  type: 'CollectionCreated',
  data: { collectionId, organizationId, title: 'C', description: '', defaultLevel: 'inherit', parent: null, position: 'b', createdAt: at, createdBy: 'u1' },
});

/** The spaces read models after `events`, asked through the handlers organizations relies on. */
async function given<T>(events: Array<{ type: string; data: unknown }>, ask: (store: ReadStore) => Promise<T>): Promise<T> {
  return withEmbeddedReadStore(async (store) => {
    await projectEvents(spacesProjection, events, store);
    return ask(store);
  });
}
const memberSpaces = (events: Array<{ type: string; data: unknown }>, organizationId: string, userIds: string[]) =>
  given(events, async (store) => Object.fromEntries(await new CountMemberSpacesHandler(store).execute(new CountMemberSpacesQuery(organizationId, userIds))));
const teamSpaces = (events: Array<{ type: string; data: unknown }>, teamIds: string[]) =>
  given(events, async (store) => Object.fromEntries(await new CountTeamSpacesHandler(store).execute(new CountTeamSpacesQuery(teamIds))));

describe('organizations contract queries, answered by spaces', () => {
  it('a member counts each space granted to them once (role changes too); revoking and purging uncount it; collections do not count', async () => {
    const events = [
      created('s1'),
      created('s2'),
      created('s3'),
      collection('c1'),
      collectionGrant,
      user('s1', 'rita', 'read'),
      user('s1', 'rita', 'edit'),
      user('s2', 'rita', 'read'),
      user('s3', 'rita', 'read'),
      user('s1', 'otto', 'read'),
    ];
    expect(await memberSpaces(events, 'o1', ['rita', 'otto', 'nobody'])).toEqual({ rita: 3, otto: 1, nobody: 0 });
    expect(
      await memberSpaces(
        [...events, user('s2', 'rita', null), { type: 'SpacePurged', data: { spaceId: 's3', organizationId: 'o1', deletedAt: at, purgedAt: at } }],
        'o1',
        ['rita'],
      ),
    ).toEqual({ rita: 1 });
    expect(await memberSpaces([], 'o1', [])).toEqual({});
  });

  it("a transferred space's grants count in its new organization, not the old one", async () => {
    const events = [
      created('s1'),
      created('s2'),
      user('s1', 'rita', 'read'),
      user('s2', 'rita', 'read'),
      {
        type: 'SpaceTransferred',
        data: { spaceId: 's2', from: 'o1', to: 'o2', previous: { parent: null, position: 'a' }, parent: null, position: 'b', transferredAt: at },
      },
    ];
    expect(await memberSpaces(events, 'o1', ['rita'])).toEqual({ rita: 1 });
    expect(await memberSpaces(events, 'o2', ['rita'])).toEqual({ rita: 1 });
  });

  it('a team counts each space granted to it once; revoking and purging uncount it', async () => {
    const events = [created('s1'), created('s2'), team('s1', 't1', 'edit'), team('s1', 't1', 'admin'), team('s2', 't1', 'read'), team('s2', 't2', 'read')];
    expect(await teamSpaces(events, ['t1', 't2', 't3'])).toEqual({ t1: 2, t2: 1, t3: 0 });
    expect(
      await teamSpaces(
        [...events, team('s1', 't1', null), { type: 'SpacePurged', data: { spaceId: 's2', organizationId: 'o1', deletedAt: at, purgedAt: at } }],
        ['t1', 't2'],
      ),
    ).toEqual({ t1: 0, t2: 0 });
  });

  it("default content: a live space or an existing collection of that organization; not another's, not a deleted space", async () => {
    const events = [
      created('s1'),
      created('s2'),
      created('x1', 'o2'),
      collection('c1'),
      collection('c2'),
      { type: 'CollectionDeleted', data: { collectionId: 'c2', organizationId: 'o1', parent: null, deletedAt: at } },
    ];
    const answers = await given([...events, { type: 'SpaceDeleted', data: { spaceId: 's2', organizationId: 'o1', deletedAt: at } }], (store) => {
      const h = new IsOrganizationContentHandler(store);
      return Promise.all([
        h.execute(new IsOrganizationContentQuery('o1', 'space', 's1')),
        h.execute(new IsOrganizationContentQuery('o1', 'space', 's2')),
        h.execute(new IsOrganizationContentQuery('o1', 'space', 'x1')),
        h.execute(new IsOrganizationContentQuery('o1', 'space', 'none')),
        h.execute(new IsOrganizationContentQuery('o1', 'collection', 'c1')),
        h.execute(new IsOrganizationContentQuery('o1', 'collection', 'c2')),
        h.execute(new IsOrganizationContentQuery('o2', 'collection', 'c1')),
        h.execute(new IsOrganizationContentQuery('o1', 'collection', 's1')),
      ]);
    });
    expect(answers).toEqual([true, false, false, false, true, false, false, false]);
  });
});
