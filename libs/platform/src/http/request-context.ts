import { AsyncLocalStorage } from 'async_hooks';
import { randomUUID } from 'crypto';

/**
 * What travels with one request or one saga step: who acts, the correlation id for the event
 * metadata, and the highest global position written so far (for read-your-writes).
 */
export interface RequestContextData {
  actor: string | null;
  correlationId: string;
  causationId: string | null;
  writePosition: number;
}

const storage = new AsyncLocalStorage<RequestContextData>();

export const RequestContext = {
  run<T>(data: Partial<RequestContextData>, fn: () => T): T {
    return storage.run({ actor: null, correlationId: randomUUID(), causationId: null, writePosition: 0, ...data }, fn);
  },
  current(): RequestContextData | undefined {
    return storage.getStore();
  },
  actor(): string | null {
    return storage.getStore()?.actor ?? null;
  },
  setActor(actor: string | null): void {
    const s = storage.getStore();
    if (s) s.actor = actor;
  },
  notePosition(position: number): void {
    const s = storage.getStore();
    if (s && position > s.writePosition) s.writePosition = position;
  },
};
