import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ManualClock } from '../clock/clock';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { given } from '../testing/given';
import { Decider, unreachable } from './decider';
import { DomainEvent } from './domain-event';
import { BadRequest, Conflict } from './errors';
import { EventSourcing } from './event-sourcing.service';

type CounterEvent = DomainEvent<'Incremented', { by: number }>;
type CounterCommand = { type: 'Increment'; by: number; max: number };
const counter: Decider<number, CounterCommand, CounterEvent> = {
  initialState: 0,
  evolve: (s, e) => s + e.data.by,
  decide(c, s) {
    switch (c.type) {
      case 'Increment':
        if (s + c.by > c.max) throw new BadRequest(`by: would exceed ${c.max}`);
        return c.by === 0 ? [] : [{ type: 'Incremented', data: { by: c.by } }];
      default:
        return unreachable(c.type);
    }
  },
};

describe('Decider', () => {
  it('given/when/then on commands', () => {
    given(counter, { type: 'Incremented', data: { by: 2 } })
      .whenCommand({ type: 'Increment', by: 3, max: 10 })
      .then([{ type: 'Incremented', data: { by: 3 } }]);
    given(counter).whenCommand({ type: 'Increment', by: 0, max: 10 }).thenNothing();
    given(counter, { type: 'Incremented', data: { by: 9 } })
      .whenCommand({ type: 'Increment', by: 2, max: 10 })
      .thenThrows(BadRequest);
  });
});

describe('EventSourcing.execute', () => {
  let dir: string;
  let store: SqliteEventStore;
  let es: EventSourcing;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'decider-'));
    store = new SqliteEventStore(path.join(dir, 'events.sqlite'));
    es = new EventSourcing(store, new ManualClock('2026-01-01T00:00:00.000Z'));
  });
  afterEach(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('loads once per attempt and re-runs precondition and decide on fresh state after a conflict', async () => {
    const seen: number[] = [];
    let interfere = true;
    const result = await es.execute(
      'counter-1',
      counter,
      { type: 'Increment', by: 1, max: 10 },
      {
        precondition: async (s) => {
          seen.push(s);
          // Another writer lands between this attempt's load and its append.
          if (interfere) {
            interfere = false;
            await es.execute('counter-1', counter, { type: 'Increment', by: 5, max: 10 });
          }
        },
      },
    );
    expect(seen).toEqual([0, 5]);
    expect(result.state).toBe(6);
    expect((await store.readStream('counter-1')).map((e) => (e.data as { by: number }).by)).toEqual([5, 1]);
  });

  it('a refusing precondition or decide appends nothing', async () => {
    await expect(es.execute('counter-2', counter, { type: 'Increment', by: 11, max: 10 })).rejects.toBeInstanceOf(BadRequest);
    await expect(
      es.execute(
        'counter-2',
        counter,
        { type: 'Increment', by: 1, max: 10 },
        {
          precondition: () => {
            throw new Conflict('no');
          },
        },
      ),
    ).rejects.toBeInstanceOf(Conflict);
    expect(await store.readStream('counter-2')).toEqual([]);
  });

  it('gives up with 409 after the bounded retries', async () => {
    const attempts: number[] = [];
    const run = es.execute(
      'counter-3',
      counter,
      { type: 'Increment', by: 1, max: 100 },
      {
        maxRetries: 2,
        precondition: async (s) => {
          attempts.push(s);
          await store.append(
            'counter-3',
            [
              {
                id: `x${attempts.length}`,
                type: 'Incremented',
                data: { by: 1 },
                metadata: { actor: null, occurredAt: '', correlationId: '', causationId: null, schemaVersion: 1 },
              },
            ],
            'any',
          );
        },
      },
    );
    await expect(run).rejects.toBeInstanceOf(Conflict);
    expect(attempts).toHaveLength(3);
  });
});
