import { BadRequest, schemaVersionOf, upcast } from '@app/platform';
import { normalizeEmail, user, UserEvent } from './user';

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
    expect(user.evolve(user.initialState, e)).toEqual({ exists: true, email: 'a@b.test' });
  });

  it('normalizes emails and rejects what is not one', () => {
    expect(normalizeEmail('  Ada@Example.COM ')).toBe('ada@example.com');
    expect(() => normalizeEmail('nope')).toThrow(BadRequest);
  });
});
