import { given } from '@app/platform/testing/given';
import { BadRequest } from '@app/platform';
import { translationDecider as decider, TranslationCommand } from './translation';
import { INSTRUCTIONS_MAX, MESSAGE_MAX, TranslationNotFound } from './translation-rules';
import { NO_STATS, TranslationEvent, TranslationPlan } from './translation.events';

const T0 = '2026-01-01T00:00:00.000Z';
const T1 = '2026-01-01T00:00:10.000Z';
const T2 = '2026-01-01T00:01:00.000Z';
const at = (iso: string) => new Date(iso);
const ids = { translationId: 't1', organizationId: 'o1' };
const source = { space: 's1', language: 'en' as const };

const create = (c: Partial<Extract<TranslationCommand, { type: 'CreateTranslation' }>> = {}): TranslationCommand => ({
  type: 'CreateTranslation',
  translationId: 't1',
  organizationId: 'o1',
  source,
  language: 'fr',
  instructions: 'Be formal.',
  actor: 'ada',
  ...c,
});
const created: TranslationEvent = {
  type: 'TranslationCreated',
  data: { ...ids, source, language: 'fr', instructions: 'Be formal.', createdBy: 'ada', createdAt: T0 },
};
const requested = (runId = 'r1'): TranslationEvent => ({ type: 'TranslationRunRequested', data: { ...ids, runId, requestedBy: 'ada', requestedAt: T0 } });
const started = (runId = 'r1', targetSpaceId = 'target', startedAt = T0): TranslationEvent => ({
  type: 'TranslationRunStarted',
  data: { ...ids, runId, startedAt, targetSpaceId, changeRequestId: `cr-${runId}` },
});
const plan = (pages: TranslationPlan['pages'], words: number, removed: TranslationPlan['removed'] = []): TranslationPlan => ({
  sourceRevision: 'rev',
  pages,
  removed,
  words,
});
const translate = (page: string, path = page, fingerprint = `f-${page}`) => ({ page, path, from: null, kind: 'translate' as const, fingerprint });
const planned = (p: TranslationPlan, runId = 'r1'): TranslationEvent => ({ type: 'TranslationRunPlanned', data: { ...ids, runId, plan: p, plannedAt: T0 } });
const complete = (runId = 'r1'): TranslationCommand => ({ type: 'CompleteRun', translationId: 't1', runId, revision: 'rev-t', changeRequestId: `cr-${runId}` });
const firstRun = plan([translate('a'), translate('b')], 12);
const completed: TranslationEvent = {
  type: 'TranslationRunCompleted',
  data: {
    ...ids,
    runId: 'r1',
    completedAt: T1,
    space: 'target',
    revision: 'rev-t',
    changeRequestId: 'cr-r1',
    stats: { runs: 1, totalWords: 12, totalPages: 2, totalDuration: 10, latestRunDuration: 10, latestPages: 2, latestWords: 12 },
  },
};
const history = [created, requested(), started(), planned(firstRun), completed];

describe('translation decider: lifecycle', () => {
  it('creates a translation between two languages; the same id again is a no-op', () => {
    given(decider).whenCommand(create(), at(T0)).then([created]);
    given(decider, created).whenCommand(create()).thenNothing();
  });

  it('refuses a target language equal to the source language, and instructions over the limit', () => {
    given(decider)
      .whenCommand(create({ language: 'en' }))
      .thenThrows(BadRequest);
    given(decider)
      .whenCommand(create({ instructions: 'x'.repeat(INSTRUCTIONS_MAX + 1) }))
      .thenThrows(BadRequest);
  });

  it('changes instructions (unchanged ones record nothing); unknown or deleted translations are not found', () => {
    const change = (instructions: string, organizationId = 'o1'): TranslationCommand => ({
      type: 'ChangeInstructions',
      translationId: 't1',
      organizationId,
      instructions,
      actor: 'bob',
    });
    given(decider, created)
      .whenCommand(change('Be casual.'), at(T1))
      .then([{ type: 'TranslationInstructionsChanged', data: { ...ids, instructions: 'Be casual.', changedBy: 'bob', changedAt: T1 } }]);
    given(decider, created).whenCommand(change('Be formal.')).thenNothing();
    given(decider).whenCommand(change('x')).thenThrows(TranslationNotFound);
    given(decider, created).whenCommand(change('x', 'other-org')).thenThrows(TranslationNotFound);
    given(decider, created, { type: 'TranslationDeleted', data: { ...ids, deletedBy: 'ada', deletedAt: T1 } })
      .whenCommand(change('x'))
      .thenThrows(TranslationNotFound);
  });

  it('deletes once; deleting what is not there decides nothing', () => {
    const del: TranslationCommand = { type: 'DeleteTranslation', translationId: 't1', organizationId: 'o1', actor: 'ada' };
    const deleted: TranslationEvent = { type: 'TranslationDeleted', data: { ...ids, deletedBy: 'ada', deletedAt: T1 } };
    given(decider, created).whenCommand(del, at(T1)).then([deleted]);
    given(decider, created, deleted).whenCommand(del).thenNothing();
    given(decider).whenCommand(del).thenNothing();
    given(decider, created)
      .whenCommand({ ...del, organizationId: 'other-org' })
      .thenNothing();
  });
});

