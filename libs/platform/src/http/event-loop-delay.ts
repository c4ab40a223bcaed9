/** How late the event loop is running, in milliseconds. Injected in tests. */
export interface DelaySource {
  delayMs(): number;
  /** Forgets the delays seen so far (the start-up's own synchronous work is not load). */
  forget?(): void;
  close?(): void;
}

/**
 * How late a 10 ms timer fires — what perf_hooks.monitorEventLoopDelay measures — kept as the
 * largest delay of the current and the previous 100 ms window, so a stall that has just ended
 * still counts for the requests that queued up behind it (they are read right after it), and
 * a stall in progress counts too. Not monitorEventLoopDelay itself: its reset() drops the next
 * sample, so with windows it loses every delay once the loop stalls longer than a window.
 */
export class EventLoopDelayMonitor implements DelaySource {
  private last = performance.now();
  private windowStart = this.last;
  private currentMax = 0;
  private previousMax = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly resolutionMs = 10,
    private readonly windowMs = 100,
  ) {
    this.timer = setInterval(() => this.sample(), resolutionMs).unref();
  }

  private sample(): void {
    const now = performance.now();
    const late = Math.max(0, now - this.last - this.resolutionMs);
    this.last = now;
    if (now - this.windowStart >= this.windowMs) {
      this.previousMax = this.currentMax;
      this.currentMax = 0;
      this.windowStart = now;
    }
    this.currentMax = Math.max(this.currentMax, late);
  }

  delayMs(): number {
    const ongoing = performance.now() - this.last - this.resolutionMs;
    return Math.max(this.previousMax, this.currentMax, ongoing);
  }

  forget(): void {
    this.last = this.windowStart = performance.now();
    this.currentMax = this.previousMax = 0;
  }

  close(): void {
    clearInterval(this.timer);
  }
}
