import { BadRequest, NotFound } from '@app/platform';
import { given } from '@app/platform/testing/given';
import { token, TokenEvent, tokenStateAfter, TOKEN_USE_RECORD_INTERVAL_MS } from './token';

const at = (iso: string) => new Date(iso);
const issued: TokenEvent = { type: 'ApiTokenIssued', data: { tokenId: 't1', userId: 'u1', hash: 'h', issuedAt: '2026-01-01T00:00:00.000Z', name: 'ci' } };
const used = (usedAt: string): TokenEvent => ({ type: 'ApiTokenUsed', data: { tokenId: 't1', userId: 'u1', usedAt } });
const revoked: TokenEvent = { type: 'ApiTokenRevoked', data: { tokenId: 't1', userId: 'u1', hash: 'h', revokedAt: '2026-01-02T00:00:00.000Z' } };
const issue = (name?: string) => ({ type: 'IssueToken' as const, tokenId: 't1', userId: 'u1', hash: 'h', name });
const revoke = { type: 'RevokeToken' as const, tokenId: 't1' };
const use = { type: 'RecordTokenUse' as const, tokenId: 't1' };

describe('token decider', () => {
  it('issues a token with its hash and trimmed name, once', () => {
    given(token).whenCommand(issue('  ci '), at('2026-01-01T00:00:00.000Z')).then([issued]);
    given(token)
      .whenCommand(issue(), at('2026-01-01T00:00:00.000Z'))
      .then([{ type: 'ApiTokenIssued', data: { ...issued.data, name: null } }]);
    given(token, issued).whenCommand(issue('ci')).thenNothing();
  });

  it('names are optional, trimmed and bounded (400)', () => {
    given(token).whenCommand(issue(' ')).thenThrows(BadRequest);
    given(token)
      .whenCommand(issue('x'.repeat(101)))
      .thenThrows(BadRequest);
    expect(() => token.decide(issue(' '), token.initialState, at('2026-01-01'))).toThrow('name: must be 1 to 100 characters');
  });

  it('a recorded use leaves the token active (and revocable)', () => {
    const { state } = given(token, issued, used('2026-01-01T01:00:00.000Z'));
    expect(state).toEqual({ status: 'active', userId: 'u1', hash: 'h', lastUsedAt: '2026-01-01T01:00:00.000Z' });
    given(token, issued, used('2026-01-01T01:00:00.000Z'))
      .whenCommand(revoke, at('2026-01-02'))
      .then([{ type: 'ApiTokenRevoked', data: { tokenId: 't1', userId: 'u1', hash: 'h', revokedAt: '2026-01-02T00:00:00.000Z' } }]);
  });

  it('revoking twice is a no-op; an unknown token is a 404', () => {
    given(token, issued, revoked).whenCommand(revoke).thenNothing();
    given(token).whenCommand(revoke).thenThrows(NotFound);
  });

  it('records a use at most once per interval, never after revocation nor for an unknown token', () => {
    const last = '2026-01-01T10:00:00.000Z';
    given(token).whenCommand(use, at('2026-01-01')).thenNothing();
    given(token, issued)
      .whenCommand(use, at('2026-01-01T00:00:01Z'))
      .then([used('2026-01-01T00:00:01.000Z')]);
    given(token, issued, used(last))
      .whenCommand(use, new Date(Date.parse(last) + TOKEN_USE_RECORD_INTERVAL_MS - 1))
      .thenNothing();
    given(token, issued, used(last))
      .whenCommand(use, new Date(Date.parse(last) + TOKEN_USE_RECORD_INTERVAL_MS))
      .then([used(new Date(Date.parse(last) + TOKEN_USE_RECORD_INTERVAL_MS).toISOString())]);
    given(token, issued, used(last), revoked).whenCommand(use, at('2027-01-01')).thenNothing();
  });

  it('the last event alone gives the state a use is decided on (what the usage recorder reads)', () => {
    const last = '2026-01-01T10:00:00.000Z';
    for (const history of [[issued], [issued, used(last)], [issued, used(last), revoked], [issued, revoked]]) {
      const full = given(token, ...history).state;
      const fromLast = tokenStateAfter(history[history.length - 1]);
      // What the decision reads: the status, and while active the last use and the user.
      const seen = (s: typeof full) => (s.status === 'active' ? { status: s.status, lastUsedAt: s.lastUsedAt, userId: s.userId } : { status: s.status });
      expect(seen(fromLast)).toEqual(seen(full));
    }
    expect(tokenStateAfter(undefined)).toEqual(token.initialState);
  });
});
