import { DomainEvent, Evolver, NotFound, Role } from '@app/platform';

export const RESTORE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
export const VISIBILITIES = ['public', 'unlisted', 'share-link', 'visitor-auth', 'in-collection', 'private'] as const;
export const EDIT_MODES = ['live', 'locked'] as const;
export type Visibility = (typeof VISIBILITIES)[number];
export type EditMode = (typeof EDIT_MODES)[number];
export type DefaultLevel = Role | null | 'inherit';
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
}

export type SpaceEvent =
  | DomainEvent<'SpaceCreated', SpaceCreated>
  | DomainEvent<'SpaceUpdated', { spaceId: string; changes: Partial<SpaceSettings>; updatedAt: string }>
  | DomainEvent<'SpaceDeleted', { spaceId: string; organizationId: string; deletedAt: string }>
  | DomainEvent<'SpaceRestored', { spaceId: string; organizationId: string; deletedAt: string; restoredAt: string }>
  | DomainEvent<'SpacePurged', { spaceId: string; organizationId: string; deletedAt: string; purgedAt: string }>;

export interface SpaceState {
  status: 'none' | 'active' | 'deleted' | 'purged';
  space: SpaceCreated | null;
  deletedAt: string | null;
}

export const spaceStream = (id: string) => `spaces.space-${id}`;

export const space: Evolver<SpaceState, SpaceEvent> = {
  initialState: { status: 'none', space: null, deletedAt: null },
  evolve(s, e) {
    switch (e.type) {
      case 'SpaceCreated': return { status: 'active', space: e.data, deletedAt: null };
      case 'SpaceUpdated': return { ...s, space: { ...s.space!, ...e.data.changes } };
      case 'SpaceDeleted': return { ...s, status: 'deleted', deletedAt: e.data.deletedAt };
      case 'SpaceRestored': return { ...s, status: 'active', deletedAt: null };
      case 'SpacePurged': return { ...s, status: 'purged' };
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

export function decideRestore(s: SpaceState, id: string, now: Date): SpaceEvent[] {
  if (s.status === 'none' || s.status === 'purged') throw new SpaceNotFound(id);
  if (s.status === 'active') return [];
  if (now.getTime() >= restoreDeadline(s.deletedAt!).getTime()) throw new RestoreWindowExpired(id);
  return [{ type: 'SpaceRestored', data: { spaceId: id, organizationId: s.space!.organizationId, deletedAt: s.deletedAt!, restoredAt: now.toISOString() } }];
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
