export interface AuditProgressOptions {
  /** First interval after the audit log moved (or a stream started waiting). */
  minIntervalMs: number;
  /** Longest interval while nothing happens: the wake-up latency of an idle feed. */
  maxIntervalMs: number;
}

interface Waiter {
  after: number;
  wake: () => void;
}

/**
 * Wakes the change-feed streams when the audit log has applied events past where they stand.
 * One poll of the audit projection's checkpoint for every open stream together (never one per
 * stream), only while some stream waits, at an interval that doubles while nothing happens and
 * starts short again once something did. Polling the checkpoint (one read-model lookup) rather
 * than listening to the local projection runner also wakes streams served by an API instance
 * whose projections run in a worker.
 */
export class AuditProgress {
  private readonly waiters = new Set<Waiter>();
  private timer: NodeJS.Timeout | null = null;
  private interval: number;
  private known = -1;

  /** `onTick`: called after each poll (the feed checks for a shutdown there). */
  constructor(
    private readonly appliedPosition: () => Promise<number>,
    private readonly options: AuditProgressOptions = { minIntervalMs: 25, maxIntervalMs: 500 },
    private readonly onTick: () => void = () => undefined,
  ) {
    this.interval = options.minIntervalMs;
  }

  /** Resolves once the audit log has applied an event after `position`, or when `signal` aborts. */
  next(position: number, signal: AbortSignal): Promise<void> {
    if (signal.aborted || this.known > position) return Promise.resolve();
    return new Promise((resolve) => {
      const waiter: Waiter = {
        after: position,
        wake: () => {
          this.waiters.delete(waiter);
          signal.removeEventListener('abort', waiter.wake);
          resolve();
        },
      };
      signal.addEventListener('abort', waiter.wake, { once: true });
      this.waiters.add(waiter);
      if (!this.timer) this.schedule(this.options.minIntervalMs);
    });
  }

  /** Waiting streams (tests, metrics). */
  get waiting(): number {
    return this.waiters.size;
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const w of [...this.waiters]) w.wake();
  }

  private schedule(ms: number): void {
    this.interval = ms;
    this.timer = setTimeout(() => void this.tick(), ms);
    // The HTTP server keeps the process alive, not a poll for streams that may all be gone.
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    try {
      this.known = Math.max(this.known, await this.appliedPosition());
    } catch {
      // A failed read is a tick without news: the next one tries again.
    }
    let woke = false;
    for (const w of [...this.waiters])
      if (this.known > w.after) {
        w.wake();
        woke = true;
      }
    this.onTick();
    this.timer = null;
    if (this.waiters.size) this.schedule(woke ? this.options.minIntervalMs : Math.min(this.interval * 2, this.options.maxIntervalMs));
  }
}
