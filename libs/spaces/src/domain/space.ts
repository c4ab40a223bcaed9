import { DomainEvent, Evolver, NotFound, Role } from '@app/platform';
import { applyGrant, Grants, noGrants } from './grants';

export const RESTORE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
export const VISIBILITIES = ['public', 'unlisted', 'share-link', 'visitor-auth', 'in-collection', 'private'] as const;
export const EDIT_MODES = ['live', 'locked'] as const;
export type Visibility = (typeof VISIBILITIES)[number];
export type EditMode = (typeof EDIT_MODES)[number];
export type { DefaultLevel } from './authorization';
import type { DefaultLevel } from './authorization';
export type SpaceMergeRules = { type: 'inherit' } | { type: 'none' } | { type: 'rules'; rules: Array<Record<string, unknown>> };

/** Settings a space carries; every one of them can be changed with PATCH. */
export interface SpaceSettings {
  title: string;
  emoji: string;
  icon: string | null;
  visibility: Visibility;
  editMode: EditMode;
  language: string | null;
  defaultLevel: DefaultLevel;
  mergeRules: SpaceMergeRules;
}

export interface SpaceCreated extends SpaceSettings {
  spaceId: string;
  organizationId: string;
  parent: string | null;
  revision: string;
  createdAt: string;
  duplicatedFrom: string | null;
  /** Sort key among the children of `parent` (see position.ts); absent on events before ordering existed. */
  position?: string;
}

/** Where a space or collection sits: its parent collection (null: top level) and its sort key there. */
export interface Placement {
  parent: string | null;
  position: string;
}

export type SpaceEvent =
  | DomainEvent<'SpaceCreated', SpaceCreated>
  | DomainEvent<'SpaceUpdated', { spaceId: string; changes: Partial<SpaceSettings>; updatedAt: string }>
  | DomainEvent<'SpaceDeleted', { spaceId: string; organizationId: string; deletedAt: string }>
  | DomainEvent<'SpaceRestored', { spaceId: string; organizationId: string; deletedAt: string; restoredAt: string }>
  | DomainEvent<'SpacePurged', { spaceId: string; organizationId: string; deletedAt: string; purgedAt: string }>
  | DomainEvent<'SpaceMoved', { spaceId: string; organizationId: string; from: Placement; to: Placement; movedAt: string }>
  | DomainEvent<'SpaceTransferred', { spaceId: string; from: string; to: string; previous: Placement; parent: string | null; position: string; transferredAt: string }>
  | DomainEvent<'SpacePermissionGranted', { spaceId: string; organizationId: string; userId: string; role: Role; previousRole: Role | null }>
  | DomainEvent<'SpacePermissionRevoked', { spaceId: string; organizationId: string; userId: string; previousRole: Role }>
  | DomainEvent<'SpaceTeamPermissionGranted', { spaceId: string; organizationId: string; teamId: string; role: Role; previousRole: Role | null }>
  | DomainEvent<'SpaceTeamPermissionRevoked', { spaceId: string; organizationId: string; teamId: string; previousRole: Role }>;

export interface SpaceState {
  status: 'none' | 'active' | 'deleted' | 'purged';
  space: SpaceCreated | null;
  deletedAt: string | null;
  grants: Grants;
}

export const spaceStream = (id: string) => `spaces.space-${id}`;

export const space: Evolver<SpaceState, SpaceEvent> = {
  initialState: { status: 'none', space: null, deletedAt: null, grants: noGrants() },
  evolve(s, e) {
    switch (e.type) {
      case 'SpaceCreated': return { status: 'active', space: e.data, deletedAt: null, grants: noGrants() };
      case 'SpaceUpdated': return { ...s, space: { ...s.space!, ...e.data.changes } };
      case 'SpaceDeleted': return { ...s, status: 'deleted', deletedAt: e.data.deletedAt };
      case 'SpaceRestored': return { ...s, status: 'active', deletedAt: null };
      case 'SpacePurged': return { ...s, status: 'purged' };
      case 'SpaceMoved': return { ...s, space: { ...s.space!, ...e.data.to } };
      case 'SpaceTransferred': return { ...s, space: { ...s.space!, organizationId: e.data.to, parent: e.data.parent, position: e.data.position } };
      case 'SpacePermissionGranted': return { ...s, grants: applyGrant(s.grants, 'user', e.data.userId, e.data.role) };
      case 'SpacePermissionRevoked': return { ...s, grants: applyGrant(s.grants, 'user', e.data.userId, null) };
      case 'SpaceTeamPermissionGranted': return { ...s, grants: applyGrant(s.grants, 'team', e.data.teamId, e.data.role) };
      case 'SpaceTeamPermissionRevoked': return { ...s, grants: applyGrant(s.grants, 'team', e.data.teamId, null) };
    }
  },
};

