import { decideRevoke, decideUse, token, TokenEvent, TOKEN_USE_RECORD_INTERVAL_MS, validateTokenName } from './token';

const at = (iso: string) => new Date(iso);
const issued: TokenEvent = { type: 'ApiTokenIssued', data: { tokenId: 't1', userId: 'u1', hash: 'h', issuedAt: '2026-01-01T00:00:00.000Z', name: 'ci' } };
const used = (usedAt: string): TokenEvent => ({ type: 'ApiTokenUsed', data: { tokenId: 't1', userId: 'u1', usedAt } });

describe('token', () => {
  it('a recorded use leaves the token active (and revocable)', () => {
    const s = [issued, used('2026-01-01T01:00:00.000Z')].reduce(token.evolve, token.initialState);
    expect(s).toEqual({ status: 'active', userId: 'u1', hash: 'h' });
    expect(decideRevoke(s, 't1', at('2026-01-02'))).toHaveLength(1);
  });

  it('records a use at most once per interval, never after revocation', () => {
    expect(decideUse(undefined, at('2026-01-01'))).toBe(false);
    expect(decideUse(issued, at('2026-01-01T00:00:01Z'))).toBe(true);
    const last = used('2026-01-01T10:00:00.000Z');
    expect(decideUse(last, new Date(Date.parse('2026-01-01T10:00:00Z') + TOKEN_USE_RECORD_INTERVAL_MS - 1))).toBe(false);
    expect(decideUse(last, new Date(Date.parse('2026-01-01T10:00:00Z') + TOKEN_USE_RECORD_INTERVAL_MS))).toBe(true);
    expect(decideUse({ type: 'ApiTokenRevoked', data: {} }, at('2027-01-01'))).toBe(false);
  });

  it('names are optional, trimmed and bounded', () => {
    expect(validateTokenName(undefined)).toBeNull();
    expect(validateTokenName('  ci ')).toBe('ci');
    expect(() => validateTokenName(' ')).toThrow('name: must be 1 to 100 characters');
  });
});
