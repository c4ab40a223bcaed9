import { useEngineFixture } from '../testing/engine-fixture';
import { ticks } from '../testing/ticks';

const spin = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    /* busy */
  }
};

/**
 * A projection that reads other read models through queries (the search index) applies an event
 * only once the query-serving read models include it, as sagas do.
 */
describe('projections with afterReadModels', () => {
  const f = useEngineFixture('after-read-models', (f) => f.events.appendBatch(ticks(400)).then(() => undefined));

  /** A slow query-serving projection (behind the head it commits about once a second), and a reader of it. */
  async function run(afterReadModels: boolean): Promise<boolean[]> {
    f.engine.registerProjection({
      name: 'slow',
      collections: [{ name: 'slow_docs' }],
      handles: ['Ticked'],
      async apply(e, ctx) {
        spin(2);
        ctx.put('slow_docs', { id: 'last', position: e.position });
      },
    });
    const included: boolean[] = [];
    f.engine.registerProjection({
      name: 'reader',
      collections: [],
      handles: ['Ticked'],
      async apply(e) {
        included.push((await f.engine.queryPosition()) >= e.position);
      },
      servesQueries: false,
      afterReadModels,
    });
    await f.engine.start();
    await f.engine.drain(30_000);
    return included;
  }

  it('applies each event only once the query-serving read models include it', async () => {
    const included = await run(true);
    expect(included).toHaveLength(400);
    expect(included.every((x) => x)).toBe(true);
  }, 60_000);

  it('(without it, a projection runs ahead of the read models it would read)', async () => {
    const included = await run(false);
    expect(included.some((x) => !x)).toBe(true);
  }, 60_000);

  it('refuses a projection that would wait for itself', () => {
    expect(() => f.engine.registerProjection({ name: 'self', collections: [], handles: [], apply: async () => undefined, afterReadModels: true })).toThrow(
      /afterReadModels needs servesQueries: false/,
    );
  });
});
