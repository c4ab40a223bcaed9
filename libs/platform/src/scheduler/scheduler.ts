import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../clock/clock';
import { EventSourcing } from '../ddd/event-sourcing.service';
import { RequestContext } from '../http/request-context';
import { ReadStore } from '../read-store/read-store.port';
import { ProjectionDefinition } from '../projections/projection';
import { PlatformConfig } from '../config/platform-config';
import { decideCancel, decideFire, decideSchedule, timer, TimerCommand, timerStream } from './timer';

export const TIMERS = 'timers';

interface TimerDoc {
  id: string;
  dueAt: string;
  status: string;
  command: TimerCommand;
  [k: string]: unknown;
}

/** Read model of the timers, indexed by due time. */
export const timersProjection: ProjectionDefinition = {
  name: 'scheduler-timers',
  servesQueries: false,
  collections: [{ name: TIMERS, indexes: [['status', 'dueAt']] }],
  handles: ['TimerScheduled', 'TimerFired', 'TimerCancelled'],
  async apply(e, ctx) {
    const d = e.data as { timerId: string; dueAt?: string; command?: TimerCommand };
    if (e.type === 'TimerScheduled') ctx.put(TIMERS, { id: d.timerId, dueAt: d.dueAt!, status: 'scheduled', command: d.command! });
    else await ctx.update<TimerDoc>(TIMERS, d.timerId, (t) => ({ ...t, status: e.type === 'TimerFired' ? 'fired' : 'cancelled' }));
  },
};

export type TimerHandler = (payload: Record<string, unknown>) => Promise<void>;

/**
 * Durable timers. Scheduling and cancelling are events on the timer's own stream; the worker
 * looks for due timers in the read model, runs the registered command and records TimerFired.
 * A crash between the two fires the timer again (at least once), so the commands they run
 * check their own state; the injected clock decides when a timer is due (never early).
 */
@Injectable()
export class Scheduler {
  private readonly handlers = new Map<string, TimerHandler>();
  private interval: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private readonly logger = new Logger('Scheduler');

  constructor(
    private readonly es: EventSourcing,
    private readonly store: ReadStore,
    private readonly clock: Clock,
    private readonly config: PlatformConfig,
  ) {}

  register(type: string, handler: TimerHandler): void {
    this.handlers.set(type, handler);
  }

  async schedule(timerId: string, dueAt: Date, command: TimerCommand): Promise<void> {
    await this.es.handle(timerStream(timerId), timer, (s) => decideSchedule(s, timerId, dueAt, command));
  }

  async cancel(timerId: string): Promise<void> {
    await this.es.handle(timerStream(timerId), timer, (s, now) => decideCancel(s, timerId, now));
  }

  start(): void {
    if (this.interval) return;
    this.interval = setInterval(() => void this.runDue().catch((e) => this.logger.error(String(e))), this.config.schedulerIntervalMs);
    void this.runDue().catch((e) => this.logger.error(String(e)));
  }

  async stop(): Promise<void> {
    if (this.interval) clearInterval(this.interval);
    this.interval = null;
    await this.running;
  }

  /** Fires every due timer once; returns how many fired. One pass at a time. */
  runDue(): Promise<number> {
    if (!this.running) this.running = this.fireDue().finally(() => (this.running = null));
    return this.running;
  }

  private async fireDue(): Promise<number> {
    const now = this.clock.now().toISOString();
    const due = await this.store.find<TimerDoc>(TIMERS, { status: 'scheduled', dueAt: { $lte: now } }, { sort: [['dueAt', 1]], limit: 500 });
    let fired = 0;
    for (const t of due) {
      const { state } = await this.es.load(timerStream(t.id), timer);
      if (decideFire(state, t.id, this.clock.now()).length === 0) continue;
      const handler = this.handlers.get(state.command!.type);
      if (!handler) {
        this.logger.error(`no handler for timer command ${state.command!.type}`);
        continue;
      }
      await RequestContext.run({ actor: null }, async () => {
        await handler(state.command!.payload);
        await this.es.handle(timerStream(t.id), timer, (s, n) => decideFire(s, t.id, n));
      });
      fired++;
    }
    return fired;
  }
}
