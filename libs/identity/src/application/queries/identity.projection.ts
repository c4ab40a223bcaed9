import { ProjectionDefinition } from '@app/platform';

export const USERS = 'identity_users';
export const TOKENS = 'identity_tokens';

export interface UserDoc { id: string; email: string; displayName: string; registeredAt: string; emailVerified?: boolean; [k: string]: unknown }
/** Keyed by the token hash, so a bearer token is one primary-key lookup. */
export interface TokenDoc { id: string; tokenId: string; userId: string; active: boolean; [k: string]: unknown }

export const identityProjection: ProjectionDefinition = {
  name: 'identity',
  collections: [{ name: USERS, indexes: [['email']] }, { name: TOKENS, indexes: [['tokenId']] }],
  handles: ['UserRegistered', 'ApiTokenIssued', 'ApiTokenRevoked'],
  async apply(e, ctx) {
    const d = e.data as Record<string, string> & { emailVerified?: boolean };
    switch (e.type) {
      case 'UserRegistered':
        ctx.put(USERS, { id: d.userId, email: d.email, displayName: d.displayName, registeredAt: d.registeredAt, emailVerified: d.emailVerified !== false });
        break;
      case 'ApiTokenIssued':
        ctx.put(TOKENS, { id: d.hash, tokenId: d.tokenId, userId: d.userId, active: true });
        break;
      case 'ApiTokenRevoked':
        await ctx.update<TokenDoc>(TOKENS, d.hash, (t) => ({ ...t, active: false }));
        break;
    }
  },
};
