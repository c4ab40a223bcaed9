import { Decider, NotFound, Role, unreachable } from '@app/platform';
import { applyGrant, GrantChange, grantChanges, Grants, noGrants } from './grants';
import { assertChangesOrganization, assertTransferable } from './space-moves';
import { assertVisibilityFits, visibilityAfterLeaving } from './space-visibility';
import { Placement, SpaceCreated, SpaceEvent, SpaceSettings } from './space.events';

export * from './space.events';

export const RESTORE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

export interface SpaceState {
  status: 'none' | 'active' | 'deleted' | 'purged';
  space: SpaceCreated | null;
  deletedAt: string | null;
  grants: Grants;
}

/**
 * What can be asked of a space. Facts that need I/O (where it lands, the change requests it
 * has, whether its collection still exists) are gathered by the command handler from read
 * models and travel in the command; everything decided from them is decided here.
 */
export type SpaceCommand =
  | { type: 'CreateSpace'; spaceId: string; organizationId: string; settings: SpaceSettings; placement: Placement; revision: string }
  | {
      type: 'DuplicateSpace';
      spaceId: string;
      source: { spaceId: string; organizationId: string; settings: SpaceSettings };
      placement: Placement;
      revision: string;
    }
  | { type: 'UpdateSpace'; spaceId: string; changes: Partial<SpaceSettings> }
  | { type: 'DeleteSpace'; spaceId: string }
  /** `topLevel`: the key at the end of the top level, given when the space's collection is gone. */
  | { type: 'RestoreSpace'; spaceId: string; topLevel?: string }
  /** Sent by the restore-window timer of the deletion at `deletedAt`. */
  | { type: 'PurgeSpace'; spaceId: string; deletedAt: string }
  /** `to` comes from application/placement.ts, which refuses (409) a move that changes nothing. */
  | { type: 'MoveSpace'; spaceId: string; to: Placement }
  | { type: 'TransferSpace'; spaceId: string; organizationId: string; placement: Placement; pendingChangeRequests: number }
  /** The space is inside a transferred collection: it keeps its place, and a repeat changes nothing. */
  | { type: 'TransferSpaceWithCollection'; spaceId: string; organizationId: string; pendingChangeRequests: number }
  | { type: 'SetSpaceGrants'; spaceId: string; role: Role | null; users: readonly string[]; teams: readonly string[] }
  /** The team was deleted: its grant goes, also on a space in the bin (restoring it must not bring the team back). */
  | { type: 'RevokeSpaceTeamGrant'; spaceId: string; teamId: string };

export const spaceStream = (id: string) => `spaces.space-${id}`;

export class SpaceNotFound extends NotFound {
  constructor(id: string) {
    super(`No space with id ${id}`);
  }
}
export class RestoreWindowExpired extends NotFound {
  constructor(id: string) {
    super(`Space ${id} was deleted more than 7 days ago and can no longer be restored`);
  }
}

export const restoreDeadline = (deletedAt: string) => new Date(new Date(deletedAt).getTime() + RESTORE_WINDOW_MS);

function evolve(s: SpaceState, e: SpaceEvent): SpaceState {
  switch (e.type) {
    case 'SpaceCreated':
      return { status: 'active', space: e.data, deletedAt: null, grants: noGrants() };
    case 'SpaceUpdated':
      return { ...s, space: { ...s.space!, ...e.data.changes } };
    case 'SpaceDeleted':
      return { ...s, status: 'deleted', deletedAt: e.data.deletedAt };
    case 'SpaceRestored':
      return { ...s, status: 'active', deletedAt: null };
    case 'SpacePurged':
      return { ...s, status: 'purged' };
    case 'SpaceMoved':
      return { ...s, space: { ...s.space!, ...e.data.to } };
    case 'SpaceTransferred':
      return { ...s, space: { ...s.space!, organizationId: e.data.to, parent: e.data.parent, position: e.data.position } };
    case 'SpacePermissionGranted':
      return { ...s, grants: applyGrant(s.grants, 'user', e.data.userId, e.data.role) };
    case 'SpacePermissionRevoked':
      return { ...s, grants: applyGrant(s.grants, 'user', e.data.userId, null) };
    case 'SpaceTeamPermissionGranted':
      return { ...s, grants: applyGrant(s.grants, 'team', e.data.teamId, e.data.role) };
    case 'SpaceTeamPermissionRevoked':
      return { ...s, grants: applyGrant(s.grants, 'team', e.data.teamId, null) };
  }
}

