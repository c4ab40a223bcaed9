import { Injectable } from '@nestjs/common';
import { CacheRegion, InvalidatingCache, Principal, ReadStore, TokenVerifier } from '@app/platform';
import { hashToken } from '../domain/token';
import { TOKENS, TokenDoc, tokenCacheTag } from './queries/identity.projection';
import { TokenUsageRecorder } from './token-usage.recorder';

/** Tokens whose documents are kept in memory (see InvalidatingCache), most recently used first. */
const CACHED_TOKENS = 10_000;

@Injectable()
export class ReadModelTokenVerifier extends TokenVerifier {
  /**
   * Token documents by hash, dropped when the identity projection applies an event of the token
   * (tokenCacheTag). An unknown hash is not kept: the token may be issued a moment later.
   */
  private readonly tokens: CacheRegion<TokenDoc | null>;

  constructor(
    private readonly store: ReadStore,
    private readonly usage: TokenUsageRecorder,
    cache: InvalidatingCache,
  ) {
    super();
    this.tokens = cache.region('identity.tokens', { max: CACHED_TOKENS });
  }

  async verify(secret: string): Promise<Principal | null> {
    const hash = hashToken(secret);
    const t = await this.tokens.get(
      hash,
      () => this.store.get<TokenDoc>(TOKENS, hash),
      (doc) => (doc ? [tokenCacheTag(doc.tokenId)] : null),
    );
    // Checked on every use, cached or not (tokens do not expire; revocation is `active: false`).
    if (!t || !t.active) return null;
    await this.usage.record(t);
    return { userId: t.userId, tokenId: t.tokenId };
  }
}
