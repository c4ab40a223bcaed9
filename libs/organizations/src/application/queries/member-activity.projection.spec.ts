import { projectionOf } from '@app/platform/testing/projection-spec';
import { OrganizationEvent } from '../../domain/organization';
import { MEMBERS, ORG_USERS, organizationsProjection } from './organizations.projection';

const o = { organizationId: 'o1' };
const AT = '2026-01-01T00:00:00.000Z';
const created: OrganizationEvent = { type: 'OrganizationCreated', data: { ...o, title: 'Acme', createdBy: 'ada', createdAt: AT } };
const added = (userId: string, extra: object = {}): OrganizationEvent => ({
  type: 'OrganizationMemberAdded',
  data: { ...o, userId, role: 'edit', joinedAt: AT, ...extra },
});
const seen = (userId: string, seenAt: string) => ({ type: 'OrganizationMemberSeen', data: { ...o, userId, seenAt } });
const member = (userId: string, more: object) => ({ id: `o1:${userId}`, ...o, userId, role: 'edit', joinedAt: AT, sso: false, teams: 0, search: '', ...more });

describe('organizations projection: SSO members, last seen, renamed users', () => {
  it('an SSO grant sets the member’s flag; a grant for someone who is not a member changes nothing', async () => {
    const docs = await projectionOf(organizationsProjection, [
      created,
      added('bob'),
      added('cy', { source: 'sso', sso: true }),
      { type: 'OrganizationMemberSsoGranted', data: { ...o, userId: 'bob', grantedAt: AT, grantedBy: 'ada' } },
      { type: 'OrganizationMemberSsoGranted', data: { ...o, userId: 'zed', grantedAt: AT, providerId: 'p1' } },
    ]);
    expect(docs[MEMBERS]).toEqual([member('bob', { seq: 2, sso: true }), member('cy', { seq: 3, sso: true })]);
  });

  it('lastSeenAt follows pings forward only, and ignores pings of non-members and from before joining', async () => {
    const docs = await projectionOf(organizationsProjection, [
      created,
      added('bob'),
      seen('bob', '2026-01-03T00:00:00.000Z'),
      seen('bob', '2026-01-02T00:00:00.000Z'),
      seen('bob', '2025-12-31T00:00:00.000Z'),
      seen('zed', '2026-01-04T00:00:00.000Z'),
    ]);
    expect(docs[MEMBERS]).toEqual([member('bob', { seq: 2, lastSeenAt: '2026-01-03T00:00:00.000Z' })]);
  });

  it('a renamed user is found by the new name in every organization; a photo change alone renames nothing', async () => {
    const docs = await projectionOf(organizationsProjection, [
      { type: 'UserRegistered', data: { userId: 'bob', email: 'bob@acme.test', displayName: 'Bob', registeredAt: AT, emailVerified: true } },
      created,
      added('bob'),
      { type: 'UserProfileUpdated', data: { userId: 'bob', changes: { displayName: 'Robert' }, updatedAt: AT } },
      { type: 'UserProfileUpdated', data: { userId: 'bob', changes: { photoURL: 'https://img.test/b.png' }, updatedAt: AT } },
      { type: 'UserProfileUpdated', data: { userId: 'ghost', changes: { displayName: 'Ghost' }, updatedAt: AT } },
    ]);
    expect(docs[ORG_USERS]).toEqual([{ id: 'bob', email: 'bob@acme.test', displayName: 'Robert' }]);
    expect(docs[MEMBERS]).toEqual([member('bob', { seq: 3, search: 'robert\nbob@acme.test' })]);
  });
});
