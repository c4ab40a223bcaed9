import { ProjectionDefinition } from '@app/platform';

export const USERS = 'identity_users';
export const TOKENS = 'identity_tokens';

export interface UserDoc { id: string; email: string; displayName: string; registeredAt: string; emailVerified?: boolean; [k: string]: unknown }
/**
 * Keyed by the token hash, so a bearer token is one primary-key lookup. `name`, `issuedAt` and
 * `lastUsedAt` are missing on documents projected before they existed (`projections rebuild identity`).
 */
export interface TokenDoc {
  id: string; tokenId: string; userId: string; active: boolean;
  name?: string | null; issuedAt?: string; lastUsedAt?: string | null;
  /** Global position of the issue: the creation order of tokens issued in the same millisecond. */
  seq?: number;
  [k: string]: unknown;
}

export const identityProjection: ProjectionDefinition = {
  name: 'identity',
  collections: [{ name: USERS, indexes: [['email']] }, { name: TOKENS, indexes: [['tokenId'], ['userId', 'issuedAt']] }],
  handles: ['UserRegistered', 'ApiTokenIssued', 'ApiTokenRevoked', 'ApiTokenUsed'],
  async apply(e, ctx) {
    const d = e.data as Record<string, string> & { emailVerified?: boolean };
    switch (e.type) {
      case 'UserRegistered':
        ctx.put(USERS, { id: d.userId, email: d.email, displayName: d.displayName, registeredAt: d.registeredAt, emailVerified: d.emailVerified !== false });
        break;
      case 'ApiTokenIssued':
        ctx.put(TOKENS, { id: d.hash, tokenId: d.tokenId, userId: d.userId, active: true, name: d.name ?? null, issuedAt: d.issuedAt, lastUsedAt: null, seq: e.position });
        break;
      case 'ApiTokenRevoked':
        await ctx.update<TokenDoc>(TOKENS, d.hash, (t) => ({ ...t, active: false }));
        break;
      case 'ApiTokenUsed': {
        // The event leaves the hash out (it is the key of the bearer lookup); find by token id.
        const [t] = await ctx.find<TokenDoc>(TOKENS, { tokenId: d.tokenId });
        if (t && (t.lastUsedAt ?? '') < d.usedAt) ctx.put(TOKENS, { ...t, lastUsedAt: d.usedAt });
        break;
      }
    }
  },
};
