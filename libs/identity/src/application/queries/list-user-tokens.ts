import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { ReadStore } from '@app/platform';
import { TOKENS, TokenDoc } from './identity.projection';

/** What an operator may see of a token: never its secret nor the secret's hash. */
export interface TokenSummary {
  tokenId: string;
  name: string | null;
  createdAt: string | null;
  /** Accurate to the hour (uses are recorded at most hourly); null if never used. */
  lastUsedAt: string | null;
  status: 'active' | 'revoked';
}

/** A user's API tokens, oldest first. */
export class ListUserTokensQuery extends Query<TokenSummary[]> {
  constructor(readonly userId: string) {
    super();
  }
}

@QueryHandler(ListUserTokensQuery)
export class ListUserTokensHandler implements IQueryHandler<ListUserTokensQuery> {
  constructor(private readonly store: ReadStore) {}
  async execute(q: ListUserTokensQuery): Promise<TokenSummary[]> {
    const docs = await this.store.find<TokenDoc>(
      TOKENS,
      { userId: q.userId },
      {
        sort: [
          ['issuedAt', 1],
          ['seq', 1],
        ],
      },
    );
    return docs.map((t) => ({
      tokenId: t.tokenId,
      name: t.name ?? null,
      createdAt: t.issuedAt ?? null,
      lastUsedAt: t.lastUsedAt ?? null,
      status: t.active ? 'active' : 'revoked',
    }));
  }
}
