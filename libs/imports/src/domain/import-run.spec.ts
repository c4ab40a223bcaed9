import { given } from '@app/platform/testing/given';
import { importRunDecider as decider, ImportRunCommand } from './import-run';
import { ImportRunFinished, ImportRunNotFound, REASON_MAX } from './import-rules';
import { ImportRunEvent } from './import-run.events';

const T0 = '2026-01-01T00:00:00.000Z';
const T1 = '2026-01-01T00:00:05.000Z';
const at = (iso: string) => new Date(iso);
const ids = { importRunId: 'r1', organizationId: 'o1' };
const source = { type: 'website' as const, url: 'https://docs.example.com/' };
const target = { space: 's1' };

const start: ImportRunCommand = { type: 'StartImportRun', ...ids, source, target, actor: 'ada' };
const started: ImportRunEvent = { type: 'ImportRunStarted', data: { ...ids, source, target, startedBy: 'ada', startedAt: T0 } };
const counts = { pages: 2, pending: 3, bytes: 1200 };
const progressed: ImportRunEvent = { type: 'ImportRunProgressed', data: { ...ids, counts, progressedAt: T0 } };
const collect: ImportRunCommand = { type: 'RecordCollected', importRunId: 'r1', contentKey: 'imports/o1/r1', pages: 2, changeRequestId: 'cr1' };
const collected: ImportRunEvent = {
  type: 'ImportRunCollected',
  data: { ...ids, contentKey: 'imports/o1/r1', pages: 2, changeRequestId: 'cr1', collectedAt: T1 },
};
const pages = [{ id: 'p1', sourceURL: 'https://docs.example.com/' }];
const complete: ImportRunCommand = { type: 'CompleteImportRun', importRunId: 'r1', pages, changeRequestId: 'cr1', merged: true, revision: 'rev2' };
const completed: ImportRunEvent = {
  type: 'ImportRunCompleted',
  data: { ...ids, pages, space: 's1', changeRequestId: 'cr1', merged: true, revision: 'rev2', completedAt: T1 },
};
const fail = (reason = 'the website has more than 2 pages'): ImportRunCommand => ({ type: 'FailImportRun', importRunId: 'r1', reason });
const failed: ImportRunEvent = { type: 'ImportRunFailed', data: { ...ids, reason: 'boom', failedAt: T1 } };
const cancel = (organizationId = 'o1'): ImportRunCommand => ({ type: 'CancelImportRun', importRunId: 'r1', organizationId, actor: 'bob' });
const cancelled: ImportRunEvent = { type: 'ImportRunCancelled', data: { ...ids, cancelledBy: 'bob', cancelledAt: T1 } };

describe('import run decider', () => {
  it('starts a run (pending); the same id again is a no-op', () => {
    given(decider).whenCommand(start, at(T0)).then([started]);
    given(decider, started).whenCommand(start).thenNothing();
    expect(given(decider, started).state.status).toBe('pending');
  });

  it('records progress (in progress, with counts); the same counts again record nothing', () => {
    given(decider, started).whenCommand({ type: 'RecordProgress', importRunId: 'r1', counts }, at(T0)).then([progressed]);
    given(decider, started, progressed).whenCommand({ type: 'RecordProgress', importRunId: 'r1', counts }).thenNothing();
    expect(given(decider, started, progressed).state).toMatchObject({ status: 'in-progress', counts });
  });

  it('records the collected pages once; progress after that is ignored', () => {
    given(decider, started, progressed).whenCommand(collect, at(T1)).then([collected]);
    given(decider, started, collected).whenCommand(collect).thenNothing();
    given(decider, started, collected).whenCommand({ type: 'RecordProgress', importRunId: 'r1', counts }).thenNothing();
  });

  it('completes only a collected run, once', () => {
    given(decider, started, collected).whenCommand(complete, at(T1)).then([completed]);
    given(decider, started).whenCommand(complete).thenNothing();
    given(decider, started, collected, completed).whenCommand(complete).thenNothing();
    expect(given(decider, started, collected, completed).state.status).toBe('completed');
  });

  it('fails a run under way with its reason (cut to fit); a finished run stays as it ended', () => {
    given(decider, started, progressed).whenCommand(fail('boom'), at(T1)).then([failed]);
    const long = 'x'.repeat(REASON_MAX + 10);
    const [e] = decider.decide(fail(long), given(decider, started).state, at(T1));
    expect((e.data as { reason: string }).reason).toHaveLength(REASON_MAX);
    given(decider, started, collected, completed).whenCommand(fail()).thenNothing();
    given(decider, started, cancelled).whenCommand(fail()).thenNothing();
    given(decider).whenCommand(fail()).thenNothing();
  });

  it('cancels a pending or in-progress run; after that no step is recorded', () => {
    given(decider, started).whenCommand(cancel(), at(T1)).then([cancelled]);
    given(decider, started, progressed, collected).whenCommand(cancel(), at(T1)).then([cancelled]);
    given(decider, started, cancelled).whenCommand(cancel()).thenNothing();
    for (const step of [collect, complete, { type: 'RecordProgress' as const, importRunId: 'r1', counts }])
      given(decider, started, progressed, cancelled).whenCommand(step).thenNothing();
  });

  it("refuses to cancel an unknown run, another organization's (404) or a finished one (400)", () => {
    given(decider).whenCommand(cancel()).thenThrows(ImportRunNotFound);
    given(decider, started).whenCommand(cancel('o2')).thenThrows(ImportRunNotFound);
    given(decider, started, collected, completed).whenCommand(cancel()).thenThrows(ImportRunFinished);
    given(decider, started, failed).whenCommand(cancel()).thenThrows(ImportRunFinished);
  });
});
