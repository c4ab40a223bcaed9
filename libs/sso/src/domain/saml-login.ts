import { SamlResponseRefused } from './saml-assertion';

/** Clocks of the IdP and this server may differ this much either way. */
export const CLOCK_SKEW_MS = 60_000;

/** What the signature-verified assertion says, as far as this server checks it itself. */
export interface AssertionFacts {
  id: string | null;
  /** The assertion's Issuer: the IdP's entity ID. */
  issuer: string | null;
  /** Conditions@NotBefore / NotOnOrAfter. */
  notBefore: string | null;
  notOnOrAfter: string | null;
  /** Of each bearer SubjectConfirmationData: its Recipient and NotOnOrAfter. */
  confirmations: Array<{ recipient: string | null; notOnOrAfter: string | null; notBefore: string | null }>;
}

const time = (v: string, what: string): number => {
  const t = Date.parse(v);
  if (Number.isNaN(t)) throw new SamlResponseRefused(`${what} is not a date-time`);
  return t;
};

/**
 * The checks node-saml leaves to its caller (signature and audience are its own): the assertion
 * has an ID (the replay guard's key); it comes from the provider's IdP (its Issuer is the
 * provider's entityID); it is addressed to this ACS (a SubjectConfirmationData whose Recipient is
 * `acsURL`); and `now` (this server's clock, not the library's) is inside both time windows, with
 * CLOCK_SKEW_MS either way. An assertion without any NotOnOrAfter is refused: it would be valid
 * forever. Returns the time after which the assertion is worthless.
 */
export function checkAssertion(a: AssertionFacts, expected: { acsURL: string; issuer: string }, now: Date): { id: string; notOnOrAfter: string } {
  const { acsURL } = expected;
  if (!a.id) throw new SamlResponseRefused('the assertion has no ID');
  if (a.issuer !== expected.issuer) throw new SamlResponseRefused(`the assertion was issued by ${a.issuer ?? '(no issuer)'}, not by ${expected.issuer}`);
  const t = now.getTime();
  const confirmation = a.confirmations.find((c) => c.recipient === acsURL);
  if (!confirmation) {
    const named = a.confirmations.map((c) => c.recipient).filter((r) => r);
    throw new SamlResponseRefused(`the assertion is for recipient ${named.length ? named.join(', ') : '(none)'}, not this service's ACS URL ${acsURL}`);
  }
  for (const [from, until, what] of [
    [a.notBefore, a.notOnOrAfter, 'Conditions'],
    [confirmation.notBefore, confirmation.notOnOrAfter, 'SubjectConfirmationData'],
  ] as const) {
    if (from && t + CLOCK_SKEW_MS < time(from, `${what}@NotBefore`)) throw new SamlResponseRefused(`the assertion is not valid before ${from} (${what})`);
    if (until && t - CLOCK_SKEW_MS >= time(until, `${what}@NotOnOrAfter`)) throw new SamlResponseRefused(`the assertion expired at ${until} (${what})`);
  }
  const ends = [a.notOnOrAfter, confirmation.notOnOrAfter].filter((v): v is string => !!v).sort();
  if (ends.length === 0) throw new SamlResponseRefused('the assertion has no NotOnOrAfter, so it would never expire');
  return { id: a.id, notOnOrAfter: ends[0] };
}

/** Who signs in: the email (an email attribute, else an email-shaped NameID) and a display name. */
export function signInIdentity(nameID: string | null, attributes: Record<string, unknown>): { email: string; displayName: string } {
  const first = (...keys: string[]) => {
    for (const k of keys) {
      const v = attributes[k];
      const s = Array.isArray(v) ? (v[0] as unknown) : v;
      if (typeof s === 'string' && s.trim()) return s.trim();
    }
    return null;
  };
  const isEmail = (v: string | null): v is string => !!v && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v);
  const attr = first('email', 'mail', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress', 'urn:oid:0.9.2342.19200300.100.1.3');
  const email = isEmail(attr) ? attr : isEmail(nameID) ? nameID : null;
  if (!email) throw new SamlResponseRefused('the assertion names no email address (an email attribute, or a NameID that is one)');
  const given = first('givenName', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname');
  const family = first('sn', 'surname', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname');
  const name =
    first('displayName', 'name', 'http://schemas.microsoft.com/identity/claims/displayname', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name') ??
    ([given, family].filter((p) => p).join(' ') || email.split('@')[0]);
  return { email: email.toLowerCase(), displayName: name.slice(0, 100) };
}
