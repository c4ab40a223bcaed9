import { EventStore, newEventId } from '@app/platform';
import { bearer, email, startTestApp, TestApp } from '../support/test-app';
import { expectErrorResponse, expectMatchesOperation } from '../support/reference-schema';

/**
 * OrganizationTeam.spaces and OrganizationMember.spaces follow the spaces context's grants
 * (integration events SpaceTeamPermissionGranted/Revoked, SpacePermissionGranted/Revoked,
 * SpaceTransferred, SpacePurged), first through the real spaces endpoints, then event by event.
 */
describe('space counts of teams and members (e2e)', () => {
  let t: TestApp;
  let orgId: string;
  let admin: string;
  let adminId: string;
  let rita: { userId: string; token: string };
  let teamId: string;

  const team = async () => {
    const res = await t.http.get(`/v1/orgs/${orgId}/teams/${teamId}`).set(bearer(admin));
    expectMatchesOperation('getTeamInOrganizationById', 200, res.body);
    return res.body.spaces as number;
  };
  const memberSpaces = async (userId: string, org = orgId, token = admin) => {
    const res = await t.http.get(`/v1/orgs/${org}/members/${userId}`).set(bearer(token));
    if (res.status !== 200) {
      expectErrorResponse('getMemberInOrganizationById', res.status, res.body);
      return null;
    }
    expectMatchesOperation('getMemberInOrganizationById', 200, res.body);
    return res.body.spaces as number;
  };
  const space = async () => {
    const res = await t.http.post(`/v1/orgs/${orgId}/spaces`).set(bearer(admin)).send({ title: 'Handbook' });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const emit = async (spaceId: string, type: string, data: object) => {
    const r = await t.app.get(EventStore).append(
      `test.space-${spaceId}`,
      [
        {
          id: newEventId(),
          type,
          data: { spaceId, ...data },
          metadata: { actor: adminId, occurredAt: t.clock.now().toISOString(), correlationId: 'c', causationId: null, schemaVersion: 1 },
        },
      ],
      'any',
    );
    await t.engine.waitFor(r.position);
  };

  beforeAll(async () => {
    t = await startTestApp();
    ({ organizationId: orgId, token: admin, userId: adminId } = await t.bootstrap('Acme Docs', email('ada')));
    [rita] = await t.cli('user', 'create', '--email', email('rita'), '--name', 'Rita', '--org', orgId, '--role', 'read');
    teamId = (await t.client(admin).orgs.createOrganizationTeam(orgId, { title: 'Writers', members: [rita.userId] })).data.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('through the spaces API: granting a team and a user a space counts it once each; revoking uncounts it', async () => {
    const [s1, s2] = [await space(), await space()];
    const invite = (spaceId: string, body: object) => t.http.post(`/v1/spaces/${spaceId}/permissions`).set(bearer(admin)).send(body);
    expect((await invite(s1, { teams: [teamId], role: 'edit' })).status).toBe(204);
    expect((await invite(s1, { teams: [teamId], role: 'admin' })).status).toBe(204);
    expect((await invite(s2, { teams: [teamId], users: [rita.userId], role: 'read' })).status).toBe(204);
    expect(await team()).toBe(2);
    expect(await memberSpaces(rita.userId)).toBe(1);
    expect((await t.http.delete(`/v1/spaces/${s1}/permissions/teams/${teamId}`).set(bearer(admin))).status).toBeLessThan(300);
    expect((await t.http.delete(`/v1/spaces/${s2}/permissions/users/${rita.userId}`).set(bearer(admin))).status).toBeLessThan(300);
    expect(await team()).toBe(1);
    expect(await memberSpaces(rita.userId)).toBe(0);
  });

  it('by event: role changes do not double count; purge and transfer move or drop the count', async () => {
    const g = (s: string) => emit(s, 'SpacePermissionGranted', { organizationId: orgId, userId: rita.userId, role: 'read', previousRole: null });
    await g('e1');
    await g('e1');
    await g('e2');
    await g('e3');
    expect(await memberSpaces(rita.userId)).toBe(3);
    await emit('e1', 'SpacePermissionRevoked', { organizationId: orgId, userId: rita.userId, previousRole: 'read' });
    await emit('e2', 'SpacePurged', { organizationId: orgId, deletedAt: 'x', purgedAt: 'y' });
    expect(await memberSpaces(rita.userId)).toBe(1);

    // e3 moves to another organization Rita joins later: it counts there, not here.
    const other = await t.bootstrap('Other', email('otto'));
    await emit('e3', 'SpaceTransferred', {
      from: orgId,
      to: other.organizationId,
      previous: { parent: null, position: 'a' },
      parent: null,
      position: 'b',
      transferredAt: 'z',
    });
    expect(await memberSpaces(rita.userId)).toBe(0);
    await t.cli(
      'user',
      'create',
      '--email',
      (await t.http.get('/v1/user').set(bearer(rita.token))).body.email,
      '--name',
      'Rita',
      '--org',
      other.organizationId,
      '--role',
      'read',
      '--if-absent',
    );
    expect(await memberSpaces(rita.userId, other.organizationId, other.token)).toBe(1);
  });
});