/** The space as it is now; a space that is not live is not found. */
function live(s: SpaceState, id: string): SpaceCreated {
  if (s.status !== 'active') throw new SpaceNotFound(id);
  return s.space!;
}

const placementOf = (sp: SpaceCreated): Placement => ({ parent: sp.parent, position: sp.position ?? '' });

/** An id is used once: creating over an existing stream (a replayed command) changes nothing. */
function create(s: SpaceState, data: Omit<SpaceCreated, 'createdAt'>, now: Date): SpaceEvent[] {
  if (s.status !== 'none') return [];
  assertVisibilityFits(data.visibility, data.parent);
  return [{ type: 'SpaceCreated', data: { ...data, createdAt: now.toISOString() } }];
}

/** A copy is titled after its source, within the 50 characters of a title. */
export const copyTitle = (title: string) => [...`${title} (copy)`].slice(0, 50).join('');

export function decideUpdate(s: SpaceState, id: string, changes: Partial<SpaceSettings>, now: Date): SpaceEvent[] {
  const sp = live(s, id);
  if (changes.visibility !== undefined) assertVisibilityFits(changes.visibility, sp.parent);
  const effective = Object.fromEntries(Object.entries(changes).filter(([k, v]) => JSON.stringify(sp[k as keyof SpaceSettings]) !== JSON.stringify(v)));
  if (Object.keys(effective).length === 0) return [];
  return [{ type: 'SpaceUpdated', data: { spaceId: id, changes: effective, updatedAt: now.toISOString() } }];
}

/** Restoring within the window; a space whose collection is gone comes back at the top level. */
function restore(s: SpaceState, id: string, now: Date, topLevel: string | undefined): SpaceEvent[] {
  if (s.status === 'none' || s.status === 'purged') throw new SpaceNotFound(id);
  if (s.status === 'active') return [];
  if (now.getTime() >= restoreDeadline(s.deletedAt!).getTime()) throw new RestoreWindowExpired(id);
  const sp = s.space!;
  const restored: SpaceEvent = {
    type: 'SpaceRestored',
    data: { spaceId: id, organizationId: sp.organizationId, deletedAt: s.deletedAt!, restoredAt: now.toISOString() },
  };
  if (topLevel === undefined || !sp.parent) return [restored];
  return [restored, ...move(sp, { parent: null, position: topLevel }, now)];
}

/**
 * Fired by the restore-window timer. It checks its own state, so a timer that fires twice, or
 * after a restore, or for an earlier deletion, changes nothing; and it never purges early.
 */
function purge(s: SpaceState, id: string, deletedAt: string, now: Date): SpaceEvent[] {
  if (s.status !== 'deleted' || s.deletedAt !== deletedAt) return [];
  if (now.getTime() < restoreDeadline(deletedAt).getTime()) return [];
  return [{ type: 'SpacePurged', data: { spaceId: id, organizationId: s.space!.organizationId, deletedAt, purgedAt: now.toISOString() } }];
}

function move(sp: SpaceCreated, to: Placement, now: Date): SpaceEvent[] {
  const at = now.toISOString();
  return [
    { type: 'SpaceMoved', data: { spaceId: sp.spaceId, organizationId: sp.organizationId, from: placementOf(sp), to, movedAt: at } },
    ...visibilityAfterLeaving(sp, to, at),
  ];
}

