import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { EventStore, LaneDemand, LanePacer, PlatformConfig, ProjectionEngine, ReadStore, Write } from '@app/platform';
import { AuditEventSource } from '../../ports';
import { AUDIT_ACTIONS } from '../../audit-action.registry';
import { AUDIT_LOG_PROJECTION } from '../../log/audit-log.read-models';
import { deliversHere, DeliveryStore, WEBHOOK_LANE } from './delivery-store';
import { WebhookDeliveryWorker } from './webhook-delivery.worker';
import { DELIVERIES, DISPATCHER, ENDPOINTS, webhookDispatcher } from './webhook-dispatcher.projection';
import { WEBHOOKS, WebhookDoc, webhooksProjection } from './webhooks.projection';

/**
 * Runs the webhook lane: the dispatcher on an engine of its own over the delivery store, which
 * follows the main engine's read models (the audit log must hold each event it dispatches),
 * and the delivery worker. Where it does not run, it only declares the store's collections.
 *
 * The lane's thread is on demand: it starts once an endpoint exists (wanted here at start, or
 * by the endpoints' projection when one is created). A dispatcher that never had an endpoint
 * starts just before the first endpoint's creation instead of reading the history before it,
 * where there was nothing to deliver.
 */
@Injectable()
export class WebhookLane implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger('WebhookLane');
  private engine: ProjectionEngine | null = null;

  constructor(
    private readonly config: PlatformConfig,
    private readonly events: EventStore,
    private readonly reads: ReadStore,
    private readonly deliveries: DeliveryStore,
    private readonly main: ProjectionEngine,
    private readonly source: AuditEventSource,
    private readonly worker: WebhookDeliveryWorker,
    private readonly demand: LaneDemand,
    private readonly pacer: LanePacer,
  ) {}

  private dispatcher() {
    return webhookDispatcher({
      source: this.source,
      // The audit log's vocabulary: the dispatcher handles exactly the events it maps.
      auditedEventTypes: AUDIT_ACTIONS.eventTypes(),
      disableAfterFailures: this.config.webhookDisableAfterFailures,
      recorded: (webhookId, position) => this.worker.nudge(webhookId, position),
      reopened: (webhookId, position) => this.worker.reopened(webhookId, position),
    });
  }

  async onModuleInit(): Promise<void> {
    this.demand.declareOnDemand(WEBHOOK_LANE);
    await this.deliveries.defineProjection(DISPATCHER, this.dispatcher().collections);
  }

  async onApplicationBootstrap(): Promise<void> {
    // The endpoints' projection wants the lane when one is created; those that exist already:
    if (this.config.lane === null) {
      await declareEndpoints(this.reads);
      if ((await this.reads.count(WEBHOOKS)) > 0 || (await this.deliveries.count(ENDPOINTS)) > 0) this.demand.want(WEBHOOK_LANE);
    }
    if (!deliversHere(this.config)) return;
    // In its worker thread the lane runs as long as the thread does (the parent starts the thread
    // where the projections run); inline, it runs while this instance holds the projections lease.
    if (this.config.lane !== null) return this.begin();
    this.main.onLeadership((leading) => {
      this.turn = this.turn.then(() => (leading ? this.begin() : this.end())).catch((e: unknown) => this.logger.error(`webhook lane: ${String(e)}`));
    });
    if (this.main.isLeading) await (this.turn = this.turn.then(() => this.begin()));
  }

  private turn: Promise<void> = Promise.resolve();

  private async begin(): Promise<void> {
    if (this.engine) return;
    await this.adoptLegacyDeliveries();
    await skipQuietHistory(this.deliveries, this.reads);
    const engine = new ProjectionEngine(this.events, this.deliveries, this.config);
    engine.registerProjection(this.dispatcher());
    // Its turns keep to the lane's budget while the API is busy (the worker's passes as well).
    engine.turns.pacedBy(() => this.pacer.gate());
    // It reads the audit log (the audit event of each event it dispatches): it follows that
    // projection, not the read models every request waits for (the audit log is not one of them).
    // Until the main engine has declared it, nothing is known to have passed.
    engine.followReadModels(() => this.main.positionOf([AUDIT_LOG_PROJECTION]).catch(() => 0));
    this.engine = engine;
    await engine.start();
    this.worker.start();
  }

  private async end(): Promise<void> {
    if (!this.engine) return;
    await this.worker.stop();
    await this.engine.stop();
    this.engine = null;
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.turn;
    await this.end();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.deliveries !== this.reads) await this.deliveries.close();
  }

  /**
   * Data folders from before the lane kept the dispatcher in the main read store: its endpoints,
   * deliveries and checkpoint move over once, so nothing is dispatched (and sent) twice.
   */
  private async adoptLegacyDeliveries(): Promise<void> {
    if (this.deliveries === this.reads) return;
    const here = await this.deliveries.checkpoint(DISPATCHER);
    if (here.position > 0) return;
    const collections = this.dispatcher().collections;
    await this.reads.defineProjection(DISPATCHER, collections);
    const old = await this.reads.checkpoint(DISPATCHER);
    if (old.position === 0) return;
    const writes: Write[] = [];
    for (const c of collections) for (const doc of await this.reads.dump(c.name)) writes.push({ kind: 'put', collection: c.name, doc });
    if (await this.deliveries.commit(DISPATCHER, here.generation, 0, old.position, writes))
      this.logger.log(`moved ${writes.length} webhook endpoint and delivery documents to the webhook lane's store (at position ${old.position})`);
  }
}

/**
 * A dispatcher with no endpoint and no delivery records nothing for any event before the first
 * endpoint's creation: its checkpoint moves to just before the oldest endpoint the endpoints'
 * read model holds (an endpoint created and deleted before that had nothing left to send: its
 * deliveries are not listed once it is deleted). Answers the position it starts from.
 */
export async function skipQuietHistory(deliveries: ReadStore, reads: ReadStore): Promise<number> {
  const at = await deliveries.checkpoint(DISPATCHER);
  if ((await deliveries.count(ENDPOINTS)) > 0 || (await deliveries.count(DELIVERIES)) > 0) return at.position;
  await declareEndpoints(reads);
  const [oldest] = await reads.find<WebhookDoc>(WEBHOOKS, {}, { sort: [['seq', 1]], limit: 1 });
  if (!oldest || oldest.seq - 1 <= at.position) return at.position;
  return (await deliveries.commit(DISPATCHER, at.generation, at.position, oldest.seq - 1, [])) ? oldest.seq - 1 : at.position;
}

/** The endpoints' read model, declared here as the main engine does (it may not have started, or runs in another thread). */
const declareEndpoints = (reads: ReadStore) => reads.defineProjection(webhooksProjection.name, webhooksProjection.collections);
