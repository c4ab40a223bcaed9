import { AsyncLocalStorage } from 'async_hooks';

/**
 * Commands on one stream, in one process, run one after another: each loads, decides and
 * appends while the others wait, so they never meet a wrong expected revision among themselves
 * (ten concurrent PATCHes of one space used to retry each other up to 409). Writers in other
 * processes still meet optimistic concurrency (EventSourcing retries with jitter).
 *
 * Only the outermost command of an async flow takes a lock: a command run from inside another
 * one's cycle (on its own stream or another) goes on optimistically as before. A flow therefore
 * holds at most one lock and waits only while it holds none, so two commands nesting each
 * other's streams can never wait for each other (no deadlock by construction).
 */
export class StreamLocks {
  private readonly tails = new Map<string, Promise<void>>();
  private readonly held = new AsyncLocalStorage<string>();

  async run<T>(stream: string, fn: () => Promise<T>): Promise<T> {
    if (this.held.getStore() !== undefined) return fn();
    const previous = this.tails.get(stream);
    let release!: () => void;
    const tail = new Promise<void>((resolve) => (release = resolve));
    this.tails.set(stream, tail);
    try {
      if (previous) await previous;
      return await this.held.run(stream, fn);
    } finally {
      release();
      if (this.tails.get(stream) === tail) this.tails.delete(stream);
    }
  }

  /** Streams with a command running or waiting (tests). */
  get size(): number {
    return this.tails.size;
  }
}
