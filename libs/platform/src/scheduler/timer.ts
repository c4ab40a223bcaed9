import { DomainEvent, Evolver } from '../ddd/domain-event';

/** A command to run later: a registered type and a JSON payload. */
export interface TimerCommand {
  type: string;
  payload: Record<string, unknown>;
}

export type TimerEvent =
  | DomainEvent<'TimerScheduled', { timerId: string; dueAt: string; command: TimerCommand }>
  | DomainEvent<'TimerFired', { timerId: string; firedAt: string }>
  | DomainEvent<'TimerCancelled', { timerId: string; cancelledAt: string }>;

export interface TimerState {
  status: 'none' | 'scheduled' | 'fired' | 'cancelled';
  dueAt: string | null;
  command: TimerCommand | null;
}

export const timerStream = (timerId: string) => `scheduler.timer-${timerId}`;

export const timer: Evolver<TimerState, TimerEvent> = {
  initialState: { status: 'none', dueAt: null, command: null },
  evolve(state, e) {
    switch (e.type) {
      case 'TimerScheduled':
        return { status: 'scheduled', dueAt: e.data.dueAt, command: e.data.command };
      case 'TimerFired':
        return { ...state, status: 'fired' };
      case 'TimerCancelled':
        return { ...state, status: 'cancelled' };
    }
  },
};

/** A timer id is scheduled once: a redelivered request to schedule it again is a no-op. */
export const decideSchedule = (s: TimerState, timerId: string, dueAt: Date, command: TimerCommand): TimerEvent[] =>
  s.status !== 'none' ? [] : [{ type: 'TimerScheduled', data: { timerId, dueAt: dueAt.toISOString(), command } }];

/** Never early: a timer fires only once its due time has passed on the injected clock. */
export const decideFire = (s: TimerState, timerId: string, now: Date): TimerEvent[] =>
  s.status === 'scheduled' && s.dueAt !== null && s.dueAt <= now.toISOString() ? [{ type: 'TimerFired', data: { timerId, firedAt: now.toISOString() } }] : [];

export const decideCancel = (s: TimerState, timerId: string, now: Date): TimerEvent[] =>
  s.status === 'scheduled' ? [{ type: 'TimerCancelled', data: { timerId, cancelledAt: now.toISOString() } }] : [];
