import { Injectable } from '@nestjs/common';
import { Principal, ReadStore, TokenVerifier } from '@app/platform';
import { hashToken } from '../domain/token';
import { TOKENS, TokenDoc } from './queries/identity.projection';
import { TokenUsageRecorder } from './token-usage.recorder';

@Injectable()
export class ReadModelTokenVerifier extends TokenVerifier {
  constructor(
    private readonly store: ReadStore,
    private readonly usage: TokenUsageRecorder,
  ) {
    super();
  }
  async verify(secret: string): Promise<Principal | null> {
    const t = await this.store.get<TokenDoc>(TOKENS, hashToken(secret));
    if (!t || !t.active) return null;
    await this.usage.record(t);
    return { userId: t.userId, tokenId: t.tokenId };
  }
}