/** To another organization, landing at `to`; the rules of a transfer are in space-moves.ts. */
function transfer(s: SpaceState, sp: SpaceCreated, organizationId: string, to: Placement, pendingChangeRequests: number, now: Date): SpaceEvent[] {
  assertTransferable(`Space ${sp.spaceId}`, sp.organizationId, [{ id: sp.spaceId, teams: Object.keys(s.grants.teams), pendingChangeRequests }]);
  const at = now.toISOString();
  return [
    {
      type: 'SpaceTransferred',
      data: { spaceId: sp.spaceId, from: sp.organizationId, to: organizationId, previous: placementOf(sp), ...to, transferredAt: at },
    },
    ...visibilityAfterLeaving(sp, to, at),
  ];
}

function grantEvents(spaceId: string, organizationId: string, changes: GrantChange[]): SpaceEvent[] {
  return changes.map(({ kind, id, role, previousRole }): SpaceEvent => {
    if (kind === 'user') {
      return role
        ? { type: 'SpacePermissionGranted', data: { spaceId, organizationId, userId: id, role, previousRole } }
        : { type: 'SpacePermissionRevoked', data: { spaceId, organizationId, userId: id, previousRole: previousRole! } };
    }
    return role
      ? { type: 'SpaceTeamPermissionGranted', data: { spaceId, organizationId, teamId: id, role, previousRole } }
      : { type: 'SpaceTeamPermissionRevoked', data: { spaceId, organizationId, teamId: id, previousRole: previousRole! } };
  });
}

function decide(c: SpaceCommand, s: SpaceState, now: Date): SpaceEvent[] {
  switch (c.type) {
    case 'CreateSpace':
      return create(
        s,
        { ...c.settings, spaceId: c.spaceId, organizationId: c.organizationId, ...c.placement, revision: c.revision, duplicatedFrom: null },
        now,
      );
    case 'DuplicateSpace': {
      const { source } = c;
      const settings = { ...source.settings, title: copyTitle(source.settings.title) };
      return create(
        s,
        { ...settings, spaceId: c.spaceId, organizationId: source.organizationId, ...c.placement, revision: c.revision, duplicatedFrom: source.spaceId },
        now,
      );
    }
    case 'UpdateSpace':
      return decideUpdate(s, c.spaceId, c.changes, now);
    case 'DeleteSpace':
      // Deleting starts the 7-day restore window; deleting what is not there is a no-op (204).
      return s.status !== 'active'
        ? []
        : [{ type: 'SpaceDeleted', data: { spaceId: c.spaceId, organizationId: s.space!.organizationId, deletedAt: now.toISOString() } }];
    case 'RestoreSpace':
      return restore(s, c.spaceId, now, c.topLevel);
    case 'PurgeSpace':
      return purge(s, c.spaceId, c.deletedAt, now);
    case 'MoveSpace':
      return move(live(s, c.spaceId), c.to, now);
    case 'TransferSpace': {
      const sp = live(s, c.spaceId);
      assertChangesOrganization(`Space ${c.spaceId}`, sp.organizationId, c.organizationId);
      return transfer(s, sp, c.organizationId, c.placement, c.pendingChangeRequests, now);
    }
    case 'TransferSpaceWithCollection':
      if (s.status !== 'active' || s.space!.organizationId === c.organizationId) return [];
      return transfer(s, s.space!, c.organizationId, placementOf(s.space!), c.pendingChangeRequests, now);
    case 'SetSpaceGrants': {
      const sp = live(s, c.spaceId);
      return grantEvents(c.spaceId, sp.organizationId, grantChanges(s.grants, c, c.role));
    }
    case 'RevokeSpaceTeamGrant':
      if (s.status !== 'active' && s.status !== 'deleted') return [];
      return grantEvents(c.spaceId, s.space!.organizationId, grantChanges(s.grants, { teams: [c.teamId] }, null));
    default:
      return unreachable(c);
  }
}

/** The space aggregate: one stream per space (`spaces.space-<id>`). */
export const space: Decider<SpaceState, SpaceCommand, SpaceEvent> = {
  initialState: { status: 'none', space: null, deletedAt: null, grants: noGrants() },
  evolve,
  decide,
};
