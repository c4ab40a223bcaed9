/**
 * Runners of one process take turns: one bounded slice of work each, in the order they asked
 * (round-robin, so no runner starves while another has a backlog), and the event loop gets a
 * turn of its own (setImmediate) whenever work has run for `yieldEveryMs` without one. The
 * embedded stores are synchronous: without this a catch-up would keep the event loop from ever
 * serving a request.
 *
 * Background holders (runners of projections no query waits for: the search index, the audit
 * log, the scheduler; rebuilds) get a turn only when no foreground holder waits: a write's
 * read-your-writes does not wait behind a search index reading the 5,000 pages of a merge.
 * A turn is not taken back in the middle of an event (breathe lets the event loop in, keeping
 * the turn): handing it over within a long event made every request pay a slice of it.
 */
export class TurnQueue {
  private busy = false;
  private readonly queue: Array<() => void> = [];
  private readonly background: Array<() => void> = [];
  private holds = 0;
  private lastYield = performance.now();
  /** Turns granted so far, per holder name (for tests and operators). */
  readonly granted = new Map<string, number>();
  private pace: (() => Promise<void>) | null = null;

  constructor(private readonly yieldEveryMs = 10) {}

  async acquire(holder = '', background = false): Promise<void> {
    if (this.busy || (background && this.holds > 0)) await new Promise<void>((resolve) => (background ? this.background : this.queue).push(resolve));
    else this.busy = true;
    if (this.due()) await this.yieldToEventLoop();
    if (this.pace) await this.pace();
    this.granted.set(holder, (this.granted.get(holder) ?? 0) + 1);
  }

  /** Every turn first waits for `pace`, and so does a turn's work when it breathes (a lane's turns keep to its budget: LanePacer). */
  pacedBy(pace: () => Promise<void>): void {
    this.pace = pace;
  }

  release(): void {
    const next = this.queue.shift() ?? (this.holds === 0 ? this.background.shift() : undefined);
    if (next) next();
    else this.busy = false;
  }

  /**
   * Work of a foreground holder that continues after its turn (a runner's checkpoint commit,
   * grouped with the others' at the end of the event-loop turn): background holders wait until
   * every such hold is released, or they would take the turn and keep the event loop from it.
   */
  hold(): () => void {
    this.holds++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holds--;
      if (this.holds > 0 || this.busy) return;
      const next = this.background.shift();
      if (!next) return;
      this.busy = true;
      next();
    };
  }

  /** Within a turn: lets the event loop in (setImmediate) when work has run `yieldEveryMs` without it. */
  async breathe(): Promise<void> {
    if (this.due()) await this.yieldToEventLoop();
    if (this.pace) await this.pace();
  }

  private due(): boolean {
    return performance.now() - this.lastYield >= this.yieldEveryMs;
  }

  private async yieldToEventLoop(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.lastYield = performance.now();
  }
}
