import { Injectable } from '@nestjs/common';
import { Principal, ReadStore, TokenVerifier } from '@app/platform';
import { hashToken } from '../domain/token';
import { TOKENS, TokenDoc } from './queries/identity.projection';

@Injectable()
export class ReadModelTokenVerifier extends TokenVerifier {
  constructor(private readonly store: ReadStore) { super(); }
  async verify(secret: string): Promise<Principal | null> {
    const t = await this.store.get<TokenDoc>(TOKENS, hashToken(secret));
    return t && t.active ? { userId: t.userId, tokenId: t.tokenId } : null;
  }
}
