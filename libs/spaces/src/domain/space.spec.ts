import { given } from '@app/platform/testing/given';
import { RestoreWindowExpired, space, SpaceCommand, SpaceEvent, SpaceNotFound, SpaceSettings } from './space';
import { VisibilityNeedsCollection } from './space-visibility';
import { spaceCreatedData, spaceSettings } from './testing/spaces.fixtures';

/* The space decider's lifecycle: create, duplicate, update, delete, restore, purge. */

const at = (iso: string) => new Date(iso);
const T0 = '2026-01-01T00:00:00.000Z';
const settings = spaceSettings;
const data = spaceCreatedData;
const created: SpaceEvent = { type: 'SpaceCreated', data };
const inCollection: SpaceEvent = { type: 'SpaceCreated', data: { ...data, parent: 'c1', visibility: 'in-collection' } };
const deleted = (deletedAt: string): SpaceEvent => ({ type: 'SpaceDeleted', data: { spaceId: 's1', organizationId: 'o1', deletedAt } });
const restored = (deletedAt: string, restoredAt: string): SpaceEvent => ({
  type: 'SpaceRestored',
  data: { spaceId: 's1', organizationId: 'o1', deletedAt, restoredAt },
});
const purged = (deletedAt: string, purgedAt: string): SpaceEvent => ({
  type: 'SpacePurged',
  data: { spaceId: 's1', organizationId: 'o1', deletedAt, purgedAt },
});

const create = (over: Partial<SpaceSettings> = {}, parent: string | null = null): SpaceCommand => ({
  type: 'CreateSpace',
  spaceId: 's1',
  organizationId: 'o1',
  settings: { ...settings, ...over },
  placement: { parent, position: 'V' },
  revision: 'r1',
});
const update = (changes: Partial<SpaceSettings>): SpaceCommand => ({ type: 'UpdateSpace', spaceId: 's1', changes });
const del: SpaceCommand = { type: 'DeleteSpace', spaceId: 's1' };
const restore = (topLevel?: string): SpaceCommand => ({ type: 'RestoreSpace', spaceId: 's1', ...(topLevel ? { topLevel } : {}) });
const purge = (deletedAt: string): SpaceCommand => ({ type: 'PurgeSpace', spaceId: 's1', deletedAt });

describe('space decider: create and duplicate', () => {
  it('creates with the moment of the decision; an existing stream (a replayed create) decides nothing', () => {
    given(space).whenCommand(create(), at(T0)).then([created]);
    given(space, created).whenCommand(create(), at(T0)).thenNothing();
  });

  it('refuses in-collection visibility at the top level (400), allows it inside a collection', () => {
    given(space)
      .whenCommand(create({ visibility: 'in-collection' }))
      .thenThrows(VisibilityNeedsCollection);
    given(space)
      .whenCommand(create({ visibility: 'in-collection' }, 'c1'), at(T0))
      .then([inCollection]);
  });

  it('a duplicate takes the source settings, a "(copy)" title within 50 characters and names its source', () => {
    const duplicate = (title: string): SpaceCommand => ({
      type: 'DuplicateSpace',
      spaceId: 's2',
      revision: 'r2',
      placement: { parent: 'c1', position: 'W' },
      source: { spaceId: 's1', organizationId: 'o1', settings: { ...settings, title, visibility: 'public' } },
    });
    const copy = (title: string): SpaceEvent => ({
      type: 'SpaceCreated',
      data: {
        ...settings,
        title,
        visibility: 'public',
        spaceId: 's2',
        organizationId: 'o1',
        parent: 'c1',
        position: 'W',
        revision: 'r2',
        createdAt: T0,
        duplicatedFrom: 's1',
      },
    });
    given(space)
      .whenCommand(duplicate('Docs'), at(T0))
      .then([copy('Docs (copy)')]);
    given(space)
      .whenCommand(duplicate('x'.repeat(48)), at(T0))
      .then([copy(`${'x'.repeat(48)} (`)]);
    given(space, created).whenCommand(duplicate('Docs')).thenNothing();
  });
});

