import { AuditProgress } from './audit-progress';
import { FakeAuditLog, until } from './feed-testing';

describe('AuditProgress: one shared, backing-off poll of the audit log’s checkpoint', () => {
  it('wakes every waiter whose position the log passed, and only those', async () => {
    const source = new FakeAuditLog();
    const progress = new AuditProgress(() => source.appliedPosition(), { minIntervalMs: 1, maxIntervalMs: 4 });
    const woken: number[] = [];
    const signal = new AbortController().signal;
    for (const p of [3, 5, 8]) void progress.next(p, signal).then(() => woken.push(p));
    source.apply(6);
    await until(() => woken.length === 2);
    expect(woken.sort()).toEqual([3, 5]);
    expect(progress.waiting).toBe(1);
    source.apply(9);
    await until(() => woken.length === 3);
    expect(progress.waiting).toBe(0);
  });

  it('polls once for all waiters, backs off while nothing happens, and stops polling when nobody waits', async () => {
    const source = new FakeAuditLog();
    const progress = new AuditProgress(() => source.appliedPosition(), { minIntervalMs: 1, maxIntervalMs: 64 });
    const aborts = Array.from({ length: 20 }, () => new AbortController());
    const waits = aborts.map((a) => progress.next(0, a.signal));
    await new Promise((r) => setTimeout(r, 150));
    // Doubling from 1 ms to 64 ms: about 8 polls in 150 ms for twenty waiters, never twenty per interval.
    expect(source.appliedCalls).toBeLessThan(15);
    aborts.forEach((a) => a.abort());
    await Promise.all(waits);
    const calls = source.appliedCalls;
    await new Promise((r) => setTimeout(r, 100));
    expect(source.appliedCalls - calls).toBeLessThanOrEqual(1);
  });

  it('answers at once for a position the log is known to have passed; stop() releases every waiter', async () => {
    const source = new FakeAuditLog();
    source.apply(4);
    const progress = new AuditProgress(() => source.appliedPosition(), { minIntervalMs: 1, maxIntervalMs: 4 });
    const signal = new AbortController().signal;
    await progress.next(1, signal);
    const calls = source.appliedCalls;
    await progress.next(2, signal);
    expect(source.appliedCalls).toBe(calls);
    const pending = progress.next(10, signal);
    progress.stop();
    await pending;
    expect(progress.waiting).toBe(0);
  });
});
