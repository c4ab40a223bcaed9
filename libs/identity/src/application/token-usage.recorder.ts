import { Injectable, Logger } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { Clock, EventSourcing, EventStore, upcast, WrongExpectedRevisionError } from '@app/platform';
import { token, TokenEvent, tokenStateAfter, TOKEN_USE_RECORD_INTERVAL_MS, tokenStream } from '../domain/token';
import { TokenDoc } from './queries/identity.projection';

/**
 * Records that a token was used, as an `ApiTokenUsed` event at most once per hour per token.
 * An event (rather than a read-model-only field) keeps "last used" in the audit trail and
 * through rebuilds; the throttle keeps busy tokens from writing one event per request:
 *  - the read model's lastUsedAt and this process's memory of its own recent attempts answer
 *    almost every request without touching the event store;
 *  - otherwise the token's decider decides on the state after the stream's last event (all
 *    it needs, see tokenStateAfter), and the append expects that revision, so two instances
 *    racing record the use once (the loser simply skips).
 * Best effort: a failure is logged and never fails the request it came with.
 */
@Injectable()
export class TokenUsageRecorder {
  private readonly logger = new Logger('TokenUsage');
  private readonly attempted = new LRUCache<string, number>({ max: 10_000 });

  constructor(
    private readonly events: EventStore,
    private readonly es: EventSourcing,
    private readonly clock: Clock,
  ) {}

  async record(t: TokenDoc): Promise<void> {
    const now = this.clock.now();
    const seen = Math.max(t.lastUsedAt ? Date.parse(t.lastUsedAt) : 0, this.attempted.get(t.tokenId) ?? 0);
    if (now.getTime() - seen < TOKEN_USE_RECORD_INTERVAL_MS) return;
    this.attempted.set(t.tokenId, now.getTime());
    try {
      const stream = tokenStream(t.tokenId);
      const [last] = await this.events.readStream(stream, { direction: 'backwards', maxCount: 1 });
      const [used] = token.decide({ type: 'RecordTokenUse', tokenId: t.tokenId }, tokenStateAfter(last && (upcast(last) as unknown as TokenEvent)), now);
      if (!used) return;
      const event = this.es.toNew(used, now, undefined, 0);
      // Not noted as the request's write position: the request need not wait for this projection.
      await this.events.append(stream, [{ ...event, metadata: { ...event.metadata, actor: t.userId } }], last.revision);
    } catch (e) {
      if (!(e instanceof WrongExpectedRevisionError)) this.logger.warn(`could not record the use of token ${t.tokenId}: ${(e as Error).message}`);
    }
  }
}
