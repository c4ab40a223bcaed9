import { StreamLocks } from './stream-locks';

const tick = () => new Promise((r) => setImmediate(r));

describe('StreamLocks', () => {
  it('runs the commands of one stream one after another, in arrival order', async () => {
    const locks = new StreamLocks();
    const log: string[] = [];
    const cmd = (name: string) =>
      locks.run('s', async () => {
        log.push(`${name} start`);
        await tick();
        await tick();
        log.push(`${name} end`);
      });
    await Promise.all([cmd('a'), cmd('b'), cmd('c')]);
    expect(log).toEqual(['a start', 'a end', 'b start', 'b end', 'c start', 'c end']);
    expect(locks.size).toBe(0);
  });

  it('lets other streams run meanwhile', async () => {
    const locks = new StreamLocks();
    const log: string[] = [];
    let release!: () => void;
    const blocked = locks.run('s', () => new Promise<void>((r) => (release = r)));
    await locks.run('t', async () => {
      log.push('t ran');
    });
    expect(log).toEqual(['t ran']);
    release();
    await blocked;
  });

  it('is re-entrant for the same stream inside a command, and releases after a failure', async () => {
    const locks = new StreamLocks();
    const inner = await locks.run('s', () => locks.run('s', async () => 'inner'));
    expect(inner).toBe('inner');
    await expect(
      locks.run('s', async () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await expect(locks.run('s', async () => 'after')).resolves.toBe('after');
    expect(locks.size).toBe(0);
  });

  it("commands nesting each other's streams never wait for each other (only the outermost locks)", async () => {
    const locks = new StreamLocks();
    const log: string[] = [];
    await Promise.all([
      locks.run('a', async () => {
        await tick();
        await locks.run('b', async () => log.push('a→b'));
      }),
      locks.run('b', async () => {
        await tick();
        await locks.run('a', async () => log.push('b→a'));
      }),
    ]);
    expect(log.sort()).toEqual(['a→b', 'b→a']);
  });
});
