import { AuditActionDefinition, AuditSubject } from '@app/platform';

type Data = Record<string, unknown>;
const space = (d: Data) => ({ type: 'space', id: d.spaceId as string });
const collection = (d: Data) => ({ type: 'collection', id: d.collectionId as string });
const user = (d: Data) => ({ type: 'user', id: d.userId as string });
const team = (d: Data) => ({ type: 'team', id: d.teamId as string });
const org = (d: Data) => d.organizationId as string | undefined;
type Placement = { parent: string | null } | undefined;
/** The collections a move or a creation places the item in or takes it out of. */
const parents = (...ps: Array<string | null | undefined>): AuditSubject[] =>
  [...new Set(ps.filter((p): p is string => typeof p === 'string'))].map((id) => ({ type: 'collection', id }));
const moved = (d: Data) => parents((d.from as Placement)?.parent, (d.to as Placement)?.parent);

/**
 * How the spaces context's events read as audit events. A move relates the collections left and
 * entered (their history shows what came and went); grants relate the user or team granted. A
 * transfer is recorded in the organization the item left (`from`), whose admins lose it.
 */
export const SPACES_AUDIT_ACTIONS: AuditActionDefinition[] = [
  {
    event: 'SpaceCreated',
    action: 'space.created',
    label: 'Space created',
    target: space,
    related: (d) => parents(d.parent as string | null),
    organizationId: org,
  },
  { event: 'SpaceUpdated', action: 'space.updated', label: 'Space updated', target: space },
  { event: 'SpaceMoved', action: 'space.moved', label: 'Space moved', target: space, related: moved, organizationId: org },
  { event: 'SpaceTransferred', action: 'space.transferred', label: 'Space transferred', target: space, organizationId: (d) => d.from as string },
  { event: 'SpaceDeleted', action: 'space.deleted', label: 'Space deleted', target: space, organizationId: org },
  { event: 'SpaceRestored', action: 'space.restored', label: 'Space restored', target: space, organizationId: org },
  { event: 'SpacePurged', action: 'space.purged', label: 'Space purged', target: space, organizationId: org },
  {
    event: 'SpacePermissionGranted',
    action: 'space.permission.updated',
    label: 'Space permission granted',
    target: space,
    related: (d) => [user(d)],
    organizationId: org,
  },
  {
    event: 'SpacePermissionRevoked',
    action: 'space.permission.removed',
    label: 'Space permission removed',
    target: space,
    related: (d) => [user(d)],
    organizationId: org,
  },
  {
    event: 'SpaceTeamPermissionGranted',
    action: 'space.team-permission.updated',
    label: 'Space team permission granted',
    target: space,
    related: (d) => [team(d)],
    organizationId: org,
  },
  {
    event: 'SpaceTeamPermissionRevoked',
    action: 'space.team-permission.removed',
    label: 'Space team permission removed',
    target: space,
    related: (d) => [team(d)],
    organizationId: org,
  },
  {
    event: 'CollectionCreated',
    action: 'collection.created',
    label: 'Collection created',
    target: collection,
    related: (d) => parents(d.parent as string | null),
    organizationId: org,
  },
  { event: 'CollectionUpdated', action: 'collection.updated', label: 'Collection updated', target: collection, organizationId: org },
  { event: 'CollectionMoved', action: 'collection.moved', label: 'Collection moved', target: collection, related: moved, organizationId: org },
  {
    event: 'CollectionTransferred',
    action: 'collection.transferred',
    label: 'Collection transferred',
    target: collection,
    organizationId: (d) => d.from as string,
  },
  { event: 'CollectionDeleted', action: 'collection.deleted', label: 'Collection deleted', target: collection, organizationId: org },
  {
    event: 'CollectionPermissionGranted',
    action: 'collection.permission.updated',
    label: 'Collection permission granted',
    target: collection,
    related: (d) => [user(d)],
    organizationId: org,
  },
  {
    event: 'CollectionPermissionRevoked',
    action: 'collection.permission.removed',
    label: 'Collection permission removed',
    target: collection,
    related: (d) => [user(d)],
    organizationId: org,
  },
  {
    event: 'CollectionTeamPermissionGranted',
    action: 'collection.team-permission.updated',
    label: 'Collection team permission granted',
    target: collection,
    related: (d) => [team(d)],
    organizationId: org,
  },
  {
    event: 'CollectionTeamPermissionRevoked',
    action: 'collection.team-permission.removed',
    label: 'Collection team permission removed',
    target: collection,
    related: (d) => [team(d)],
    organizationId: org,
  },
];
