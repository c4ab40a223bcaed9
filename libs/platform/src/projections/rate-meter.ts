/**
 * A runner's recent speed, for /health/ready and Retry-After: events and positions per second
 * over the last few seconds, measured up to now (a runner that waits for its turn slows down).
 */
export class RateMeter {
  private samples: Array<{ at: number; position: number; events: number }> = [];
  private events = 0;

  constructor(
    private readonly windowMs = 5000,
    private readonly now = () => performance.now(),
  ) {}

  /** Called after each turn: the runner has applied up to `position`, having taken `events` more. */
  note(position: number, events: number): void {
    this.events += events;
    const at = this.now();
    const last = this.samples[this.samples.length - 1];
    // One sample per 100 ms is plenty and keeps the window small.
    if (last && at - last.at < 100 && this.samples.length > 1) this.samples[this.samples.length - 1] = { at, position, events: this.events };
    else this.samples.push({ at, position, events: this.events });
    this.prune(at);
  }

  private prune(at: number) {
    while (this.samples.length > 2 && at - this.samples[1].at > this.windowMs) this.samples.shift();
  }

  private span(): { ms: number; positions: number; events: number } | null {
    const at = this.now();
    this.prune(at);
    const first = this.samples[0];
    const last = this.samples[this.samples.length - 1];
    if (!first || this.samples.length < 2 || at - first.at < 250) return null;
    const ms = Math.max(at - first.at, 1);
    return { ms, positions: last.position - first.position, events: last.events - first.events };
  }

  eventsPerSecond(): number | undefined {
    const s = this.span();
    return s ? Math.round((s.events * 1000) / s.ms) : undefined;
  }

  /** Seconds until `lag` positions are behind us at the recent pace; undefined when unknown. */
  etaSeconds(lag: number): number | undefined {
    if (lag <= 0) return 0;
    const s = this.span();
    if (!s || s.positions <= 0) return undefined;
    return Math.round((lag * s.ms) / s.positions / 100) / 10;
  }
}
