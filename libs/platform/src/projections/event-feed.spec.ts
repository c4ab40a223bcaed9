import { EventStore, RecordedEvent } from '../event-store/event-store.port';
import { EventFeed, SliceEvent } from './event-feed';

const recorded = (position: number): RecordedEvent => ({
  id: `e${position}`,
  type: position % 2 === 0 ? 'Even' : 'Odd',
  stream: 's',
  revision: position,
  position,
  data: {},
  metadata: { actor: null, occurredAt: '2026-01-01T00:00:00.000Z', correlationId: 'c', causationId: null, schemaVersion: 1 },
});

/** A store of events at the given positions that counts what it reads, through readSlice or readAll only. */
function store(positions: number[], slices: boolean) {
  const events = positions.map(recorded);
  const reads: Array<{ after: number; until?: number; rows: number }> = [];
  const head = async () => positions[positions.length - 1] ?? 0;
  const base = { headPosition: head, subscribeToAll: () => ({ close: async () => undefined }) };
  if (slices) {
    const readSlice = (after: number, maxCount: number, until = Number.MAX_SAFE_INTEGER): SliceEvent[] => {
      const out = events.filter((e) => e.position > after && e.position <= until).slice(0, maxCount);
      reads.push({ after, until: until === Number.MAX_SAFE_INTEGER ? undefined : until, rows: out.length });
      return out.map((e) => ({ position: e.position, type: e.type, event: () => e }));
    };
    return { events: { ...base, readSlice } as unknown as EventStore, reads };
  }
  const readAll = async ({ after = 0, maxCount = 1000 }: { after?: number; maxCount?: number }) => {
    const out = events.filter((e) => e.position > after).slice(0, maxCount);
    reads.push({ after, rows: out.length });
    return out;
  };
  return { events: { ...base, readAll } as unknown as EventStore, reads };
}

const positionsOf = (r: { events: SliceEvent[] }) => r.events.map((e) => e.position);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('event feed', () => {
  it('serves runners at different positions from shared reads: a read stops where a cached slice begins', async () => {
    const { events, reads } = store(range(1, 100), true);
    const feed = new EventFeed(events, { sliceSize: 10, cachedSlices: 8 });
    await feed.open(false);
    expect(positionsOf(await feed.after(0))).toEqual(range(1, 10));
    expect(positionsOf(await feed.after(25))).toEqual(range(26, 35));
    // A runner in between: it reads up to the slice at 25, not over it.
    expect(positionsOf(await feed.after(10))).toEqual(range(11, 20));
    expect(positionsOf(await feed.after(20))).toEqual(range(21, 25));
    expect(positionsOf(await feed.after(25))).toEqual(range(26, 35));
    expect(positionsOf(await feed.after(5))).toEqual(range(6, 10));
    // Every event was read once.
    expect(reads.reduce((n, r) => n + r.rows, 0)).toBe(35);
    expect(reads.map((r) => r.until)).toEqual([undefined, undefined, 25, 25]);
  });

  it('passes a stretch without events before a cached slice (it is not the end of the store)', async () => {
    const { events } = store([...range(1, 10), ...range(50, 60)], true);
    const feed = new EventFeed(events, { sliceSize: 10, cachedSlices: 8 });
    await feed.open(false);
    expect(positionsOf(await feed.after(49))).toEqual(range(50, 59));
    // (10, 49] holds nothing: the answer is what follows, not an empty "caught up".
    expect(positionsOf(await feed.after(10))).toEqual(range(50, 59));
    expect(positionsOf(await feed.after(59))).toEqual([60]);
    expect(positionsOf(await feed.after(60))).toEqual([]);
  });

  it('bounds reads the same way through readAll (other adapters)', async () => {
    const { events, reads } = store(range(1, 100), false);
    const feed = new EventFeed(events, { sliceSize: 10, cachedSlices: 8 });
    await feed.open(false);
    await feed.after(15);
    expect(positionsOf(await feed.after(7))).toEqual(range(8, 15));
    expect(positionsOf(await feed.after(15))).toEqual(range(16, 25));
    expect(reads).toHaveLength(2);
  });

  it('tells the event types of the slice an answer comes from', async () => {
    const { events } = store(range(1, 100), true);
    const feed = new EventFeed(events, { sliceSize: 10, cachedSlices: 8 });
    await feed.open(false);
    expect([...(await feed.after(0)).types].sort()).toEqual(['Even', 'Odd']);
    expect([...(await feed.after(9)).types].sort()).toEqual(['Even', 'Odd']);
  });

  it('following the live stream, answers a runner at the head without reading the store', async () => {
    const { events, reads } = store(range(1, 10), true);
    const feed = new EventFeed(events, { sliceSize: 100, cachedSlices: 4 });
    await feed.open(true);
    expect(positionsOf(await feed.after(0))).toEqual(range(1, 10));
    const read = reads.length;
    expect(positionsOf(await feed.after(10))).toEqual([]);
    expect(reads.length).toBe(read);
  });

  it('(not following, it reads the store at the head: other writers append unannounced)', async () => {
    const { events, reads } = store(range(1, 10), true);
    const feed = new EventFeed(events, { sliceSize: 100, cachedSlices: 4 });
    await feed.open(false);
    await feed.after(0);
    const read = reads.length;
    await feed.after(10);
    expect(reads.length).toBe(read + 1);
  });
});
