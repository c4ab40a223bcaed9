import { Logger } from '@nestjs/common';
import { EventStore, RecordedEvent, Subscription } from '../event-store/event-store.port';
import { upcast } from '../ddd/domain-event';
import { ParkedEvent, ReadStore } from '../read-store/read-store.port';
import { UnitOfWork } from './unit-of-work';
import { ProjectionContext } from './projection';

export interface RunnerTarget {
  name: string;
  handles: Set<string>;
  apply(event: RecordedEvent, ctx: ProjectionContext): Promise<void>;
}

export interface RunnerOptions {
  /** Backoff between attempts of a failing handler; after the last one the event is parked. */
  retryDelaysMs: number[];
}

class StaleCheckpoint extends Error {}

/**
 * Drives one projection (or saga) from its durable checkpoint. Each batch of events is
 * applied to a unit of work and committed together with the checkpoint; if another worker
 * moved the checkpoint (or a rebuild switched generations), the batch is discarded and the
 * runner resumes from the stored checkpoint, so nothing is applied twice.
 */
export class ProjectionRunner {
  private subscription: Subscription | null = null;
  private stopped = true;
  private listeners = new Set<() => void>();
  position = 0;
  generation = 0;

  constructor(
    private readonly events: EventStore,
    private readonly store: ReadStore,
    private readonly target: RunnerTarget,
    private readonly options: RunnerOptions,
    /** Rebuilds write into a fixed, not yet active generation. */
    private readonly fixedGeneration?: number,
    private readonly logger = new Logger(`Projection:${target.name}`),
  ) {}

  async start(): Promise<void> {
    this.stopped = false;
    await this.resume();
  }

  private async resume(): Promise<void> {
    if (this.stopped) return;
    if (this.fixedGeneration !== undefined) {
      this.generation = this.fixedGeneration;
      this.position = await this.store.generationCheckpoint(this.target.name, this.generation);
    } else {
      const cp = await this.store.checkpoint(this.target.name);
      this.generation = cp.generation;
      this.position = cp.position;
    }
    // stop() may have been called while the checkpoint was being read.
    if (this.stopped) return;
    this.notify();
    this.subscription = this.events.subscribeToAll(this.position, (batch) => this.process(batch), (e) => {
      if (this.stopped) return;
      if (!(e instanceof StaleCheckpoint)) this.logger.error(`subscription failed, resuming: ${e.stack ?? e}`);
      setTimeout(() => void this.resume().catch((err) => this.logger.error(String(err))), e instanceof StaleCheckpoint ? 0 : 200);
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.subscription?.close();
    this.subscription = null;
  }

  onProgress(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private notify() {
    for (const l of this.listeners) l();
  }

  /** Applies one batch and commits it with the checkpoint. Exposed for rebuilds and tests. */
  async process(batch: RecordedEvent[]): Promise<void> {
    const uow = new UnitOfWork(this.store, this.generation);
    const parked: Array<Omit<ParkedEvent, 'id'>> = [];
    for (const raw of batch) {
      if (!this.target.handles.has(raw.type)) continue;
      const event = upcast(raw);
      uow.savepoint();
      for (let attempt = 0; ; attempt++) {
        try {
          await this.target.apply(event, uow);
          break;
        } catch (e) {
          uow.rollback();
          uow.savepoint();
          if (attempt >= this.options.retryDelaysMs.length) {
            this.logger.error(`parking event ${event.type} at ${event.position} after ${attempt + 1} attempts: ${e}`);
            parked.push({
              projection: this.target.name, position: event.position, eventId: event.id, eventType: event.type,
              stream: event.stream, error: String(e?.stack ?? e).slice(0, 4000), parkedAt: new Date().toISOString(),
            });
            break;
          }
          await new Promise((r) => setTimeout(r, this.options.retryDelaysMs[attempt]));
        }
      }
    }
    const to = batch[batch.length - 1].position;
    const ok = await this.store.commit(this.target.name, this.generation, this.position, to, uow.writes(), {
      requireActive: this.fixedGeneration === undefined,
      park: parked,
    });
    if (!ok) throw new StaleCheckpoint(`checkpoint of ${this.target.name} moved`);
    this.position = to;
    this.notify();
  }

  /** Applies a parked event again on the active generation and removes it once it succeeds. */
  static async replayParked(events: EventStore, store: ReadStore, target: RunnerTarget, parked: ParkedEvent): Promise<void> {
    // By stream, not by position - 1: EventStoreDB positions are not consecutive.
    const raw = (await events.readStream(parked.stream)).find((e) => e.id === parked.eventId);
    if (!raw) throw new Error(`event ${parked.eventId} not found in stream ${parked.stream}`);
    for (let attempt = 0; attempt < 10; attempt++) {
      const cp = await store.checkpoint(target.name);
      const uow = new UnitOfWork(store, cp.generation);
      await target.apply(upcast(raw), uow);
      if (await store.commit(target.name, cp.generation, cp.position, cp.position, uow.writes(), { requireActive: true, unpark: [parked.id] })) return;
    }
    throw new Error(`could not replay ${parked.id}: the projection kept moving`);
  }
}
