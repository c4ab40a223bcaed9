import { DomainEvent, Role } from '@app/platform';
import type { DefaultLevel } from './authorization';

export const VISIBILITIES = ['public', 'unlisted', 'share-link', 'visitor-auth', 'in-collection', 'private'] as const;
export const EDIT_MODES = ['live', 'locked'] as const;
export type Visibility = (typeof VISIBILITIES)[number];
export type EditMode = (typeof EDIT_MODES)[number];
export type { DefaultLevel };
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

/** The events of a space stream; their type strings are stable (never renamed). */
export type SpaceEvent =
  | DomainEvent<'SpaceCreated', SpaceCreated>
  | DomainEvent<'SpaceUpdated', { spaceId: string; changes: Partial<SpaceSettings>; updatedAt: string }>
  | DomainEvent<'SpaceDeleted', { spaceId: string; organizationId: string; deletedAt: string }>
  | DomainEvent<'SpaceRestored', { spaceId: string; organizationId: string; deletedAt: string; restoredAt: string }>
  | DomainEvent<'SpacePurged', { spaceId: string; organizationId: string; deletedAt: string; purgedAt: string }>
  | DomainEvent<'SpaceMoved', { spaceId: string; organizationId: string; from: Placement; to: Placement; movedAt: string }>
  | DomainEvent<
      'SpaceTransferred',
      { spaceId: string; from: string; to: string; previous: Placement; parent: string | null; position: string; transferredAt: string }
    >
  | DomainEvent<'SpacePermissionGranted', { spaceId: string; organizationId: string; userId: string; role: Role; previousRole: Role | null }>
  | DomainEvent<'SpacePermissionRevoked', { spaceId: string; organizationId: string; userId: string; previousRole: Role }>
  | DomainEvent<'SpaceTeamPermissionGranted', { spaceId: string; organizationId: string; teamId: string; role: Role; previousRole: Role | null }>
  | DomainEvent<'SpaceTeamPermissionRevoked', { spaceId: string; organizationId: string; teamId: string; previousRole: Role }>;

export const SPACE_EVENT_TYPES: ReadonlyArray<SpaceEvent['type']> = [
  'SpaceCreated',
  'SpaceUpdated',
  'SpaceDeleted',
  'SpaceRestored',
  'SpacePurged',
  'SpaceMoved',
  'SpaceTransferred',
  'SpacePermissionGranted',
  'SpacePermissionRevoked',
  'SpaceTeamPermissionGranted',
  'SpaceTeamPermissionRevoked',
];
