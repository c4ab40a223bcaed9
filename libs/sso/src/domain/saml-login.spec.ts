import { given } from '@app/platform/testing/given';
import { samlAssertion, samlAssertionStream, SamlResponseRefused } from './saml-assertion';
import { AssertionFacts, checkAssertion, CLOCK_SKEW_MS, signInIdentity } from './saml-login';

const ACS = 'https://docs.test/v1/orgs/o1/saml/p1/acs';
const NOW = new Date('2026-06-01T12:00:00.000Z');
const iso = (ms: number) => new Date(NOW.getTime() + ms).toISOString();
const IDP = 'https://idp.test';
const facts = (over: Partial<AssertionFacts> = {}): AssertionFacts => ({
  id: '_a1',
  issuer: IDP,
  notBefore: iso(-60_000),
  notOnOrAfter: iso(300_000),
  confirmations: [{ recipient: ACS, notOnOrAfter: iso(120_000), notBefore: null }],
  ...over,
});
const refusal = (f: AssertionFacts, now = NOW) => {
  try {
    checkAssertion(f, { acsURL: ACS, issuer: IDP }, now);
  } catch (e) {
    expect(e).toBeInstanceOf(SamlResponseRefused);
    return (e as Error).message;
  }
  throw new Error('expected a refusal');
};

describe('SAML assertion checks', () => {
  it('accepts an assertion for this ACS inside its windows; it is worthless after the earliest NotOnOrAfter', () => {
    expect(checkAssertion(facts(), { acsURL: ACS, issuer: IDP }, NOW)).toEqual({ id: '_a1', notOnOrAfter: iso(120_000) });
  });

  it('refuses another recipient, or none', () => {
    expect(refusal(facts({ confirmations: [{ recipient: 'https://evil.test/acs', notOnOrAfter: null, notBefore: null }] }))).toContain(
      'recipient https://evil.test/acs, not this service',
    );
    expect(refusal(facts({ confirmations: [] }))).toContain('recipient (none)');
  });

  it('refuses an expired or not yet valid assertion, with the clock skew either way', () => {
    expect(checkAssertion(facts({ notOnOrAfter: iso(-CLOCK_SKEW_MS + 1) }), { acsURL: ACS, issuer: IDP }, NOW).id).toBe('_a1');
    expect(refusal(facts({ notOnOrAfter: iso(-CLOCK_SKEW_MS) }))).toContain('expired');
    expect(refusal(facts({ confirmations: [{ recipient: ACS, notOnOrAfter: iso(-CLOCK_SKEW_MS - 1), notBefore: null }] }))).toContain('expired at');
    expect(checkAssertion(facts({ notBefore: iso(CLOCK_SKEW_MS) }), { acsURL: ACS, issuer: IDP }, NOW).id).toBe('_a1');
    expect(refusal(facts({ notBefore: iso(CLOCK_SKEW_MS + 1) }))).toContain('not valid before');
    expect(refusal(facts({ notBefore: 'yesterday' }))).toContain('Conditions@NotBefore is not a date-time');
  });

  it('refuses an assertion of another issuer', () => {
    expect(refusal(facts({ issuer: 'https://other-idp.test' }))).toContain('issued by https://other-idp.test, not by https://idp.test');
    expect(refusal(facts({ issuer: null }))).toContain('issued by (no issuer)');
  });

  it('refuses an assertion without an ID or without any expiry', () => {
    expect(refusal(facts({ id: null }))).toContain('no ID');
    expect(refusal(facts({ notOnOrAfter: null, confirmations: [{ recipient: ACS, notOnOrAfter: null, notBefore: null }] }))).toContain('no NotOnOrAfter');
  });
});

describe('who signs in', () => {
  it('the email attribute (lower-cased), else an email NameID; the display name from the usual attributes', () => {
    expect(signInIdentity('id-123', { email: ['Ada@Example.COM'], displayName: 'Ada L.' })).toEqual({ email: 'ada@example.com', displayName: 'Ada L.' });
    expect(signInIdentity('bob@example.com', { givenName: 'Bob', sn: 'Stone' })).toEqual({ email: 'bob@example.com', displayName: 'Bob Stone' });
    expect(signInIdentity('cy@example.com', {})).toEqual({ email: 'cy@example.com', displayName: 'cy' });
  });

  it('refuses an assertion that names no email', () => {
    expect(() => signInIdentity('persistent-id', { email: 'not-an-email' })).toThrow(SamlResponseRefused);
  });
});

describe('replay guard decider', () => {
  const consume = { type: 'ConsumeSamlAssertion' as const, providerId: 'p1', organizationId: 'o1', subject: 'ada@example.com', notOnOrAfter: iso(120_000) };
  const consumed = {
    type: 'SamlAssertionConsumed' as const,
    data: { providerId: 'p1', organizationId: 'o1', subject: 'ada@example.com', notOnOrAfter: iso(120_000), consumedAt: NOW.toISOString() },
  };

  it('consumes an assertion once; a second use is a replay (401)', () => {
    given(samlAssertion).whenCommand(consume, NOW).then([consumed]);
    given(samlAssertion, consumed).whenCommand(consume, NOW).thenThrows(SamlResponseRefused);
  });

  it('keys the stream by provider and assertion ID, without the ID in clear', () => {
    expect(samlAssertionStream('p1', '_a1')).toMatch(/^sso\.assertion-[0-9a-f]{64}$/);
    expect(samlAssertionStream('p1', '_a1')).not.toBe(samlAssertionStream('p2', '_a1'));
  });
});
