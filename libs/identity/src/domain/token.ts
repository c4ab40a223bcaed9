import { createHash, randomBytes } from 'crypto';
import { BadRequest, Decider, DomainEvent, NotFound, unreachable } from '@app/platform';

export type TokenEvent =
  | DomainEvent<'ApiTokenIssued', { tokenId: string; userId: string; hash: string; issuedAt: string; name?: string | null }>
  | DomainEvent<'ApiTokenRevoked', { tokenId: string; userId: string; hash: string; revokedAt: string }>
  | DomainEvent<'ApiTokenUsed', { tokenId: string; userId: string; usedAt: string }>;

export type TokenCommand =
  /** `hash` of the secret (the secret itself is shown once and never stored); `name` an optional label. */
  | { type: 'IssueToken'; tokenId: string; userId: string; hash: string; name?: string }
  | { type: 'RevokeToken'; tokenId: string }
  | { type: 'RecordTokenUse'; tokenId: string };

export interface TokenState {
  status: 'none' | 'active' | 'revoked';
  userId: string | null;
  hash: string | null;
  lastUsedAt: string | null;
}

export const tokenStream = (id: string) => `identity.token-${id}`;

/**
 * "Last used" is kept coarse on purpose: at most one ApiTokenUsed per token per hour, so a
 * busy token does not write an event per request (and the audit trail still shows use).
 */
export const TOKEN_USE_RECORD_INTERVAL_MS = 60 * 60 * 1000;

export const token: Decider<TokenState, TokenCommand, TokenEvent> = {
  initialState: { status: 'none', userId: null, hash: null, lastUsedAt: null },
  evolve: (s, e) => {
    switch (e.type) {
      case 'ApiTokenIssued':
        return { status: 'active', userId: e.data.userId, hash: e.data.hash, lastUsedAt: null };
      case 'ApiTokenRevoked':
        return { ...s, status: 'revoked' };
      case 'ApiTokenUsed':
        return { ...s, userId: e.data.userId, lastUsedAt: e.data.usedAt };
    }
  },
  decide(c, s, now) {
    switch (c.type) {
      case 'IssueToken': {
        const data = { tokenId: c.tokenId, userId: c.userId, hash: c.hash, issuedAt: now.toISOString(), name: validateTokenName(c.name) };
        return s.status === 'none' ? [{ type: 'ApiTokenIssued', data }] : [];
      }
      case 'RevokeToken':
        if (s.status === 'none') throw new NotFound(`No API token with id ${c.tokenId}`);
        if (s.status === 'revoked') return [];
        return [{ type: 'ApiTokenRevoked', data: { tokenId: c.tokenId, userId: s.userId!, hash: s.hash!, revokedAt: now.toISOString() } }];
      case 'RecordTokenUse':
        // Never after revocation; at most once per interval.
        if (s.status !== 'active') return [];
        if (s.lastUsedAt && now.getTime() - Date.parse(s.lastUsedAt) < TOKEN_USE_RECORD_INTERVAL_MS) return [];
        return [{ type: 'ApiTokenUsed', data: { tokenId: c.tokenId, userId: s.userId!, usedAt: now.toISOString() } }];
      default:
        return unreachable(c);
    }
  },
};

/**
 * The state that recording a use needs, from the stream's last event alone (the recorder reads
 * only that one): issuing and revoking set the status outright, and a use is recorded only while
 * the token is active, so the last event says both the status and the last use.
 */
export const tokenStateAfter = (last: TokenEvent | undefined): TokenState =>
  last ? token.evolve({ ...token.initialState, status: 'active' }, last) : token.initialState;

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
