import { Inject, Injectable, Optional } from '@nestjs/common';
import { EventLoopUtilization, performance } from 'perf_hooks';
import { PlatformConfig } from '../config/platform-config';

/** How often the API tells its lanes how busy its event loop was (see LaneThreads). */
export const LANE_LOAD_EVERY_MS = 100;
/** The API's event loop counts as busy from this share of its time on. */
export const API_BUSY = 0.8;
/** The lane's budget is counted per window of this length. */
const WINDOW_MS = 100;
/** What the API last said stands this long (a lane that is no longer told does not yield). */
const TOLD_FOR_MS = 3 * LANE_LOAD_EVERY_MS;

/** Injection token of the pacer's clocks (tests give their own). */
export const PACER_CLOCKS = 'LanePacerClocks';

/** The clocks the pacer reads: the wall clock, and the active time of this thread's event loop. */
export interface PacerClocks {
  now(): number;
  /** Milliseconds this thread's event loop has been active since it started. */
  active(): number;
  sleep(ms: number): Promise<void>;
}

const realClocks = (): PacerClocks => {
  const start: EventLoopUtilization = performance.eventLoopUtilization();
  return {
    now: () => performance.now(),
    active: () => performance.eventLoopUtilization(start).active,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  };
};

/**
 * A lane's work yields to the API's. While the API's event loop is busy (its parent tells the
 * lane every LANE_LOAD_EVERY_MS), the lane's own event loop keeps to LANE_BUSY_SHARE of the
 * time: a budget that grows with the time passed and shrinks with the loop's active time, all
 * of it (work between two turns, replies to what was sent, counts as well), so a turn waits at
 * `gate` until the budget is back above zero. When the API is not busy the lane runs at will,
 * and what it put off (deliveries, say) goes out then.
 *
 * A lower priority is not enough: on a machine whose cores share a physical core or its caches
 * (a virtual machine's vCPUs, say), any work on the other core slows the API's thread, and its
 * garbage collections the most, whatever the scheduler decides.
 */
@Injectable()
export class LanePacer {
  private apiBusy = 0;
  private toldAt = Number.NEGATIVE_INFINITY;
  /** Milliseconds of active time the lane may still use (at most one window's worth). */
  private credit: number;
  private lastAt: number;
  private lastActive: number;
  private readonly clocks: PacerClocks;
  /** Times a turn waited (the specs read it). */
  waits = 0;

  constructor(
    private readonly config: PlatformConfig,
    @Optional() @Inject(PACER_CLOCKS) clocks?: PacerClocks,
  ) {
    this.clocks = clocks ?? realClocks();
    this.credit = this.burst;
    this.lastAt = this.clocks.now();
    this.lastActive = this.clocks.active();
  }

  private get burst(): number {
    return this.config.laneBusyShare * WINDOW_MS;
  }

  /** What the API's parent said: the share of the last period its event loop was busy. */
  told(apiBusy: number): void {
    this.apiBusy = apiBusy;
    this.toldAt = this.clocks.now();
  }

  /** Whether the lane keeps to its budget now (the API busy, said recently). */
  get yielding(): boolean {
    return this.config.laneBusyShare < 1 && this.apiBusy >= API_BUSY && this.clocks.now() - this.toldAt <= TOLD_FOR_MS;
  }

  /** Resolves when the lane may take its next turn of work. */
  async gate(): Promise<void> {
    for (;;) {
      const now = this.clocks.now();
      const active = this.clocks.active();
      const earned = this.config.laneBusyShare * (now - this.lastAt) - (active - this.lastActive);
      this.lastAt = now;
      this.lastActive = active;
      if (!this.yielding) {
        this.credit = this.burst;
        return;
      }
      this.credit = Math.min(this.burst, this.credit + earned);
      if (this.credit >= 0) return;
      this.waits++;
      // At most a period at a time: a lane told the API is no longer busy (or stopping) goes on soon.
      await this.clocks.sleep(Math.min(LANE_LOAD_EVERY_MS, Math.max(1, -this.credit / this.config.laneBusyShare)));
    }
  }
}
