import { createHash, randomBytes } from 'crypto';
import { DomainEvent, Evolver, NotFound } from '@app/platform';

export type TokenEvent =
  | DomainEvent<'ApiTokenIssued', { tokenId: string; userId: string; hash: string; issuedAt: string }>
  | DomainEvent<'ApiTokenRevoked', { tokenId: string; userId: string; hash: string; revokedAt: string }>;

export interface TokenState { status: 'none' | 'active' | 'revoked'; userId: string | null; hash: string | null }

export const tokenStream = (id: string) => `identity.token-${id}`;
export const token: Evolver<TokenState, TokenEvent> = {
  initialState: { status: 'none', userId: null, hash: null },
  evolve: (s, e) =>
    e.type === 'ApiTokenIssued' ? { status: 'active', userId: e.data.userId, hash: e.data.hash } : { ...s, status: 'revoked' },
};

/** Only the hash is ever stored; the secret is shown once, when issued. */
export const hashToken = (secret: string) => createHash('sha256').update(secret).digest('hex');
export const newTokenSecret = () => `gb_api_${randomBytes(24).toString('base64url')}`;

export function decideRevoke(s: TokenState, tokenId: string, now: Date): TokenEvent[] {
  if (s.status === 'none') throw new NotFound(`No API token with id ${tokenId}`);
  if (s.status === 'revoked') return [];
  return [{ type: 'ApiTokenRevoked', data: { tokenId, userId: s.userId!, hash: s.hash!, revokedAt: now.toISOString() } }];
}
