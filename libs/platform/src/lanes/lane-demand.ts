import { Injectable } from '@nestjs/common';

/**
 * Which lanes of work (see the API's lane threads) have work to do. A lane declared on demand
 * gets its worker thread only once a context says it is wanted (the webhook lane once an
 * endpoint exists): an installation that never uses it never pays the thread's memory. Wanting
 * is for the life of the process; a lane not declared on demand is always wanted.
 */
@Injectable()
export class LaneDemand {
  private readonly onDemand = new Set<string>();
  private readonly wanted = new Set<string>();
  private readonly listeners: Array<(lane: string) => void> = [];

  /** The lane's thread waits until someone wants it. */
  declareOnDemand(lane: string): void {
    this.onDemand.add(lane);
  }

  /** Says the lane has work; idempotent, and cheap enough to call on every event that implies it. */
  want(lane: string): void {
    if (this.wanted.has(lane)) return;
    this.wanted.add(lane);
    for (const listener of this.listeners) listener(lane);
  }

  isWanted(lane: string): boolean {
    return !this.onDemand.has(lane) || this.wanted.has(lane);
  }

  /** Called once for each lane when it becomes wanted (not for those wanted already). */
  onWanted(listener: (lane: string) => void): void {
    this.listeners.push(listener);
  }
}
