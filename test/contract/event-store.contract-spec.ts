/**
 * One contract for every EventStore adapter: SQLite always, EventStoreDB when
 * EVENTSTORE_CONNECTION_STRING points at a server. Stream names carry a random suffix so the
 * suite can share a server with other runs.
 */
import { spawn } from 'child_process';
import { randomBytes, randomUUID } from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as readline from 'readline';
import { EventStore, NewEvent, RecordedEvent, WrongExpectedRevisionError } from '@app/platform/event-store/event-store.port';
import { SqliteEventStore } from '@app/platform/event-store/sqlite-event-store';

const ROOT = path.resolve(__dirname, '..', '..');

export interface EventStoreHarness {
  /** A new store instance over the same storage (a reopened file, a new connection). */
  open(): Promise<EventStore>;
  cleanup(): Promise<void>;
  /** Embedded stores only: the data file other processes can append to. */
  file?: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(condition: () => boolean, what: string, timeoutMs = 20000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

function event(type = 'ContractTested', data: unknown = {}): NewEvent {
  return {
    id: randomUUID(), // EventStoreDB requires UUID event ids
    type,
    data,
    metadata: { actor: 'contract', occurredAt: new Date().toISOString(), correlationId: randomUUID(), causationId: null, schemaVersion: 1 },
  };
}

const ids = (events: Array<{ id: string }>) => events.map((e) => e.id);

function expectStrictlyIncreasing(positions: number[]) {
  positions.slice(1).forEach((p, i) => expect(p).toBeGreaterThan(positions[i]));
}

async function conflict(promise: Promise<unknown>): Promise<WrongExpectedRevisionError> {
  const error = await promise.then(
    () => null,
    (e) => e,
  );
  expect(error).toBeInstanceOf(WrongExpectedRevisionError);
  return error as WrongExpectedRevisionError;
}

export interface EventStoreContractOptions {
  /** Embedded stores: other processes append to the same data file (`harness.file`). */
  crossProcess?: boolean;
}

export function runEventStoreContract(name: string, factory: () => Promise<EventStoreHarness>, options: EventStoreContractOptions = {}): void {
  describe(`${name} event store contract`, () => {
    const run = randomBytes(4).toString('hex');
    let counter = 0;
    /** A stream name no other test (or run) uses. */
    const fresh = (label: string) => `contract-${run}-${label}-${++counter}`;
    let harness: EventStoreHarness;
    let store: EventStore;

    beforeAll(async () => {
      harness = await factory();
      store = await harness.open();
    });
    afterAll(async () => {
      await store?.close();
      await harness?.cleanup();
    });

    it('no_stream appends to a new stream and refuses an existing one, naming the stream', async () => {
      const stream = fresh('no-stream');
      expect((await store.append(stream, [event()], 'no_stream')).nextRevision).toBe(0);
      const error = await conflict(store.append(stream, [event()], 'no_stream'));
      expect(error.stream).toBe(stream);
      expect(error.message).toContain(stream);
      expect(error.actual).toBe(0);
      expect(await store.readStream(stream)).toHaveLength(1);
    });

    it('an exact expected revision must be the last revision of the stream', async () => {
      const stream = fresh('exact');
      expect((await store.append(stream, [event(), event()], 'no_stream')).nextRevision).toBe(1);
      expect((await store.append(stream, [event()], 1)).nextRevision).toBe(2);
      for (const stale of [0, 1, 3]) {
        const error = await conflict(store.append(stream, [event()], stale));
        expect(error.stream).toBe(stream);
        expect(error.actual).toBe(2);
      }
      const missing = fresh('exact-missing');
      expect((await conflict(store.append(missing, [event()], 0))).actual).toBe('no_stream');
      expect(await store.readStream(stream)).toHaveLength(3);
      expect(await store.readStream(missing)).toEqual([]);
    });

    it('any appends whether or not the stream exists', async () => {
      const stream = fresh('any');
      expect((await store.append(stream, [event()], 'any')).nextRevision).toBe(0);
      expect((await store.append(stream, [event(), event()], 'any')).nextRevision).toBe(2);
      expect((await store.readStream(stream)).map((e) => e.revision)).toEqual([0, 1, 2]);
    });

    it('stream_exists refuses a missing stream and appends to an existing one', async () => {
      const stream = fresh('exists');
      const error = await conflict(store.append(stream, [event()], 'stream_exists'));
      expect(error.stream).toBe(stream);
      expect(error.actual).toBe('no_stream');
      await store.append(stream, [event()], 'no_stream');
      expect((await store.append(stream, [event()], 'stream_exists')).nextRevision).toBe(1);
    });

    it('of 20 concurrent appends at one expected revision exactly one wins', async () => {
      const stream = fresh('race');
      await store.append(stream, [event()], 'no_stream');
      // Several connections, so a server adapter really receives the appends concurrently.
      const writers = [store, ...(await Promise.all([1, 2, 3].map(() => harness.open())))];
      try {
        const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => writers[i % writers.length].append(stream, [event()], 0)));
        const won = results.filter((r) => r.status === 'fulfilled');
        const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(19);
        for (const r of lost) {
          expect(r.reason).toBeInstanceOf(WrongExpectedRevisionError);
          expect(r.reason.stream).toBe(stream);
        }
        expect(await store.readStream(stream)).toHaveLength(2);
      } finally {
        await Promise.all(writers.slice(1).map((w) => w.close()));
      }
    });

    it('retrying an append with the same event ids writes no duplicate, also after reopening the store', async () => {
      const stream = fresh('retry');
      const batch = [event(), event()];
      const first = await store.append(stream, batch, 'no_stream');
      expect(await store.append(stream, batch, 'no_stream')).toEqual(first);
      // A retry after a crash: the store is closed and opened again on the same storage.
      await store.close();
      store = await harness.open();
      expect(await store.append(stream, batch, 'no_stream')).toEqual(first);
      const stored = await store.readStream(stream);
      expect(ids(stored)).toEqual(ids(batch));
      expect(stored[1].position).toBe(first.position);
    });

    it('positions are global and strictly increasing in commit order across streams', async () => {
      const prefix = fresh('order');
      const before = await store.headPosition();
      const appended: string[] = [];
      const results: number[] = [];
      for (let i = 0; i < 9; i++) {
        const batch = i % 2 ? [event()] : [event(), event()];
        const result = await store.append(`${prefix}-${i % 3}`, batch, 'any');
        appended.push(...ids(batch));
        results.push(result.position);
      }
      expectStrictlyIncreasing(results);
      const all = await store.readAll({ after: before, streamPrefix: prefix });
      expect(ids(all)).toEqual(appended);
      expectStrictlyIncreasing(all.map((e) => e.position));
      // An append reports the position of its last event.
      expect(results.every((p) => all.some((e) => e.position === p))).toBe(true);
      expect(all[all.length - 1].position).toBe(results[results.length - 1]);
      expect(await store.headPosition()).toBeGreaterThanOrEqual(results[results.length - 1]);
    });

    it('reads a stream forwards and backwards from a revision, up to a count', async () => {
      const stream = fresh('read');
      const batch = [0, 1, 2, 3, 4].map((i) => event('ContractRead', { i, nested: { list: [i, 'x'] } }));
      await store.append(stream, batch.slice(0, 2), 'no_stream');
      await store.append(stream, batch.slice(2), 1);
      const all = await store.readStream(stream);
      expect(all).toEqual(batch.map((e, revision) => ({ ...e, stream, revision, position: expect.any(Number) })));
      const revisions = (events: RecordedEvent[]) => events.map((e) => e.revision);
      expect(revisions(await store.readStream(stream, { fromRevision: 2 }))).toEqual([2, 3, 4]);
      expect(revisions(await store.readStream(stream, { fromRevision: 1, maxCount: 2 }))).toEqual([1, 2]);
      expect(revisions(await store.readStream(stream, { fromRevision: 5 }))).toEqual([]);
      expect(revisions(await store.readStream(stream, { direction: 'backwards' }))).toEqual([4, 3, 2, 1, 0]);
      expect(revisions(await store.readStream(stream, { direction: 'backwards', fromRevision: 3, maxCount: 2 }))).toEqual([3, 2]);
      expect(revisions(await store.readStream(stream, { direction: 'backwards', maxCount: 1 }))).toEqual([4]);
      expect(await store.readStream(fresh('unknown'))).toEqual([]);
      expect(await store.readStream(fresh('unknown'), { direction: 'backwards' })).toEqual([]);
    });

    it('readAll is exclusive of `after`, filters by stream prefix and honours maxCount', async () => {
      const prefix = fresh('all');
      const base = await store.headPosition();
      const [a1, b1, a2, b2] = [event(), event(), event(), event()];
      const p1 = (await store.append(`${prefix}-a-1`, [a1], 'any')).position;
      await store.append(`${prefix}-b-1`, [b1], 'any');
      await store.append(`${prefix}-a-2`, [a2], 'any');
      const p4 = (await store.append(`${prefix}-b-1`, [b2], 'any')).position;
      expect(ids(await store.readAll({ after: base, streamPrefix: prefix }))).toEqual(ids([a1, b1, a2, b2]));
      expect(ids(await store.readAll({ after: p1, streamPrefix: prefix }))).toEqual(ids([b1, a2, b2]));
      expect(ids(await store.readAll({ after: base, streamPrefix: `${prefix}-a-` }))).toEqual(ids([a1, a2]));
      expect(ids(await store.readAll({ after: base, streamPrefix: prefix, maxCount: 2 }))).toEqual(ids([a1, b1]));
      expect(await store.readAll({ after: p4, streamPrefix: prefix })).toEqual([]);
      const mine = new Set(ids([a1, b1, a2, b2]));
      const unfiltered = await store.readAll({ after: base });
      expect(ids(unfiltered.filter((e) => mine.has(e.id)))).toEqual(ids([a1, b1, a2, b2]));
      expect(unfiltered.every((e) => e.position > base && !e.type.startsWith('$'))).toBe(true);
    });

    it('a catch-up subscription delivers every event after its checkpoint in order, once, including live ones', async () => {
      const prefix = fresh('subscribe');
      const early = [event(), event(), event(), event(), event()];
      await store.append(`${prefix}-1`, early.slice(0, 2), 'no_stream');
      await store.append(`${prefix}-2`, early.slice(2, 3), 'no_stream');
      await store.append(`${prefix}-1`, early.slice(3), 1);
      const checkpoint = (await store.readStream(`${prefix}-1`))[1].position;

      const received: RecordedEvent[] = [];
      const positions: number[] = [];
      let inFlight = 0;
      let maxInFlight = 0;
      const subscription = store.subscribeToAll(checkpoint, async (batch) => {
        maxInFlight = Math.max(maxInFlight, ++inFlight);
        await sleep(5); // a slow handler: the next batch must wait for it
        positions.push(...batch.map((e) => e.position));
        received.push(...batch.filter((e) => e.stream.startsWith(prefix)));
        inFlight--;
      });
      try {
        await waitFor(() => received.length >= 3, 'the events after the checkpoint');
        const live = [event(), event(), event(), event()];
        await store.append(`${prefix}-2`, live.slice(0, 2), 0);
        await store.append(`${prefix}-3`, live.slice(2, 3), 'no_stream');
        await store.append(`${prefix}-1`, live.slice(3), 'any');
        await waitFor(() => received.length >= 7, 'the live events');
        await sleep(200); // anything delivered twice would show up now
        expect(ids(received)).toEqual(ids([...early.slice(2), ...live]));
        expect(positions.every((p) => p > checkpoint)).toBe(true);
        expectStrictlyIncreasing(positions);
        expect(maxInFlight).toBe(1);
      } finally {
        await subscription.close();
      }
    });

    it('a throwing handler closes its subscription and reports the error', async () => {
      const stream = fresh('failing');
      const errors: Error[] = [];
      let calls = 0;
      const subscription = store.subscribeToAll(
        await store.headPosition(),
        async () => {
          calls++;
          throw new Error('handler failed');
        },
        (e) => errors.push(e),
      );
      try {
        await store.append(stream, [event()], 'no_stream');
        await waitFor(() => errors.length > 0, 'onError');
        await store.append(stream, [event()], 0);
        await sleep(200);
        expect(errors.map((e) => e.message)).toEqual(['handler failed']);
        expect(calls).toBe(1);
      } finally {
        await subscription.close();
      }
    });

    if (!options.crossProcess) return;

    it('delivers events appended by another process to the same data folder, once each, never skipping a late commit', async () => {
      const file = harness.file!;
      const prefix = fresh('cross-process');
      const count = 400;
      const start = await store.headPosition();
      const seen: RecordedEvent[] = [];
      const subscription = store.subscribeToAll(start, async (batch) => {
        seen.push(...batch);
      });
      const writer = await harness.open(); // a second connection in this process, racing the child
      try {
        const child = spawn(
          process.execPath,
          ['-r', './test/support/register-ts.js', 'test/contract/fixtures/append-from-child.ts', file, `${prefix}-child`, String(count)],
          { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
        );
        let stderr = '';
        child.stderr!.on('data', (d) => (stderr += d));
        const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
        const ready = new Promise<void>((resolve) => readline.createInterface({ input: child.stdout! }).on('line', (l) => l === 'ready' && resolve()));
        await Promise.race([ready, exited]);
        for (let i = 0; i < count; i++) {
          await writer.append(`${prefix}-parent`, [event('ParentAppended', { i })], 'any');
          await new Promise((r) => setImmediate(r)); // let the subscriber poll between commits
        }
        const code = await exited;
        if (code !== 0) throw new Error(`the appending child exited with ${code}: ${stderr}`);
        await waitFor(() => seen.length >= 2 * count, 'every event of both processes');
        await sleep(100);
      } finally {
        await subscription.close();
        await writer.close();
      }
      const committed = await store.readAll({ after: start });
      expect(committed).toHaveLength(2 * count);
      expect(seen.map((e) => e.position)).toEqual(committed.map((e) => e.position));
      expect(new Set(ids(seen)).size).toBe(seen.length);
      expect(seen.filter((e) => e.stream === `${prefix}-child`).map((e) => (e.data as { i: number }).i)).toEqual([...Array(count).keys()]);
      expect(seen.filter((e) => e.stream === `${prefix}-parent`)).toHaveLength(count);
      // The two processes really raced: their commits interleave.
      const switches = seen.filter((e, i) => i > 0 && e.stream !== seen[i - 1].stream).length;
      expect(switches).toBeGreaterThan(2);
      // Positions are dense in the embedded store: a gap would be a commit the subscriber skipped.
      seen.forEach((e, i) => expect(e.position).toBe(start + 1 + i));
    });
  });
}

runEventStoreContract(
  'SQLite',
  async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'event-store-contract-'));
    const file = path.join(dir, 'events.sqlite');
    return {
      file,
      open: async () => new SqliteEventStore(file),
      cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  },
  { crossProcess: true },
);

const esdb = process.env.EVENTSTORE_CONNECTION_STRING;
if (esdb) {
  runEventStoreContract('EventStoreDB', async () => {
    // Loaded only when needed, like the application does, so SQLite-only runs skip gRPC.
    const { EventStoreDbEventStore } = await import('@app/platform/event-store/esdb-event-store');
    return { open: () => EventStoreDbEventStore.connect(esdb), cleanup: async () => undefined };
  });
} else {
  it('EventStoreDB contract: SKIPPED — EVENTSTORE_CONNECTION_STRING is not set', () => {
    console.warn('EventStoreDB contract: SKIPPED — EVENTSTORE_CONNECTION_STRING is not set');
  });
}
