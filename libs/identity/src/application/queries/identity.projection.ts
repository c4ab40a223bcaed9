import { ProjectionDefinition, RecordedEvent } from '@app/platform';
import { TokenEvent } from '../../domain/token';
import { UserEvent } from '../../domain/user';

export const USERS = 'identity_users';
export const TOKENS = 'identity_tokens';

/** `emailVerified` is missing on documents projected before it existed (read as verified). */
export type UserDoc = { id: string; email: string; displayName: string; registeredAt: string; emailVerified?: boolean; photoURL?: string | null };

/**
 * Keyed by the token hash, so a bearer token is one primary-key lookup. `name`, `issuedAt` and
 * `lastUsedAt` are missing on documents projected before they existed (`projections rebuild identity`).
 */
export type TokenDoc = {
  id: string;
  tokenId: string;
  userId: string;
  active: boolean;
  name?: string | null;
  issuedAt?: string;
  lastUsedAt?: string | null;
  /** Global position of the issue: the creation order of tokens issued in the same millisecond. */
  seq?: number;
};

type IdentityEvent = RecordedEvent & (UserEvent | TokenEvent);

/**
 * Cache tag of what is cached about a token (its document, by hash: see ReadModelTokenVerifier),
 * invalidated by each of the token's events: issue, revocation and recorded use (which changes
 * the lastUsedAt the usage recorder reads). Users have no state that stops their tokens.
 */
export const tokenCacheTag = (tokenId: string) => `identity.token:${tokenId}`;

export const identityProjection: ProjectionDefinition = {
  name: 'identity',
  collections: [
    { name: USERS, indexes: [['email']] },
    { name: TOKENS, indexes: [['tokenId'], ['userId', 'issuedAt']] },
  ],
  handles: ['UserRegistered', 'UserProfileUpdated', 'ApiTokenIssued', 'ApiTokenRevoked', 'ApiTokenUsed'],
  invalidates(recorded) {
    const e = recorded as IdentityEvent;
    return e.type === 'ApiTokenIssued' || e.type === 'ApiTokenRevoked' || e.type === 'ApiTokenUsed' ? [tokenCacheTag(e.data.tokenId)] : [];
  },
  async apply(recorded, ctx) {
    const e = recorded as IdentityEvent;
    switch (e.type) {
      case 'UserRegistered': {
        const d = e.data;
        const doc: UserDoc = {
          id: d.userId,
          email: d.email,
          displayName: d.displayName,
          registeredAt: d.registeredAt,
          emailVerified: d.emailVerified !== false,
        };
        ctx.put(USERS, doc);
        break;
      }
      case 'UserProfileUpdated': {
        const { changes } = e.data;
        await ctx.update<UserDoc>(USERS, e.data.userId, (u) => ({ ...u, ...changes }));
        break;
      }
      case 'ApiTokenIssued': {
        const d = e.data;
        const doc: TokenDoc = {
          id: d.hash,
          tokenId: d.tokenId,
          userId: d.userId,
          active: true,
          name: d.name ?? null,
          issuedAt: d.issuedAt,
          lastUsedAt: null,
          seq: e.position,
        };
        ctx.put(TOKENS, doc);
        break;
      }
      case 'ApiTokenRevoked':
        await ctx.update<TokenDoc>(TOKENS, e.data.hash, (t) => ({ ...t, active: false }));
        break;
      case 'ApiTokenUsed': {
        // The event leaves the hash out (it is the key of the bearer lookup); find by token id.
        const { tokenId, usedAt } = e.data;
        const [t] = await ctx.find<TokenDoc>(TOKENS, { tokenId });
        if (t && (t.lastUsedAt ?? '') < usedAt) ctx.put(TOKENS, { ...t, lastUsedAt: usedAt });
        break;
      }
    }
  },
};