describe('space decider: update', () => {
  it('changes only what differs; nothing when nothing differs', () => {
    given(space, created)
      .whenCommand(update({ title: 'Docs', editMode: 'locked' }), at('2026-01-02'))
      .then([{ type: 'SpaceUpdated', data: { spaceId: 's1', changes: { editMode: 'locked' }, updatedAt: '2026-01-02T00:00:00.000Z' } }]);
    given(space, created)
      .whenCommand(update({ title: 'Docs' }))
      .thenNothing();
    given(space, created).whenCommand(update({})).thenNothing();
  });

  it('a deleted space or one that never existed is not found (404)', () => {
    given(space, created, deleted('2026-01-02T00:00:00.000Z'))
      .whenCommand(update({ title: 'x' }))
      .thenThrows(SpaceNotFound);
    given(space)
      .whenCommand(update({ title: 'x' }))
      .thenThrows(SpaceNotFound);
  });

  it('in-collection only for a space in a collection (400)', () => {
    given(space, created)
      .whenCommand(update({ visibility: 'in-collection' }))
      .thenThrows(VisibilityNeedsCollection);
    given(space, inCollection)
      .whenCommand(update({ visibility: 'public' }), at('2026-01-02'))
      .then([{ type: 'SpaceUpdated', data: { spaceId: 's1', changes: { visibility: 'public' }, updatedAt: '2026-01-02T00:00:00.000Z' } }]);
  });
});

describe('space decider: delete, restore, purge', () => {
  it('deleting starts the window; deleting twice or deleting nothing decides nothing (204)', () => {
    given(space, created)
      .whenCommand(del, at('2026-01-02'))
      .then([deleted('2026-01-02T00:00:00.000Z')]);
    given(space).whenCommand(del).thenNothing();
    given(space, created, deleted('2026-01-02T00:00:00.000Z')).whenCommand(del).thenNothing();
  });

  it('restores within the window, not from its deadline on (404)', () => {
    given(space, created, deleted(T0))
      .whenCommand(restore(), at('2026-01-07T23:59:59.999Z'))
      .then([restored(T0, '2026-01-07T23:59:59.999Z')]);
    given(space, created, deleted(T0)).whenCommand(restore(), at('2026-01-08T00:00:00.000Z')).thenThrows(RestoreWindowExpired);
  });

  it('restoring what never existed or was purged is not found; restoring a live space decides nothing', () => {
    given(space).whenCommand(restore()).thenThrows(SpaceNotFound);
    given(space, created, deleted(T0), purged(T0, '2026-01-08T00:00:00.000Z')).whenCommand(restore(), at('2026-01-09')).thenThrows(SpaceNotFound);
    given(space, created).whenCommand(restore()).thenNothing();
  });

  it('a space whose collection is gone comes back at the top level, and in-collection becomes private', () => {
    const restoredAt = '2026-01-03T00:00:00.000Z';
    given(space, inCollection, deleted(T0))
      .whenCommand(restore('Z'), at(restoredAt))
      .then([
        restored(T0, restoredAt),
        {
          type: 'SpaceMoved',
          data: { spaceId: 's1', organizationId: 'o1', from: { parent: 'c1', position: 'V' }, to: { parent: null, position: 'Z' }, movedAt: restoredAt },
        },
        { type: 'SpaceUpdated', data: { spaceId: 's1', changes: { visibility: 'private' }, updatedAt: restoredAt } },
      ]);
    // Already at the top level: the key is not needed.
    given(space, created, deleted(T0))
      .whenCommand(restore('Z'), at(restoredAt))
      .then([restored(T0, restoredAt)]);
  });

  it('purges never early, only the deletion it was scheduled for, and only once', () => {
    const due = '2026-01-08T00:00:00.000Z';
    given(space, created, deleted(T0)).whenCommand(purge(T0), at('2026-01-07T23:59:59.999Z')).thenNothing();
    given(space, created, deleted(T0))
      .whenCommand(purge(T0), at(due))
      .then([purged(T0, due)]);
    given(space, created, deleted(T0), restored(T0, '2026-01-02T00:00:00.000Z')).whenCommand(purge(T0), at('2026-02-01')).thenNothing();
    given(space, created, deleted(T0), restored(T0, '2026-01-02T00:00:00.000Z'), deleted('2026-01-03T00:00:00.000Z'))
      .whenCommand(purge(T0), at(due))
      .thenNothing();
    given(space, created, deleted(T0), purged(T0, due)).whenCommand(purge(T0), at('2026-02-01')).thenNothing();
    given(space).whenCommand(purge(T0), at(due)).thenNothing();
  });
});
