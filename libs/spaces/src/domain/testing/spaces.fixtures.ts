import type { CollectionCreated } from '../collection';
import type { SpaceCreated, SpaceSettings } from '../space';

/** Shared data of the spaces context's specs (deciders and projections): one space, one collection. */
export const FIXTURE_T0 = '2026-01-01T00:00:00.000Z';

export const spaceSettings: SpaceSettings = {
  title: 'Docs',
  emoji: '',
  icon: null,
  visibility: 'private',
  editMode: 'live',
  language: null,
  defaultLevel: null,
  mergeRules: { type: 'inherit' },
};

export const spaceCreatedData: SpaceCreated = {
  ...spaceSettings,
  spaceId: 's1',
  organizationId: 'o1',
  parent: null,
  position: 'V',
  revision: 'r1',
  createdAt: FIXTURE_T0,
  duplicatedFrom: null,
};

export const collectionCreatedData: CollectionCreated = {
  collectionId: 'c1',
  organizationId: 'o1',
  title: 'Guides',
  description: '',
  parent: null,
  position: 'V',
  defaultLevel: null,
  createdAt: FIXTURE_T0,
  createdBy: 'u1',
};
