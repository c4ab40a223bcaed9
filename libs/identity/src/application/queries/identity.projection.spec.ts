import { projectionOf } from '@app/platform/testing/projection-spec';
import { identityProjection, TOKENS, USERS } from './identity.projection';

const issued = (tokenId: string, hash: string, name?: string | null) => ({
  type: 'ApiTokenIssued',
  data: { tokenId, userId: 'u1', hash, issuedAt: '2026-01-01T00:00:00.000Z', ...(name !== undefined ? { name } : {}) },
});
const used = (tokenId: string, usedAt: string) => ({ type: 'ApiTokenUsed', data: { tokenId, userId: 'u1', usedAt } });

describe('identity projection', () => {
  it('a registered user is one document keyed by id; a v1 event (no emailVerified) reads as verified', async () => {
    const docs = await projectionOf(identityProjection, [
      { type: 'UserRegistered', data: { userId: 'u1', email: 'a@b.test', displayName: 'A', registeredAt: 'r1', emailVerified: false } },
      {
        type: 'UserRegistered',
        data: { userId: 'u2', email: 'c@d.test', displayName: 'C', registeredAt: 'r2' },
        metadata: { actor: null, occurredAt: 'r2', correlationId: 'c', causationId: null, schemaVersion: 1 },
      },
      { type: 'UserEmailClaimed', data: { email: 'a@b.test', userId: 'u1' } },
    ]);
    expect(docs[USERS]).toEqual([
      { id: 'u1', email: 'a@b.test', displayName: 'A', registeredAt: 'r1', emailVerified: false },
      { id: 'u2', email: 'c@d.test', displayName: 'C', registeredAt: 'r2', emailVerified: true },
    ]);
    expect(docs[TOKENS]).toEqual([]);
  });

  it('tokens are keyed by hash, ordered by their issue position, deactivated by revocation', async () => {
    const docs = await projectionOf(identityProjection, [
      issued('t1', 'h1', 'ci'),
      issued('t2', 'h2'),
      { type: 'ApiTokenRevoked', data: { tokenId: 't2', userId: 'u1', hash: 'h2', revokedAt: '2026-01-02T00:00:00.000Z' } },
    ]);
    expect(docs[TOKENS]).toEqual([
      { id: 'h1', tokenId: 't1', userId: 'u1', active: true, name: 'ci', issuedAt: '2026-01-01T00:00:00.000Z', lastUsedAt: null, seq: 1 },
      { id: 'h2', tokenId: 't2', userId: 'u1', active: false, name: null, issuedAt: '2026-01-01T00:00:00.000Z', lastUsedAt: null, seq: 2 },
    ]);
  });

  it('lastUsedAt only moves forward; uses of unknown tokens and revocations of unknown hashes change nothing', async () => {
    const docs = await projectionOf(identityProjection, [
      issued('t1', 'h1'),
      used('t1', '2026-01-03T00:00:00.000Z'),
      used('t1', '2026-01-02T00:00:00.000Z'),
      used('nope', '2026-01-04T00:00:00.000Z'),
      { type: 'ApiTokenRevoked', data: { tokenId: 'x', userId: 'u1', hash: 'unknown', revokedAt: '2026-01-02T00:00:00.000Z' } },
    ]);
    expect(docs[TOKENS]).toEqual([
      { id: 'h1', tokenId: 't1', userId: 'u1', active: true, name: null, issuedAt: '2026-01-01T00:00:00.000Z', lastUsedAt: '2026-01-03T00:00:00.000Z', seq: 1 },
    ]);
  });
});

describe('identity projection: profiles', () => {
  it('a profile update changes only the fields it names; a photo set to null stays null', async () => {
    const docs = await projectionOf(identityProjection, [
      { type: 'UserRegistered', data: { userId: 'u1', email: 'a@b.test', displayName: 'A', registeredAt: 'r1', emailVerified: true } },
      { type: 'UserProfileUpdated', data: { userId: 'u1', changes: { displayName: 'Ada', photoURL: 'https://img.test/a.png' }, updatedAt: 'u1' } },
      { type: 'UserProfileUpdated', data: { userId: 'u1', changes: { photoURL: null }, updatedAt: 'u2' } },
      { type: 'UserProfileUpdated', data: { userId: 'nobody', changes: { displayName: 'Ghost' }, updatedAt: 'u3' } },
    ]);
    expect(docs[USERS]).toEqual([{ id: 'u1', email: 'a@b.test', displayName: 'Ada', registeredAt: 'r1', emailVerified: true, photoURL: null }]);
  });
});
