import { createHash, randomBytes } from 'crypto';
import { BadRequest, DomainEvent, Evolver, NotFound } from '@app/platform';

export type TokenEvent =
  | DomainEvent<'ApiTokenIssued', { tokenId: string; userId: string; hash: string; issuedAt: string; name?: string | null }>
  | DomainEvent<'ApiTokenRevoked', { tokenId: string; userId: string; hash: string; revokedAt: string }>
  | DomainEvent<'ApiTokenUsed', { tokenId: string; userId: string; usedAt: string }>;

export interface TokenState { status: 'none' | 'active' | 'revoked'; userId: string | null; hash: string | null }

export const tokenStream = (id: string) => `identity.token-${id}`;
export const token: Evolver<TokenState, TokenEvent> = {
  initialState: { status: 'none', userId: null, hash: null },
  evolve: (s, e) => {
    switch (e.type) {
      case 'ApiTokenIssued': return { status: 'active', userId: e.data.userId, hash: e.data.hash };
      case 'ApiTokenRevoked': return { ...s, status: 'revoked' };
      case 'ApiTokenUsed': return s;
    }
  },
};

/** Only the hash is ever stored; the secret is shown once, when issued. */
export const hashToken = (secret: string) => createHash('sha256').update(secret).digest('hex');
export const newTokenSecret = () => `gb_api_${randomBytes(24).toString('base64url')}`;

/** A label for listing tokens (`ci`, `laptop`); optional. */
export function validateTokenName(name: string | undefined): string | null {
  if (name === undefined) return null;
  const n = name.trim();
  if (n.length < 1 || n.length > 100) throw new BadRequest('name: must be 1 to 100 characters');
  return n;
}

export function decideRevoke(s: TokenState, tokenId: string, now: Date): TokenEvent[] {
  if (s.status === 'none') throw new NotFound(`No API token with id ${tokenId}`);
  if (s.status === 'revoked') return [];
  return [{ type: 'ApiTokenRevoked', data: { tokenId, userId: s.userId!, hash: s.hash!, revokedAt: now.toISOString() } }];
}

/**
 * "Last used" is kept coarse on purpose: at most one ApiTokenUsed per token per hour, so a
 * busy token does not write an event per request (and the audit trail still shows use).
 */
export const TOKEN_USE_RECORD_INTERVAL_MS = 60 * 60 * 1000;

/** Whether a use at `now` is news, given the last event of the token's stream. */
export function decideUse(last: { type: string; data: unknown } | undefined, now: Date): boolean {
  if (!last || last.type === 'ApiTokenRevoked') return false;
  if (last.type !== 'ApiTokenUsed') return true;
  return now.getTime() - Date.parse((last.data as { usedAt: string }).usedAt) >= TOKEN_USE_RECORD_INTERVAL_MS;
}
