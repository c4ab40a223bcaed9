import { positionOf } from '../domain/resume-token';
import { AuditProgress } from './audit-progress';
import { auditEventAt, FakeAuditLog, until } from './feed-testing';
import { FeedStream, type FeedSink } from './feed-stream';

/** A sink that records frames; with `blocked`, every write asks to wait for a drain the test releases. */
function recordingSink() {
  const frames: string[] = [];
  let release: (() => void) | null = null;
  const sink: FeedSink & { blocked: boolean; release(): void } = {
    blocked: false,
    write(frame) {
      frames.push(frame);
      return !sink.blocked;
    },
    drained: () => new Promise<void>((r) => (release = r)),
    release() {
      release?.();
      release = null;
    },
  };
  return { frames, sink, ids: () => frames.map((f) => positionOf(/^id: (.*)$/m.exec(f)![1], 'org1')) };
}

describe('FeedStream: one organization’s audit events into one SSE response', () => {
  const log = () => new FakeAuditLog();
  const progressOf = (source: FakeAuditLog) => new AuditProgress(() => source.appliedPosition(), { minIntervalMs: 1, maxIntervalMs: 4 });

  it('writes the events after its start in order, as SSE frames with resume token, action and the audit event', async () => {
    const source = log().append(auditEventAt(1), auditEventAt(2), auditEventAt(3, 'org1', 'space.updated'));
    source.apply();
    const { frames, sink, ids } = recordingSink();
    const stream = new FeedStream(source, progressOf(source), { organizationId: 'org1', filter: {}, after: 1 }, sink);
    const running = stream.run();
    await until(() => frames.length === 2);
    expect(ids()).toEqual([2, 3]);
    const [, event, data] = frames[1].split('\n');
    expect([event, JSON.parse(data.slice('data: '.length))]).toEqual(['event: space.updated', auditEventAt(3, 'org1', 'space.updated').event]);
    expect(frames[1].endsWith('\n\n')).toBe(true);
    stream.close();
    await running;
  });

  it('waits for the audit log to apply more, then goes on: nothing lost, nothing repeated; other organizations never appear', async () => {
    const source = log();
    const { frames, sink, ids } = recordingSink();
    const stream = new FeedStream(source, progressOf(source), { organizationId: 'org1', filter: {}, after: 0, batchSize: 2 }, sink);
    const running = stream.run();
    for (let p = 1; p <= 9; p++) {
      source.append(auditEventAt(p, p % 3 === 0 ? 'org2' : 'org1'));
      // Some events become visible one by one, some several at once.
      if (p % 2 === 0) source.apply();
    }
    source.apply();
    await until(() => frames.length === 6);
    await new Promise((r) => setTimeout(r, 20));
    expect(ids()).toEqual([1, 2, 4, 5, 7, 8]);
    stream.close();
    await running;
  });

  it('filters, and does not read past events again once the log is known to have applied them', async () => {
    const source = log();
    for (let p = 1; p <= 50; p++) source.append(auditEventAt(p, 'org1', p === 40 ? 'space.deleted' : 'space.updated'));
    source.apply();
    const { frames, sink, ids } = recordingSink();
    const stream = new FeedStream(source, progressOf(source), { organizationId: 'org1', filter: { actions: ['space.deleted'] }, after: 0 }, sink);
    const running = stream.run();
    await until(() => frames.length === 1);
    const calls = source.afterCalls;
    source.append(auditEventAt(51, 'org1', 'space.deleted'));
    source.apply();
    await until(() => frames.length === 2);
    expect(ids()).toEqual([40, 51]);
    // One read for the new event: the scan restarted at 50, not at 40.
    expect(source.afterCalls - calls).toBe(1);
    stream.close();
    await running;
  });

  it('holds its reads back while the client does not drain (a slow client costs no memory)', async () => {
    const source = log();
    for (let p = 1; p <= 10; p++) source.append(auditEventAt(p));
    source.apply();
    const { frames, sink, ids } = recordingSink();
    sink.blocked = true;
    const stream = new FeedStream(source, progressOf(source), { organizationId: 'org1', filter: {}, after: 0, batchSize: 3 }, sink);
    const running = stream.run();
    await until(() => frames.length === 1);
    await new Promise((r) => setTimeout(r, 10));
    expect([frames.length, source.afterCalls]).toEqual([1, 1]);
    sink.blocked = false;
    sink.release();
    await until(() => frames.length === 10);
    expect(ids()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    stream.close();
    await running;
  });
});
