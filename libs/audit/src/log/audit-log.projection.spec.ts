import { GivenEvent, projectionOf } from '@app/platform/testing/projection-spec';
import { auditLogProjection } from './audit-log.projection';
import {
  AUDIT_DETAILS,
  AUDIT_EVENTS,
  AUDIT_RESOURCES,
  AUDIT_SUBJECTS,
  AuditDetailsDoc,
  AuditEventDoc,
  AuditSubjectDoc,
  positionKey,
} from './audit-log.read-models';

const ORG = 'org-1';
const OTHER = 'org-2';
const at = (occurredAt: string, more: Partial<GivenEvent['metadata']> = {}) => ({
  occurredAt,
  correlationId: 'corr',
  causationId: null,
  schemaVersion: 1,
  actor: 'u-ada',
  ...more,
});
const ev = (id: string, type: string, data: unknown, metadata: Partial<GivenEvent['metadata']> = {}): GivenEvent => ({
  id,
  type,
  data,
  metadata: at('2026-01-01T00:00:00.000Z', metadata),
});

const history: GivenEvent[] = [
  ev('e1', 'UserRegistered', { userId: 'u-ada', email: 'ada@example.com', displayName: 'Ada', registeredAt: 'x', emailVerified: true }, { actor: null }),
  ev('e2', 'OrganizationCreated', { organizationId: ORG, title: 'Acme', createdBy: 'u-ada', createdAt: 'x' }),
  ev('e3', 'SpaceCreated', { spaceId: 's1', organizationId: ORG, parent: 'c1', title: 'Handbook', revision: 'r', createdAt: 'x' }),
  ev('e4', 'SpaceUpdated', { spaceId: 's1', changes: { title: 'Guide' }, updatedAt: 'x' }),
  ev('e5', 'ChangeRequestCreated', { spaceId: 's1', changeRequestId: 'cr1', organizationId: ORG, subject: 'Fix typo', number: 1 }),
  ev('e6', 'ChangeRequestMerged', { spaceId: 's1', changeRequestId: 'cr1', mergedBy: 'u-ada' }, { causationId: null }),
  ev('e7', 'SpacePermissionGranted', { spaceId: 's1', organizationId: ORG, userId: 'u-bob', role: 'edit', previousRole: null }),
  ev('e8', 'SpaceTransferred', { spaceId: 's1', from: ORG, to: OTHER, previous: { parent: 'c1', position: 'a' }, parent: null, position: 'a' }),
  ev('e9', 'ChangeRequestStatusChanged', { spaceId: 's1', changeRequestId: 'cr1', from: 'merged', to: 'open' }, { causationId: 'e8' }),
  ev('e9b', 'SiteCreated', { siteId: 'site1', organizationId: ORG, title: 'Docs', createdAt: 'x' }),
  ev(
    'e10',
    'SiteShareLinkCreated',
    { shareLinkId: 'sl1', siteId: 'site1', organizationId: ORG, name: 'Partners', keyHash: 'h', sealedKey: 'sealed' },
    { actor: 'cli' },
  ),
  ev('e11', 'SiteMcpServerUpdated', { mcpServerId: 'm1', siteId: 'site1', changes: { name: 'Tools', sealedHeaders: 'sealed' }, updatedAt: 'x' }),
  ev('e12', 'OrganizationMemberSeen', { organizationId: ORG, userId: 'u-ada', seenAt: 'x' }),
];

describe('audit log projection', () => {
  let docs: Awaited<ReturnType<typeof projectionOf>>;
  const event = (eventId: string) => (docs[AUDIT_EVENTS] as AuditEventDoc[]).find((d) => d.eventId === eventId);
  const details = (eventId: string) => (docs[AUDIT_DETAILS] as AuditDetailsDoc[]).find((d) => d.id === eventId);
  beforeAll(async () => {
    docs = await projectionOf(auditLogProjection(), history);
  });

  it('writes one document per organization event, keyed by position, and none for users or bookkeeping', () => {
    expect((docs[AUDIT_EVENTS] as AuditEventDoc[]).map((d) => d.eventId)).toEqual(['e2', 'e3', 'e4', 'e5', 'e6', 'e7', 'e8', 'e9', 'e9b', 'e10', 'e11']);
    expect(event('e3')!.id).toBe(positionKey(event('e3')!.position));
  });

  it('reads as the reference AuditEvent: action, actor with its name then, source, target with its label then', () => {
    expect(event('e3')!).toEqual({
      id: positionKey(event('e3')!.position),
      eventId: 'e3',
      position: event('e3')!.position,
      organizationId: ORG,
      occurredAt: '2026-01-01T00:00:00.000Z',
      action: 'space.created',
      actorId: 'u-ada',
      targetId: 's1',
      actor: { type: 'user', id: 'u-ada', label: 'Ada' },
      source: 'api',
      target: { type: 'space', id: 's1', label: 'Handbook' },
    });
    expect(event('e4')!.target).toEqual({ type: 'space', id: 's1', label: 'Guide' });
    expect(event('e6')!.target).toEqual({ type: 'change-request', id: 'cr1', label: 'Fix typo' });
  });

  it('finds the organization of events that do not name it through the resources it knows', () => {
    expect(event('e4')!.organizationId).toBe(ORG);
    expect(event('e6')!.organizationId).toBe(ORG);
    expect(event('e11')!.organizationId).toBe(ORG);
  });

  it('records a transfer in the organization left, and what follows in the receiving one', () => {
    expect(event('e8')!.organizationId).toBe(ORG);
    expect(event('e9')!.organizationId).toBe(OTHER);
  });

  it('names sagas and timers the system through a workflow, the CLI a script', () => {
    expect(event('e9')!).toMatchObject({ actor: { type: 'system', id: 'system' }, source: 'workflow' });
    expect(details('e9')!.causedByEventId).toBe('e8');
    expect(event('e10')!).toMatchObject({ actor: { type: 'system', id: 'cli' }, source: 'script' });
  });

  it('keeps details with the payload stripped of secrets at any depth', () => {
    expect(details('e10')!.payload).toEqual({ shareLinkId: 'sl1', siteId: 'site1', organizationId: ORG, name: 'Partners' });
    expect(details('e11')!.payload).toEqual({ mcpServerId: 'm1', siteId: 'site1', changes: { name: 'Tools' }, updatedAt: 'x' });
    expect(details('e5')!).toMatchObject({ correlationId: 'corr', schemaVersion: 1 });
  });

  it('indexes the related resources of an event (its target is in the event), for the resource histories', () => {
    const subjects = (docs[AUDIT_SUBJECTS] as AuditSubjectDoc[]).filter((s) => s.ref === event('e7')!.id).map((s) => s.subject);
    expect(subjects).toEqual(['user:u-bob']);
    const space = (docs[AUDIT_SUBJECTS] as AuditSubjectDoc[]).filter((s) => s.subject === 'space:s1').map((s) => s.ref);
    expect(space).toEqual(['e5', 'e6', 'e9'].map((id) => event(id)!.id));
    expect(event('e7')!.targetId).toBe('s1');
  });

  it('remembers users and resources for later events', () => {
    expect(docs[AUDIT_RESOURCES]).toEqual(
      expect.arrayContaining([
        { id: 'user:u-ada', label: 'Ada' },
        { id: 'space:s1', label: 'Guide', organizationId: OTHER },
        { id: 'change-request:cr1', label: 'Fix typo', parent: 'space:s1' },
      ]),
    );
  });
});
