import { ProjectionContext, ProjectionDefinition } from './projection';
import { useEngineFixture } from '../testing/engine-fixture';
import { tick } from '../testing/ticks';

const spin = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    /* busy */
  }
};

/**
 * A projection no query waits for (the search index) may do long work for one event, e.g. a
 * merge into a 5,000-page space. When it and the query-serving runners wait for a turn, the
 * query-serving ones go first, even if it asked first: a write's read-your-writes does not wait
 * for it. Within its long event it lets the event loop in now and then (ctx.pause).
 */
describe('background projections take their turns after the query-serving ones', () => {
  const f = useEngineFixture('background-turns');

  /** The indexer (registered first, so it asks for its turn first) and a query-serving projection, both handling one event. */
  async function run(indexer: Partial<ProjectionDefinition>): Promise<{ order: string[]; indexedFirst: boolean; breaths: number }> {
    const order: string[] = [];
    let breaths = 0;
    let indexed = false;
    f.engine.registerProjection({
      name: 'indexer',
      collections: [{ name: 'indexer_docs' }],
      handles: ['Ticked'],
      async apply(e, ctx: ProjectionContext) {
        order.push('indexer');
        for (let i = 0; i < 60; i++) {
          spin(1);
          let ran = false;
          setImmediate(() => (ran = true));
          await ctx.pause?.();
          if (ran) breaths++;
        }
        ctx.put('indexer_docs', { id: 'done', position: e.position });
        indexed = true;
      },
      ...indexer,
    });
    f.engine.registerProjection({
      name: 'serving',
      collections: [{ name: 'serving_docs' }],
      handles: ['Ticked'],
      async apply(e, ctx) {
        order.push('serving');
        ctx.put('serving_docs', { id: 'last', position: e.position });
      },
    });
    await f.engine.start();
    // Both runners find the event while the turn is held, and queue for it.
    await f.engine.turns.acquire('test');
    const { position } = await f.events.append('tick-1', [tick({ n: 1 })], 'any');
    await new Promise((r) => setTimeout(r, 50));
    f.engine.turns.release();
    await f.engine.waitFor(position, 10_000);
    // Whether the write became readable only after the indexer's 60 ms of work.
    const indexedFirst = indexed;
    await f.engine.drain(10_000);
    expect(await f.reads.get('indexer_docs', 'done')).not.toBeNull();
    return { order, indexedFirst, breaths };
  }

  it('the query-serving projection applies the event first, and the write is readable before the indexer is done', async () => {
    const { order, indexedFirst, breaths } = await run({ servesQueries: false });
    expect(order).toEqual(['serving', 'indexer']);
    expect(indexedFirst).toBe(false);
    // Within its 60 ms of work, the event loop got a turn about every 10 ms.
    expect(breaths).toBeGreaterThanOrEqual(3);
  });

  it('(a query-serving indexer keeps its place in the queue, and the write waits for it)', async () => {
    const { order, indexedFirst } = await run({});
    expect(order).toEqual(['indexer', 'serving']);
    expect(indexedFirst).toBe(true);
  });
});
