import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { PlatformConfig, ProjectionEngine, SqliteEventStore, SqliteReadStore, newEventId } from '@app/platform';

/** A projection that throws retries with backoff, then parks the event and keeps going. */
describe('projection retries, parking and replay', () => {
  let dir: string;
  let events: SqliteEventStore;
  let reads: SqliteReadStore;
  let engine: ProjectionEngine;
  let failFor = new Set<string>();
  let attempts = 0;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'park-'));
    events = new SqliteEventStore(path.join(dir, 'e.sqlite'));
    reads = new SqliteReadStore(path.join(dir, 'r.sqlite'));
    engine = new ProjectionEngine(events, reads, PlatformConfig.fromEnv({}, { dataDir: dir, retryDelaysMs: [1, 2, 4] }));
    failFor = new Set();
    attempts = 0;
    engine.registerProjection({
      name: 'notes',
      collections: [{ name: 'notes' }],
      handles: ['NoteWritten'],
      async apply(e, ctx) {
        const d = e.data as { id: string; text: string };
        if (failFor.has(d.id)) {
          attempts++;
          throw new Error(`cannot project ${d.id}`);
        }
        ctx.put('notes', { id: d.id, text: d.text });
      },
    });
  });
  afterEach(async () => {
    await engine.stop();
    await events.close();
    await reads.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const write = (id: string) =>
    events.append(
      `notes-${id}`,
      [
        {
          id: newEventId(),
          type: 'NoteWritten',
          data: { id, text: `t-${id}` },
          metadata: { actor: null, occurredAt: new Date().toISOString(), correlationId: 'c', causationId: null, schemaVersion: 1 },
        },
      ],
      'any',
    );

  it('parks after the retries, continues with later events, and replays once fixed', async () => {
    failFor.add('b');
    await write('a');
    await write('b');
    const { position } = await write('c');
    await engine.start();
    await engine.waitFor(position);
    expect(attempts).toBe(4); // first try + 3 retries
    expect(await reads.get('notes', 'a')).toEqual({ id: 'a', text: 't-a' });
    expect(await reads.get('notes', 'b')).toBeNull();
    expect(await reads.get('notes', 'c')).toEqual({ id: 'c', text: 't-c' });
    const parked = await engine.listParked('notes');
    expect(parked).toHaveLength(1);
    expect(parked[0]).toMatchObject({ projection: 'notes', eventType: 'NoteWritten', stream: 'notes-b', error: expect.stringContaining('cannot project b') });

    failFor.clear();
    await engine.replayParked(parked[0].id);
    expect(await reads.get('notes', 'b')).toEqual({ id: 'b', text: 't-b' });
    expect(await engine.listParked()).toEqual([]);
  });

  it('a failed replay leaves the event parked', async () => {
    failFor.add('x');
    const { position } = await write('x');
    await engine.start();
    await engine.waitFor(position);
    const [p] = await engine.listParked();
    await expect(engine.replayParked(p.id)).rejects.toThrow('cannot project x');
    expect(await engine.listParked()).toHaveLength(1);
  });
});
