import { projectionOf } from '../testing/projection-spec';
import { timersProjection } from './scheduler';

const command = { type: 'PurgeSpace', payload: { spaceId: 's1' } };

describe('timers projection', () => {
  it('given scheduled, fired and cancelled timers: one document each with its status', async () => {
    const docs = await projectionOf(timersProjection, [
      { type: 'TimerScheduled', data: { timerId: 't1', dueAt: '2026-01-08T00:00:00.000Z', command } },
      { type: 'TimerScheduled', data: { timerId: 't2', dueAt: '2026-01-09T00:00:00.000Z', command } },
      { type: 'TimerScheduled', data: { timerId: 't3', dueAt: '2026-01-10T00:00:00.000Z', command } },
      { type: 'TimerFired', data: { timerId: 't1' } },
      { type: 'TimerCancelled', data: { timerId: 't2' } },
      { type: 'SpaceCreated', data: { spaceId: 'ignored' } },
    ]);
    expect(Object.values(docs)[0]).toEqual([
      { id: 't1', dueAt: '2026-01-08T00:00:00.000Z', status: 'fired', command },
      { id: 't2', dueAt: '2026-01-09T00:00:00.000Z', status: 'cancelled', command },
      { id: 't3', dueAt: '2026-01-10T00:00:00.000Z', status: 'scheduled', command },
    ]);
  });

  it('a firing of an unknown timer changes nothing', async () => {
    const docs = await projectionOf(timersProjection, [{ type: 'TimerFired', data: { timerId: 'nope' } }]);
    expect(Object.values(docs)[0]).toEqual([]);
  });
});
