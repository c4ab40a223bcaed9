/**
 * Runners of one process take turns: one bounded slice of work each, in the order they asked
 * (round-robin, so no runner starves while another has a backlog), and the event loop gets a
 * turn of its own (setImmediate) whenever work has run for `yieldEveryMs` without one. The
 * embedded stores are synchronous: without this a catch-up would keep the event loop from ever
 * serving a request.
 */
export class TurnQueue {
  private busy = false;
  private readonly queue: Array<() => void> = [];
  private lastYield = performance.now();
  /** Turns granted so far, per holder name (for tests and operators). */
  readonly granted = new Map<string, number>();

  constructor(private readonly yieldEveryMs = 10) {}

  async acquire(holder = ''): Promise<void> {
    if (this.busy) await new Promise<void>((resolve) => this.queue.push(resolve));
    else this.busy = true;
    if (performance.now() - this.lastYield >= this.yieldEveryMs) await this.yieldToEventLoop();
    this.granted.set(holder, (this.granted.get(holder) ?? 0) + 1);
  }

  release(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.busy = false;
  }

  private async yieldToEventLoop(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.lastYield = performance.now();
  }
}
