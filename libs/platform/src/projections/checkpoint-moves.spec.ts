import { useEngineFixture } from '../testing/engine-fixture';
import { tick } from '../testing/ticks';

/**
 * Most runners pass most events: each write used to commit the moved checkpoint of every one of
 * them, each in a transaction of its own. Caught up with nothing to write, a runner commits its
 * checkpoint after its turn, beside those of the runners that passed the same events.
 */
describe('checkpoints of runners that pass an event', () => {
  const f = useEngineFixture('checkpoint-moves');

  it('move in one transaction, and every stored checkpoint reaches the write', async () => {
    f.engine.registerProjection({
      name: 'handler',
      collections: [{ name: 'handled' }],
      handles: ['Ticked'],
      apply: async (e, ctx) => ctx.put('handled', { id: 'last', position: e.position }),
    });
    const passers = Array.from({ length: 10 }, (_, i) => `passer-${i}`);
    for (const name of passers) f.engine.registerProjection({ name, collections: [], handles: ['Other'], apply: async () => undefined });
    await f.engine.start();
    await f.events.append('tick-1', [tick({ n: 0 })], 'any');
    await f.engine.drain(10_000);
    for (let n = 1; n <= 5; n++) {
      const before = f.reads.commitStats().transactions;
      const { position } = await f.events.append('tick-1', [tick({ n })], 'any');
      await f.engine.waitFor(position, 10_000);
      await f.engine.drain(10_000);
      // The handler's writes, and the ten moved checkpoints together: one transaction, or a few
      // when a loaded machine spreads the runners' turns over several turns of the event loop
      // (one transaction per runner without the grouping: 11).
      expect(f.reads.commitStats().transactions - before).toBeLessThanOrEqual(6);
      for (const name of ['handler', ...passers]) expect((await f.reads.checkpoint(name)).position).toBe(position);
    }
  });
});
