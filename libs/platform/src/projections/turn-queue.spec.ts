import { TurnQueue } from './turn-queue';

/**
 * Turns of background runners (projections no query waits for: the search index, the audit log,
 * the scheduler) come after those of the runners that keep the query-serving read models.
 */
describe('TurnQueue', () => {
  it('gives the turn to waiting foreground holders before a background holder that asked first', async () => {
    const turns = new TurnQueue(1_000);
    await turns.acquire('holder');
    const order: string[] = [];
    const waiting = [
      turns.acquire('index', true).then(() => order.push('index')),
      turns.acquire('a').then(() => order.push('a')),
      turns.acquire('b').then(() => order.push('b')),
    ];
    turns.release();
    await waiting[1];
    turns.release();
    await waiting[2];
    turns.release();
    await waiting[0];
    turns.release();
    expect(order).toEqual(['a', 'b', 'index']);
  });

  it('round-robins holders of one kind in the order they asked', async () => {
    const turns = new TurnQueue(1_000);
    await turns.acquire('holder');
    const order: string[] = [];
    const waiting = ['x', 'y'].map((n) => turns.acquire(n, true).then(() => order.push(n)));
    turns.release();
    await waiting[0];
    turns.release();
    await waiting[1];
    turns.release();
    expect(order).toEqual(['x', 'y']);
  });

  it('lets the event loop in within a turn once work has held it yieldEveryMs, and not before', async () => {
    const turns = new TurnQueue(200);
    await turns.acquire('index', true);
    let ran = false;
    setImmediate(() => (ran = true));
    await turns.breathe();
    expect(ran).toBe(false);
    const end = performance.now() + 210;
    while (performance.now() < end) {
      /* busy */
    }
    await turns.breathe();
    expect(ran).toBe(true);
    turns.release();
  });

  it('keeps background holders waiting while a foreground holder holds work outside its turn', async () => {
    const turns = new TurnQueue(1_000);
    await turns.acquire('a');
    const unhold = turns.hold();
    turns.release();
    let indexed = false;
    const index = turns.acquire('index', true).then(() => (indexed = true));
    await new Promise((r) => setImmediate(r));
    expect(indexed).toBe(false);
    // A foreground holder still goes at once.
    await turns.acquire('b');
    turns.release();
    expect(indexed).toBe(false);
    unhold();
    await index;
    expect(indexed).toBe(true);
    turns.release();
  });
});
