import { ExpectedRevision, NewEvent } from '../event-store/event-store.port';
import { newEventId } from '../ids/ids';

/** `n` one-event appends of `Ticked` over ten streams, for engine specs that need a history to apply. */
export const ticks = (n: number): Array<{ stream: string; events: NewEvent[]; expected: ExpectedRevision }> =>
  Array.from({ length: n }, (_, i) => ({
    stream: `ticks-${i % 10}`,
    expected: 'any' as const,
    events: [
      {
        id: newEventId(),
        type: 'Ticked',
        data: { i },
        metadata: { actor: null, occurredAt: '2026-01-01T00:00:00.000Z', correlationId: 'c', causationId: null, schemaVersion: 1 },
      },
    ],
  }));

/** One `Ticked` event carrying `data`. */
export const tick = (data: Record<string, unknown>): NewEvent => ({
  id: newEventId(),
  type: 'Ticked',
  data,
  metadata: { actor: null, occurredAt: '2026-01-01T00:00:00.000Z', correlationId: 'c', causationId: null, schemaVersion: 1 },
});
