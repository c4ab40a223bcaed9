import { Conflict, PreconditionFailed, Role } from '@app/platform';
import { grantChanges, PrincipalKind } from './grants';
import { moveEvents, Placement, SpaceEvent, SpaceNotFound, SpaceState } from './space';

export class MoveWouldNotChange extends Conflict {
  constructor(what: string) { super(`${what} is already at that place: the move would not change anything`); }
}
export class TransferWouldNotChange extends Conflict {
  constructor(what: string, org: string) { super(`${what} already belongs to organization ${org}: the transfer would not change anything`); }
}
export class CannotBeMoved extends PreconditionFailed {}

/** `to` comes from placement.ts, which already refused a move that changes nothing. */
export function decideMoveSpace(s: SpaceState, id: string, to: Placement, now: Date): SpaceEvent[] {
  if (s.status !== 'active') throw new SpaceNotFound(id);
  const sp = s.space!;
  if (sp.parent === to.parent && sp.position === to.position) throw new MoveWouldNotChange(`Space ${id}`);
  return moveEvents(s, id, to, now);
}

export interface TransferFacts {
  /**
   * Where it lands: the end of the target's top level, or (a space inside a transferred
   * collection) its current parent and position, which travel with it.
   */
  placement: Placement;
  /** Open and draft change requests of the space (from the spaces read model). */
  pendingChangeRequests: number;
}

/**
 * Moves a space to another organization. It cannot be moved (412) while it
 * has team permissions (teams belong to the source organization and cannot follow) or open
 * or draft change requests (their reviews involve members of the source organization).
 * Direct user permissions follow the space: users are not tied to an organization.
 */
export function decideTransferSpace(s: SpaceState, id: string, to: string, facts: TransferFacts, now: Date): SpaceEvent[] {
  if (s.status !== 'active') throw new SpaceNotFound(id);
  const sp = s.space!;
  if (sp.organizationId === to) throw new TransferWouldNotChange(`Space ${id}`, to);
  const teams = Object.keys(s.grants.teams);
  if (teams.length) throw new CannotBeMoved(`Space ${id} cannot be moved: remove the permissions of its teams (${teams.join(', ')}) first; teams belong to organization ${sp.organizationId}`);
  if (facts.pendingChangeRequests > 0) throw new CannotBeMoved(`Space ${id} cannot be moved: it has ${facts.pendingChangeRequests} open or draft change requests; merge or archive them first`);
  const at = now.toISOString();
  const events: SpaceEvent[] = [{
    type: 'SpaceTransferred',
    data: { spaceId: id, from: sp.organizationId, to, previous: { parent: sp.parent, position: sp.position ?? '' }, ...facts.placement, transferredAt: at },
  }];
  if (facts.placement.parent === null && sp.visibility === 'in-collection') events.push({ type: 'SpaceUpdated', data: { spaceId: id, changes: { visibility: 'private' }, updatedAt: at } });
  return events;
}

/** Sets `role` for these users or teams on the space (null revokes); unchanged grants emit nothing. */
export function decideSpaceGrants(s: SpaceState, id: string, kind: PrincipalKind, ids: readonly string[], role: Role | null): SpaceEvent[] {
  if (s.status !== 'active') throw new SpaceNotFound(id);
  const organizationId = s.space!.organizationId;
  const current = kind === 'user' ? s.grants.users : s.grants.teams;
  return grantChanges(s.grants, kind, ids, role).map(({ id: who, role: r }): SpaceEvent => {
    const previousRole = current[who] ?? null;
    if (kind === 'user') {
      return r
        ? { type: 'SpacePermissionGranted', data: { spaceId: id, organizationId, userId: who, role: r, previousRole } }
        : { type: 'SpacePermissionRevoked', data: { spaceId: id, organizationId, userId: who, previousRole: previousRole! } };
    }
    return r
      ? { type: 'SpaceTeamPermissionGranted', data: { spaceId: id, organizationId, teamId: who, role: r, previousRole } }
      : { type: 'SpaceTeamPermissionRevoked', data: { spaceId: id, organizationId, teamId: who, previousRole: previousRole! } };
  });
}
