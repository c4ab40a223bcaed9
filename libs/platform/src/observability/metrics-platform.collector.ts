import { Injectable, OnModuleInit } from '@nestjs/common';
import { Clock } from '../clock/clock';
import { EventStore } from '../event-store/event-store.port';
import { ProjectionEngine, ProjectionStatus } from '../projections/projection-engine';
import { ReadStore } from '../read-store/read-store.port';
import { TIMERS } from '../scheduler/scheduler';
import { MetricSample, Metrics } from './metrics.service';

type Progress = Pick<ProjectionStatus, 'name' | 'position' | 'lag'>;

/**
 * The platform's gauges, computed at scrape time from the stores (so an API instance that runs
 * no workers reports the workers' progress too): projection lag in events and in seconds,
 * parked events and due timers.
 */
@Injectable()
export class PlatformMetricsCollector implements OnModuleInit {
  private readonly statuses: () => Promise<Progress[]>;

  constructor(
    private readonly metrics: Metrics,
    private readonly engine: ProjectionEngine,
    private readonly events: EventStore,
    private readonly reads: ReadStore,
    private readonly clock: Clock,
  ) {
    this.statuses = metrics.perScrape(() => this.progress());
  }

  /** The engine's projections and sagas, and those run elsewhere (Metrics.trackProjection). */
  private async progress(): Promise<Progress[]> {
    const engine = await this.engine.status();
    const statuses: Progress[] = [...engine];
    const tracked = [...this.metrics.trackedProjections()];
    if (!tracked.length) return statuses;
    const head = engine[0]?.head ?? (await this.events.headPosition());
    for (const [name, checkpoint] of tracked) {
      const position = await checkpoint();
      statuses.push({ name, position, lag: Math.max(0, head - position) });
    }
    return statuses;
  }

  onModuleInit(): void {
    this.metrics.gauge(
      'docs_api_projection_lag_events',
      'Events of the store after the checkpoint of each projection and saga (positions: an upper bound on EventStoreDB).',
      ['projection'],
      async () => (await this.statuses()).map((s) => ({ labels: { projection: s.name }, value: s.lag })),
    );
    this.metrics.gauge(
      'docs_api_projection_lag_seconds',
      'Age of the oldest event each projection and saga has not applied yet (0 when caught up).',
      ['projection'],
      () => this.lagSeconds(),
    );
    this.metrics.gauge(
      'docs_api_parked_events',
      'Events each projection or saga gave up on after its retries (see the CLI to replay them).',
      ['projection'],
      () => this.parked(),
    );
    this.metrics.gauge('docs_api_timers_due', 'Durable timers whose due time has passed and that have not fired yet.', [], async () => [
      { value: await this.reads.count(TIMERS, { status: 'scheduled', dueAt: { $lte: this.clock.now().toISOString() } }) },
    ]);
  }

  /**
   * Lag in seconds is the age of the event right after the checkpoint (its `occurredAt`), not an
   * estimate of the time to catch up: one read of one event per distinct lagging position.
   */
  private async lagSeconds(): Promise<MetricSample[]> {
    const statuses = await this.statuses();
    const now = this.clock.now().getTime();
    const oldest = new Map<number, Promise<number>>();
    const ageAfter = (position: number) => {
      if (!oldest.has(position)) {
        oldest.set(
          position,
          this.events.readAll({ after: position, maxCount: 1 }).then(([e]) => (e ? Math.max(0, (now - Date.parse(e.metadata.occurredAt)) / 1000) : 0)),
        );
      }
      return oldest.get(position)!;
    };
    return Promise.all(statuses.map(async (s) => ({ labels: { projection: s.name }, value: s.lag > 0 ? await ageAfter(s.position) : 0 })));
  }

  /** Every projection and saga, 0 when nothing is parked, so an alert sees the series appear at 0. */
  private async parked(): Promise<MetricSample[]> {
    const [statuses, parked] = await Promise.all([this.statuses(), this.reads.listParked()]);
    const counts = new Map<string, number>(statuses.map((s) => [s.name, 0]));
    for (const p of parked) counts.set(p.projection, (counts.get(p.projection) ?? 0) + 1);
    return [...counts].map(([projection, value]) => ({ labels: { projection }, value }));
  }
}
