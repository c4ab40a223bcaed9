import { PlatformConfig } from '../config/platform-config';
import { EventStore } from '../event-store/event-store.port';
import { ProjectionEngine } from '../projections/projection-engine';
import { ReadStore } from '../read-store/read-store.port';
import { STREAM_REVISIONS, streamRevisionsProjection } from './stream-revisions.projection';

describe('stream revisions projection', () => {
  // The engine does no I/O until it starts: its stores are not touched here.
  const engine = () => new ProjectionEngine({} as EventStore, {} as ReadStore, new PlatformConfig());

  it('follows every event type the other projections and sagas of the engine handle', () => {
    const e = engine();
    const revisions = streamRevisionsProjection(e);
    e.registerProjection(revisions);
    e.registerProjection({ name: 'spaces', collections: [], handles: ['SpaceCreated', 'SpaceRenamed'], apply: async () => undefined });
    e.registerSaga({ name: 'purge', handles: ['SpaceDeleted', 'SpaceCreated'], react: async () => undefined });
    expect(revisions.handles).toEqual(['SpaceCreated', 'SpaceDeleted', 'SpaceRenamed']);
  });

  it('records the revision of the stream of each event it sees', async () => {
    const puts: unknown[] = [];
    const ctx = { put: (c: string, d: unknown) => puts.push([c, d]) } as never;
    const event = { stream: 'spaces.space-1', revision: 4, type: 'SpaceRenamed' } as never;
    await streamRevisionsProjection(engine()).apply(event, ctx);
    expect(puts).toEqual([[STREAM_REVISIONS, { id: 'spaces.space-1', revision: 4 }]]);
  });
});