export class SpaceNotFound extends NotFound {
  constructor(id: string) { super(`No space with id ${id}`); }
}
export class RestoreWindowExpired extends NotFound {
  constructor(id: string) { super(`Space ${id} was deleted more than 7 days ago and can no longer be restored`); }
}

export const restoreDeadline = (deletedAt: string) => new Date(new Date(deletedAt).getTime() + RESTORE_WINDOW_MS);

export function decideCreate(s: SpaceState, data: SpaceCreated): SpaceEvent[] {
  return s.status === 'none' ? [{ type: 'SpaceCreated', data }] : [];
}

export function decideUpdate(s: SpaceState, id: string, changes: Partial<SpaceSettings>, now: Date): SpaceEvent[] {
  if (s.status !== 'active') throw new SpaceNotFound(id);
  const effective = Object.fromEntries(Object.entries(changes).filter(([k, v]) => JSON.stringify((s.space as any)[k]) !== JSON.stringify(v)));
  if (Object.keys(effective).length === 0) return [];
  return [{ type: 'SpaceUpdated', data: { spaceId: id, changes: effective, updatedAt: now.toISOString() } }];
}

/** Deleting starts the 7-day restore window; deleting what does not exist is a no-op (204). */
export function decideDelete(s: SpaceState, id: string, now: Date): SpaceEvent[] {
  if (s.status !== 'active') return [];
  return [{ type: 'SpaceDeleted', data: { spaceId: id, organizationId: s.space!.organizationId, deletedAt: now.toISOString() } }];
}

/**
 * `topLevel` is the key to use when the space's collection was deleted while the space was in
 * the bin (deleting a collection deletes what is inside it): the space comes back at the top level.
 */
export function decideRestore(s: SpaceState, id: string, now: Date, topLevel?: string): SpaceEvent[] {
  if (s.status === 'none' || s.status === 'purged') throw new SpaceNotFound(id);
  if (s.status === 'active') return [];
  if (now.getTime() >= restoreDeadline(s.deletedAt!).getTime()) throw new RestoreWindowExpired(id);
  const restored: SpaceEvent = { type: 'SpaceRestored', data: { spaceId: id, organizationId: s.space!.organizationId, deletedAt: s.deletedAt!, restoredAt: now.toISOString() } };
  if (topLevel === undefined || !s.space!.parent) return [restored];
  return [restored, ...moveEvents(s, id, { parent: null, position: topLevel }, now)];
}

/**
 * A space leaving its collection cannot stay `in-collection` (only allowed inside one): it
 * becomes `private`, the most restrictive choice, so a move never widens who can read it.
 */
export function moveEvents(s: SpaceState, id: string, to: Placement, now: Date): SpaceEvent[] {
  const sp = s.space!;
  const from: Placement = { parent: sp.parent, position: sp.position ?? '' };
  const at = now.toISOString();
  const events: SpaceEvent[] = [{ type: 'SpaceMoved', data: { spaceId: id, organizationId: sp.organizationId, from, to, movedAt: at } }];
  if (to.parent === null && sp.visibility === 'in-collection') {
    events.push({ type: 'SpaceUpdated', data: { spaceId: id, changes: { visibility: 'private' }, updatedAt: at } });
  }
  return events;
}

/**
 * Fired by the restore-window timer. It checks its own state, so a timer that fires twice, or
 * after a restore, or for an earlier deletion, changes nothing; and it never purges early.
 */
export function decidePurge(s: SpaceState, id: string, deletedAt: string, now: Date): SpaceEvent[] {
  if (s.status !== 'deleted' || s.deletedAt !== deletedAt) return [];
  if (now.getTime() < restoreDeadline(deletedAt).getTime()) return [];
  return [{ type: 'SpacePurged', data: { spaceId: id, organizationId: s.space!.organizationId, deletedAt, purgedAt: now.toISOString() } }];
}
