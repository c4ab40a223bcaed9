import { CacheRegion, InvalidatingCache, RecordedEvent, Role } from '@app/platform';
import { OrganizationEventType } from '../../domain/organization';

/**
 * What the access queries other contexts ask on every request (GetMemberRoleQuery,
 * GetOrganizationDefaultRoleQuery, GetUserTeamIdsQuery) keep in memory (see InvalidatingCache),
 * tagged by organization. The organizations projection drops an organization's answers whenever
 * it applies an event of that organization that can change a member's role, the default role or
 * who is in which team; coarse on purpose (such writes are rare), and it covers the "not found"
 * answers too (null role, no teams): the event that makes someone a member or puts them in a
 * team carries the same tag.
 */
export const accessCacheTag = (organizationId: string) => `organizations.access:${organizationId}`;

const ACCESS_EVENTS: ReadonlySet<string> = new Set<OrganizationEventType>([
  'OrganizationCreated',
  'OrganizationUpdated',
  'OrganizationMemberAdded',
  'OrganizationJoined',
  'OrganizationMemberRoleChanged',
  'OrganizationMemberRemoved',
  'TeamCreated',
  'TeamDeleted',
  'TeamMemberAdded',
  'TeamMemberRoleChanged',
  'TeamMemberRemoved',
]);

/** ProjectionDefinition.invalidates of the organizations projection. */
export function accessTagsOf(e: RecordedEvent): string[] {
  if (!ACCESS_EVENTS.has(e.type)) return [];
  const { organizationId } = e.data as { organizationId?: string };
  return organizationId ? [accessCacheTag(organizationId)] : [];
}

/** Answers kept per region at most (least recently used ones go first). */
const MAX = 50_000;
export const memberRoles = (cache: InvalidatingCache): CacheRegion<Role | null> => cache.region('organizations.member-roles', { max: MAX });
export const defaultRoles = (cache: InvalidatingCache): CacheRegion<Role | null> => cache.region('organizations.default-roles', { max: MAX });
export const userTeamIds = (cache: InvalidatingCache): CacheRegion<readonly string[]> => cache.region('organizations.user-team-ids', { max: MAX });
/** Every answer of an organization carries its tag. */
export const tagged = (organizationId: string) => () => [accessCacheTag(organizationId)];

/** Key of a (organization, user) answer. */
export const memberKey = (organizationId: string, userId: string) => `${organizationId}\u0000${userId}`;
