import { AsyncLocalStorage } from 'async_hooks';
import { PreconditionFailed } from '../ddd/errors';
import { EventStore } from '../event-store/event-store.port';
import { RequestContext, RequestContextData } from './request-context';

interface WritePrecondition {
  /** Global position the representation that If-Match matched reflects (at least). */
  since: number;
  /** Streams this request has appended to since (their later changes are its own). */
  written: Set<string>;
  /** The request it belongs to: work that merely inherited the async context is not bound. */
  owner: RequestContextData | undefined;
}

const storage = new AsyncLocalStorage<WritePrecondition>();

/**
 * Closes the gap between an If-Match check and the write it guards. The check compares the
 * client's tag with the current representation, read from read models that had reached the
 * global position `since`; the write then loads each stream it decides on, and refuses (412)
 * when that stream has an event after `since` — someone wrote in between. The append itself
 * carries the loaded revision as its expected revision, so a writer that slips in after the
 * load makes it fail and reload, and the reload sees the new event: 412 again, never a lost
 * update.
 */
export const WritePreconditions = {
  run<T>(since: number, fn: () => T): T {
    return storage.run({ since, written: new Set(), owner: RequestContext.current() }, fn);
  },

  /** Called by EventSourcing after it loaded `stream`, before it decides (one read, only under If-Match). */
  async check(events: EventStore, stream: string): Promise<void> {
    const p = storage.getStore();
    if (!p || p.owner !== RequestContext.current() || p.written.has(stream)) return;
    const [last] = await events.readStream(stream, { direction: 'backwards', maxCount: 1 });
    if (last && last.position > p.since) {
      throw new PreconditionFailed('If-Match: the resource has changed since the representation with that ETag was read; GET it again and retry with its ETag');
    }
  },

  wrote(stream: string): void {
    const p = storage.getStore();
    if (p && p.owner === RequestContext.current()) p.written.add(stream);
  },
};