describe('translation decider: runs', () => {
  const request = (runId = 'r1', organizationId = 'o1'): TranslationCommand => ({
    type: 'RequestRun',
    translationId: 't1',
    organizationId,
    runId,
    actor: 'ada',
  });
  const start = (runId = 'r1', targetSpaceId = 'target'): TranslationCommand => ({
    type: 'StartRun',
    translationId: 't1',
    runId,
    targetSpaceId,
    changeRequestId: `cr-${runId}`,
  });

  it('a run is requested (pending), started (running), planned, then completed with exact stats', () => {
    given(decider, created).whenCommand(request(), at(T0)).then([requested()]);
    given(decider, created, requested()).whenCommand(start(), at(T0)).then([started()]);
    given(decider, created, requested(), started())
      .whenCommand({ type: 'PlanRun', translationId: 't1', runId: 'r1', plan: firstRun }, at(T0))
      .then([planned(firstRun)]);
    given(decider, created, requested(), started(), planned(firstRun)).whenCommand(complete(), at(T1)).then([completed]);
    const s = given(decider, ...history).state;
    expect([s.run!.status, s.targetSpace, s.mirror]).toEqual([
      'completed',
      'target',
      { a: { path: 'a', fingerprint: 'f-a' }, b: { path: 'b', fingerprint: 'f-b' } },
    ]);
  });

  it('requesting a run while one is pending or running adds nothing; running an unknown translation is not found', () => {
    given(decider, created, requested()).whenCommand(request('r2')).thenNothing();
    given(decider, created, requested(), started()).whenCommand(request('r2')).thenNothing();
    given(decider).whenCommand(request()).thenThrows(TranslationNotFound);
    given(decider, created).whenCommand(request('r1', 'other-org')).thenThrows(TranslationNotFound);
  });

  it('every step of a run happens once: a repeated or stale step decides nothing', () => {
    given(decider, created, requested(), started()).whenCommand(start()).thenNothing();
    given(decider, created, requested('r2')).whenCommand(start('r1')).thenNothing();
    given(decider, created, requested(), started(), planned(firstRun))
      .whenCommand({ type: 'PlanRun', translationId: 't1', runId: 'r1', plan: plan([], 0) })
      .thenNothing();
    // Not planned yet: nothing to complete.
    given(decider, created, requested(), started()).whenCommand(complete()).thenNothing();
    given(decider, ...history)
      .whenCommand(complete())
      .thenNothing();
    given(decider, ...history)
      .whenCommand({ type: 'FailRun', translationId: 't1', runId: 'r1', message: 'late' })
      .thenNothing();
    // A deleted translation's run goes no further.
    given(decider, created, requested(), { type: 'TranslationDeleted', data: { ...ids, deletedBy: 'ada', deletedAt: T1 } })
      .whenCommand(start())
      .thenNothing();
  });

  it('a failed run counts as a run with its duration, no words and no pages; its message is bounded', () => {
    given(decider, ...history, requested('r2'), started('r2', 'target', T1))
      .whenCommand({ type: 'FailRun', translationId: 't1', runId: 'r2', message: 'No translation provider' }, at(T2))
      .then([
        {
          type: 'TranslationRunFailed',
          data: {
            ...ids,
            runId: 'r2',
            failedAt: T2,
            message: 'No translation provider',
            stats: { runs: 2, totalWords: 12, totalPages: 2, totalDuration: 60, latestRunDuration: 50, latestPages: 0, latestWords: 0 },
          },
        },
      ]);
    const [failed] = decider.decide(
      { type: 'FailRun', translationId: 't1', runId: 'r1', message: 'é'.repeat(MESSAGE_MAX + 5) },
      given(decider, created, requested()).state,
      at(T1),
    );
    expect(failed.type === 'TranslationRunFailed' && [[...failed.data.message].length, failed.data.stats]).toEqual([MESSAGE_MAX, { ...NO_STATS, runs: 1 }]);
  });

  it('totalPages counts distinct pages; moves are not translations', () => {
    const second = plan([translate('b', 'b', 'f-b2'), translate('c'), { page: 'a', path: 'x/a', from: 'a', kind: 'move', fingerprint: 'f-a' }], 5, []);
    given(decider, ...history, requested('r2'), started('r2', 'target', T1), planned(second, 'r2'))
      .whenCommand(complete('r2'), at(T2))
      .then([
        {
          type: 'TranslationRunCompleted',
          data: {
            ...ids,
            runId: 'r2',
            completedAt: T2,
            space: 'target',
            revision: 'rev-t',
            changeRequestId: 'cr-r2',
            stats: { runs: 2, totalWords: 17, totalPages: 3, totalDuration: 60, latestRunDuration: 50, latestPages: 2, latestWords: 5 },
          },
        },
      ]);
  });

  it('the mirror follows moves and removals; a new target space starts with an empty mirror', () => {
    const second = plan([{ page: 'a', path: 'x/a', from: 'a', kind: 'move', fingerprint: 'f-a' }], 0, [{ page: 'b', path: 'b' }]);
    const after = given(decider, ...history, requested('r2'), started('r2'), planned(second, 'r2'), {
      ...completed,
      data: { ...completed.data, runId: 'r2' },
    }).state;
    expect(after.mirror).toEqual({ a: { path: 'x/a', fingerprint: 'f-a' } });
    expect(given(decider, ...history, requested('r2'), started('r2', 'another')).state.mirror).toEqual({});
  });
});
