import { Injectable, Logger } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The only label names a metric may carry. Each has a bounded set of values (a route template,
 * never a raw URL; a projection's name from the code), so the number of series stays bounded
 * whatever the number of spaces, users or requests. Ids, emails, titles and tokens never are.
 */
export const METRIC_LABELS = ['method', 'route', 'status', 'status_class', 'projection'] as const;
export type MetricLabel = (typeof METRIC_LABELS)[number];

/** One value of a gauge computed at scrape time. */
export interface MetricSample {
  labels?: Partial<Record<MetricLabel, string>>;
  value: number;
}

const PREFIX = 'docs_api_';
/** Request latency buckets, in seconds: from a cached read to a slow import. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Append latency buckets, in seconds: a WAL commit to a slow cluster. */
const APPEND_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1];

/**
 * The process's Prometheus metrics, in a registry of its own (not prom-client's global one), so
 * several applications in one process (the e2e suites) never collide. Counters are incremented
 * where things happen; gauges of state (projection lag, backlogs) are computed at scrape time by
 * collectors that contexts register with `gauge()`.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();
  private readonly logger = new Logger('Metrics');
  private scrapes = 0;
  private defaultsOn = false;
  private readonly tracked = new Map<string, () => Promise<number>>();

  readonly httpRequests = new Counter({
    name: `${PREFIX}http_requests_total`,
    help: 'HTTP requests answered, by method, route template ("unmatched" when no route matched) and status.',
    labelNames: ['method', 'route', 'status'],
    registers: [this.registry],
  });
  readonly httpDuration = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'Time from a request reaching the server to its response being sent, by method, route template and status class.',
    labelNames: ['method', 'route', 'status_class'],
    buckets: HTTP_BUCKETS,
    registers: [this.registry],
  });
  readonly appends = new Counter({
    name: `${PREFIX}event_store_appends_total`,
    help: 'Stream appends committed to the event store (each stream of a batch counts once).',
    registers: [this.registry],
  });
  readonly appendedEvents = new Counter({
    name: `${PREFIX}event_store_appended_events_total`,
    help: 'Events in the appends committed to the event store.',
    registers: [this.registry],
  });
  readonly appendDuration = new Histogram({
    name: `${PREFIX}event_store_append_duration_seconds`,
    help: 'Duration of event store appends (one observation per call, failed ones and conflicts included).',
    buckets: APPEND_BUCKETS,
    registers: [this.registry],
  });
  readonly rateLimited = new Counter({
    name: `${PREFIX}rate_limited_total`,
    help: 'API requests refused with 429 by the per-token rate limit.',
    registers: [this.registry],
  });
  readonly shed = new Counter({
    name: `${PREFIX}shed_requests_total`,
    help: 'Requests refused with 503 by load shedding (overload or shutdown).',
    registers: [this.registry],
  });

  get contentType(): string {
    return this.registry.contentType;
  }

  /**
   * Registers a gauge whose values `collect` computes at each scrape (from the read models or
   * the stores: never from one process's memory, which another instance does not share). A
   * collector that fails is logged and the scrape goes on: its gauge has no series for that scrape
   * (NaN when it has no labels), never a 0 that would read as "no backlog".
   */
  gauge(name: string, help: string, labelNames: MetricLabel[], collect: () => Promise<MetricSample[]>): void {
    if (!name.startsWith(PREFIX)) throw new Error(`metric ${name}: names start with ${PREFIX}`);
    const unknown = labelNames.filter((l) => !(METRIC_LABELS as readonly string[]).includes(l));
    if (unknown.length) throw new Error(`metric ${name}: label ${unknown.join(', ')} is not one of ${METRIC_LABELS.join(', ')}`);
    const logger = this.logger;
    new Gauge({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect(this: Gauge) {
        this.reset();
        try {
          for (const s of await collect()) this.set(s.labels ?? {}, s.value);
        } catch (e) {
          this.reset();
          if (!labelNames.length) this.set(NaN);
          logger.warn(`metric ${name} could not be collected: ${e instanceof Error ? e.message : String(e)}`);
        }
      },
    });
  }

  /**
   * A projection that runs outside this process's ProjectionEngine (a lane's engine, in a worker
   * thread or another process): its checkpoint, read from its store, joins the lag gauges.
   */
  trackProjection(name: string, checkpoint: () => Promise<number>): void {
    this.tracked.set(name, checkpoint);
  }

  trackedProjections(): ReadonlyMap<string, () => Promise<number>> {
    return this.tracked;
  }

  /**
   * `fn` computed once per scrape however many collectors ask (the projections' status feeds
   * three gauges): collectors run concurrently within one scrape.
   */
  perScrape<T>(fn: () => Promise<T>): () => Promise<T> {
    let at = -1;
    let value: Promise<T> | undefined;
    return () => {
      if (at !== this.scrapes || !value) {
        at = this.scrapes;
        value = fn();
      }
      return value;
    };
  }

  /** The exposition text of every metric. */
  async render(): Promise<string> {
    this.enableDefaultMetrics();
    this.scrapes++;
    return this.registry.metrics();
  }

  /**
   * The default process metrics (CPU, memory, event loop lag, GC, handles), started at the
   * first scrape: they install process-wide observers that prom-client never removes, so a
   * process that is never scraped (the CLI, most test applications) does not carry them.
   * Their standard names (process_*, nodejs_*) are kept, so stock Node.js dashboards work.
   */
  private enableDefaultMetrics(): void {
    if (this.defaultsOn) return;
    this.defaultsOn = true;
    collectDefaultMetrics({ register: this.registry });
  }
}
