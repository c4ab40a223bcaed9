import { given } from '@app/platform/testing/given';
import {
  decideCreate, decideDelete, decidePurge, decideRestore, decideUpdate, RestoreWindowExpired, space, SpaceCreated, SpaceEvent, SpaceNotFound,
} from './space';

const at = (iso: string) => new Date(iso);
const data: SpaceCreated = {
  spaceId: 's1', organizationId: 'o1', parent: null, revision: 'r1', createdAt: '2026-01-01T00:00:00.000Z', duplicatedFrom: null,
  title: 'Docs', emoji: '', icon: null, visibility: 'private', editMode: 'live', language: null, defaultLevel: null, mergeRules: { type: 'inherit' },
};
const created: SpaceEvent = { type: 'SpaceCreated', data };
const deleted = (deletedAt: string): SpaceEvent => ({ type: 'SpaceDeleted', data: { spaceId: 's1', organizationId: 'o1', deletedAt } });
const restored = (deletedAt: string, restoredAt: string): SpaceEvent => ({ type: 'SpaceRestored', data: { spaceId: 's1', organizationId: 'o1', deletedAt, restoredAt } });

describe('space decider', () => {
  it('creates once', () => {
    given(space).when((s) => decideCreate(s, data)).then([created]);
    given(space, created).when((s) => decideCreate(s, data)).thenNothing();
  });

  it('updates only what changes', () => {
    given(space, created).when((s) => decideUpdate(s, 's1', { title: 'Docs', editMode: 'locked' }, at('2026-01-02')))
      .then([{ type: 'SpaceUpdated', data: { spaceId: 's1', changes: { editMode: 'locked' }, updatedAt: '2026-01-02T00:00:00.000Z' } }]);
    given(space, created).when((s) => decideUpdate(s, 's1', { title: 'Docs' }, at('2026-01-02'))).thenNothing();
    given(space, created, deleted('2026-01-02T00:00:00.000Z')).when((s) => decideUpdate(s, 's1', { title: 'x' }, at('2026-01-03'))).thenThrows(SpaceNotFound);
  });

  it('deleting twice or deleting nothing decides nothing (204)', () => {
    given(space).when((s) => decideDelete(s, 's1', at('2026-01-02'))).thenNothing();
    given(space, created, deleted('2026-01-02T00:00:00.000Z')).when((s) => decideDelete(s, 's1', at('2026-01-03'))).thenNothing();
  });

  it('restores within the window, not after it', () => {
    given(space, created, deleted('2026-01-01T00:00:00.000Z')).when((s) => decideRestore(s, 's1', at('2026-01-07T23:59:59.999Z')))
      .then([restored('2026-01-01T00:00:00.000Z', '2026-01-07T23:59:59.999Z')]);
    given(space, created, deleted('2026-01-01T00:00:00.000Z')).when((s) => decideRestore(s, 's1', at('2026-01-08T00:00:00.000Z'))).thenThrows(RestoreWindowExpired);
    given(space).when((s) => decideRestore(s, 's1', at('2026-01-02'))).thenThrows(SpaceNotFound);
  });

  it('purges never early, only the deletion it was scheduled for, and only once', () => {
    const d = '2026-01-01T00:00:00.000Z';
    given(space, created, deleted(d)).when((s) => decidePurge(s, 's1', d, at('2026-01-07T23:59:59.999Z'))).thenNothing();
    given(space, created, deleted(d)).when((s) => decidePurge(s, 's1', d, at('2026-01-08T00:00:00.000Z')))
      .then([{ type: 'SpacePurged', data: { spaceId: 's1', organizationId: 'o1', deletedAt: d, purgedAt: '2026-01-08T00:00:00.000Z' } }]);
    given(space, created, deleted(d), restored(d, '2026-01-02T00:00:00.000Z')).when((s) => decidePurge(s, 's1', d, at('2026-02-01'))).thenNothing();
    given(space, created, deleted(d), restored(d, '2026-01-02T00:00:00.000Z'), deleted('2026-01-03T00:00:00.000Z'))
      .when((s) => decidePurge(s, 's1', d, at('2026-01-08T00:00:00.000Z'))).thenNothing();
    const purged: SpaceEvent = { type: 'SpacePurged', data: { spaceId: 's1', organizationId: 'o1', deletedAt: d, purgedAt: '2026-01-08T00:00:00.000Z' } };
    given(space, created, deleted(d), purged).when((s) => decidePurge(s, 's1', d, at('2026-02-01'))).thenNothing();
    given(space, created, deleted(d), purged).when((s) => decideRestore(s, 's1', at('2026-01-09'))).thenThrows(SpaceNotFound);
  });
});
