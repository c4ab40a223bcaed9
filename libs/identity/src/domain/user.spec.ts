import { BadRequest, schemaVersionOf, upcast } from '@app/platform';
import { given } from '@app/platform/testing/given';
import { emailClaim, normalizeEmail, user, UserEvent } from './user';

const NOW = new Date('2026-01-01T00:00:00.000Z');
const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId: 'u1', email: 'a@b.test', displayName: 'A', registeredAt: NOW.toISOString(), emailVerified: true },
};
const register = (over: Partial<{ email: string; displayName: string; emailVerified: boolean }> = {}) => ({
  type: 'RegisterUser' as const,
  userId: 'u1',
  email: 'a@b.test',
  displayName: 'A',
  emailVerified: true,
  ...over,
});

describe('user', () => {
  it('UserRegistered v1 (no emailVerified) reads as verified: those users all came from the operator CLI', () => {
    const v1 = { type: 'UserRegistered', data: { userId: 'u1', email: 'a@b.test', displayName: 'A', registeredAt: 'x' }, metadata: { schemaVersion: 1 } };
    expect(upcast(v1).data).toEqual({ ...v1.data, emailVerified: true });
    expect(schemaVersionOf('UserRegistered')).toBe(2);
    const v2 = { type: 'UserRegistered', data: { ...v1.data, emailVerified: false }, metadata: { schemaVersion: 2 } };
    expect(upcast(v2)).toBe(v2);
  });

  it('evolves to an existing user with its email', () => {
    const e: UserEvent = { type: 'UserRegistered', data: { userId: 'u1', email: 'a@b.test', displayName: 'A', registeredAt: 'x', emailVerified: true } };
    expect(user.evolve(user.initialState, e)).toEqual({ exists: true, email: 'a@b.test', displayName: 'A', photoURL: null });
  });

  it('normalizes emails and rejects what is not one', () => {
    expect(normalizeEmail('  Ada@Example.COM ')).toBe('ada@example.com');
    expect(() => normalizeEmail('nope')).toThrow(BadRequest);
  });
});

describe('user decider', () => {
  it('registers once, with a normalized email and a trimmed name; again is a no-op', () => {
    given(user)
      .whenCommand(register({ email: ' A@B.test ', displayName: ' A ' }), NOW)
      .then([registered]);
    given(user)
      .whenCommand(register({ emailVerified: false }), NOW)
      .then([{ type: 'UserRegistered', data: { ...registered.data, emailVerified: false } }]);
    given(user, registered)
      .whenCommand(register({ displayName: 'Other' }), NOW)
      .thenNothing();
  });

  it('refuses a name out of 1..100 characters or an email that is not one (400)', () => {
    given(user)
      .whenCommand(register({ displayName: '  ' }))
      .thenThrows(BadRequest);
    given(user)
      .whenCommand(register({ displayName: 'x'.repeat(101) }))
      .thenThrows(BadRequest);
    given(user)
      .whenCommand(register({ email: 'nope' }))
      .thenThrows(BadRequest);
  });
});

describe('email claim decider', () => {
  it('the first claim wins; later claims decide nothing and the winner stays', () => {
    given(emailClaim)
      .whenCommand({ type: 'ClaimEmail', email: 'A@b.test', userId: 'u1' })
      .then([{ type: 'UserEmailClaimed', data: { email: 'a@b.test', userId: 'u1' } }]);
    const claimed = given(emailClaim, { type: 'UserEmailClaimed', data: { email: 'a@b.test', userId: 'u1' } });
    expect(claimed.state).toEqual({ userId: 'u1' });
    claimed.whenCommand({ type: 'ClaimEmail', email: 'a@b.test', userId: 'u2' }).thenNothing();
  });

  it('an email that is not one is a 400', () => {
    given(emailClaim).whenCommand({ type: 'ClaimEmail', email: 'nope', userId: 'u1' }).thenThrows(BadRequest);
  });
});
