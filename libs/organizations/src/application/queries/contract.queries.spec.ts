import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { DomainEvent, newEventId, PlatformConfig, ProjectionEngine, SqliteEventStore, SqliteReadStore } from '@app/platform';
import { OrganizationEvent, organizationStream } from '../../domain/organization';
import {
  GetOrganizationDefaultRoleHandler,
  GetOrganizationDefaultRoleQuery,
  GetTeamsInOrganizationHandler,
  GetTeamsInOrganizationQuery,
  GetUserTeamIdsHandler,
  GetUserTeamIdsQuery,
  ListOrganizationMembersHandler,
  ListOrganizationMembersQuery,
  ListTeamMemberIdsHandler,
  ListTeamMemberIdsQuery,
} from './contract.queries';
import { GetMemberRoleHandler, GetMemberRoleQuery } from './organization.queries';
import { organizationsProjection } from './organizations.projection';

/** The queries other contexts code against, over the real projection and the embedded stores. */
describe('organization contract queries', () => {
  let dir: string;
  let events: SqliteEventStore;
  let reads: SqliteReadStore;
  let engine: ProjectionEngine;

  const at = '2026-01-01T00:00:00.000Z';
  const append = (stream: string, list: DomainEvent[]) =>
    events.append(
      stream,
      list.map((e) => ({
        id: newEventId(),
        type: e.type,
        data: e.data,
        metadata: { actor: null, occurredAt: at, correlationId: 'c', causationId: null, schemaVersion: 1 },
      })),
      'any',
    );
  const org = (id: string, list: OrganizationEvent[]) => append(organizationStream(id), list);

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'org-contract-'));
    events = new SqliteEventStore(path.join(dir, 'e.sqlite'));
    reads = new SqliteReadStore(path.join(dir, 'r.sqlite'));
    engine = new ProjectionEngine(events, reads, PlatformConfig.fromEnv({}, { dataDir: dir }));
    engine.registerProjection(organizationsProjection);

    const o = { organizationId: 'o1' };
    await org('o1', [
      { type: 'OrganizationCreated', data: { ...o, title: 'One', createdBy: 'ada', createdAt: at } },
      { type: 'OrganizationMemberAdded', data: { ...o, userId: 'ada', role: 'admin', joinedAt: at } },
      { type: 'OrganizationMemberAdded', data: { ...o, userId: 'bob', role: 'edit', joinedAt: at } },
      { type: 'OrganizationJoined', data: { ...o, userId: 'gus', role: null, joinedAt: at, source: 'email-domain' } },
      { type: 'OrganizationMemberAdded', data: { ...o, userId: 'cy', role: 'read', joinedAt: at } },
      { type: 'OrganizationMemberRoleChanged', data: { ...o, userId: 'cy', role: 'review', from: 'read' } },
      { type: 'OrganizationUpdated', data: { ...o, changes: { defaultRole: 'comment' }, updatedAt: at } },
      { type: 'TeamCreated', data: { ...o, teamId: 't1', title: 'Writers', createdAt: at, createdBy: 'ada' } },
      { type: 'TeamCreated', data: { ...o, teamId: 't2', title: 'Reviewers', createdAt: at, createdBy: 'ada' } },
      { type: 'TeamCreated', data: { ...o, teamId: 't3', title: 'Gone', createdAt: at, createdBy: 'ada' } },
      { type: 'TeamMemberAdded', data: { ...o, teamId: 't1', userId: 'bob', role: 'owner', addedAt: at } },
      { type: 'TeamMemberAdded', data: { ...o, teamId: 't1', userId: 'cy', role: 'member', addedAt: at } },
      { type: 'TeamMemberAdded', data: { ...o, teamId: 't2', userId: 'bob', role: 'member', addedAt: at } },
      { type: 'TeamMemberAdded', data: { ...o, teamId: 't3', userId: 'bob', role: 'member', addedAt: at } },
      { type: 'TeamDeleted', data: { ...o, teamId: 't3', deletedAt: at } },
      { type: 'TeamMemberRemoved', data: { ...o, teamId: 't1', userId: 'cy' } },
      { type: 'OrganizationMemberAdded', data: { ...o, userId: 'dee', role: 'read', joinedAt: at } },
      { type: 'OrganizationMemberRemoved', data: { ...o, userId: 'dee', role: 'read', removedAt: at } },
    ]);
    const { position } = await org('o2', [
      { type: 'OrganizationCreated', data: { organizationId: 'o2', title: 'Two', createdBy: 'bob', createdAt: at } },
      { type: 'OrganizationMemberAdded', data: { organizationId: 'o2', userId: 'bob', role: 'admin', joinedAt: at } },
      { type: 'TeamCreated', data: { organizationId: 'o2', teamId: 'x1', title: 'Elsewhere', createdAt: at, createdBy: 'bob' } },
      { type: 'TeamMemberAdded', data: { organizationId: 'o2', teamId: 'x1', userId: 'bob', role: 'owner', addedAt: at } },
    ]);
    await engine.start();
    await engine.waitFor(position);
  });
  afterAll(async () => {
    await engine.stop();
    await events.close();
    await reads.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('GetMemberRoleQuery: the role; null for guests, non-members and removed members', async () => {
    const h = new GetMemberRoleHandler(reads);
    expect(await h.execute(new GetMemberRoleQuery('o1', 'ada'))).toBe('admin');
    expect(await h.execute(new GetMemberRoleQuery('o1', 'cy'))).toBe('review');
    expect(await h.execute(new GetMemberRoleQuery('o1', 'gus'))).toBeNull();
    expect(await h.execute(new GetMemberRoleQuery('o1', 'dee'))).toBeNull();
    expect(await h.execute(new GetMemberRoleQuery('o2', 'ada'))).toBeNull();
  });

  it('GetUserTeamIdsQuery: only that organization’s live teams, in creation order', async () => {
    const h = new GetUserTeamIdsHandler(reads);
    expect(await h.execute(new GetUserTeamIdsQuery('o1', 'bob'))).toEqual(['t1', 't2']);
    expect(await h.execute(new GetUserTeamIdsQuery('o2', 'bob'))).toEqual(['x1']);
    expect(await h.execute(new GetUserTeamIdsQuery('o1', 'cy'))).toEqual([]);
    expect(await h.execute(new GetUserTeamIdsQuery('o1', 'nobody'))).toEqual([]);
  });

  it('GetTeamsInOrganizationQuery: only the ids that are teams of that organization', async () => {
    const h = new GetTeamsInOrganizationHandler(reads);
    expect(await h.execute(new GetTeamsInOrganizationQuery('o1', ['t2', 't1', 't3', 'x1', 'nope', 't1']))).toEqual([
      { id: 't1', title: 'Writers' },
      { id: 't2', title: 'Reviewers' },
    ]);
    expect(await h.execute(new GetTeamsInOrganizationQuery('o1', []))).toEqual([]);
  });

  it('ListOrganizationMembersQuery: members with a role (no guests, no removed members)', async () => {
    const h = new ListOrganizationMembersHandler(reads);
    expect(await h.execute(new ListOrganizationMembersQuery('o1'))).toEqual([
      { userId: 'ada', role: 'admin' },
      { userId: 'bob', role: 'edit' },
      { userId: 'cy', role: 'review' },
    ]);
    expect(await h.execute(new ListOrganizationMembersQuery('nope'))).toEqual([]);
  });

  it('ListTeamMemberIdsQuery: the team’s members; empty for another organization’s team', async () => {
    const h = new ListTeamMemberIdsHandler(reads);
    expect(await h.execute(new ListTeamMemberIdsQuery('o1', 't1'))).toEqual(['bob']);
    expect(await h.execute(new ListTeamMemberIdsQuery('o1', 't2'))).toEqual(['bob']);
    expect(await h.execute(new ListTeamMemberIdsQuery('o1', 't3'))).toEqual([]);
    expect(await h.execute(new ListTeamMemberIdsQuery('o1', 'x1'))).toEqual([]);
  });

  it('GetOrganizationDefaultRoleQuery: the defaultRole, null when unset or unknown', async () => {
    const h = new GetOrganizationDefaultRoleHandler(reads);
    expect(await h.execute(new GetOrganizationDefaultRoleQuery('o1'))).toBe('comment');
    expect(await h.execute(new GetOrganizationDefaultRoleQuery('o2'))).toBeNull();
    expect(await h.execute(new GetOrganizationDefaultRoleQuery('nope'))).toBeNull();
  });
});
