import { createHash } from 'crypto';
import { Decider, DomainEvent, Unauthorized } from '@app/platform';

/**
 * The replay guard: every assertion the ACS accepts is consumed in a stream of its own, keyed by
 * a digest of the provider and the assertion ID. Appending to a stream that must not exist yet is
 * atomic in both event-store adapters, so of two simultaneous posts of one assertion exactly one
 * signs in, and a replay after a restart (or on another instance) is still refused.
 */
export type SamlAssertionEvent = DomainEvent<
  'SamlAssertionConsumed',
  { providerId: string; organizationId: string; subject: string; consumedAt: string; notOnOrAfter: string }
>;

export type SamlAssertionCommand = {
  type: 'ConsumeSamlAssertion';
  providerId: string;
  organizationId: string;
  /** Who the assertion is about (the email it names). */
  subject: string;
  notOnOrAfter: string;
};

export const samlAssertionStream = (providerId: string, assertionId: string) =>
  `sso.assertion-${createHash('sha256').update(`${providerId}\u0000${assertionId}`).digest('hex')}`;

export class SamlResponseRefused extends Unauthorized {
  constructor(reason: string) {
    super(`SAMLResponse: refused, ${reason}`);
  }
}

export const samlAssertion: Decider<{ consumed: boolean }, SamlAssertionCommand, SamlAssertionEvent> = {
  initialState: { consumed: false },
  evolve: () => ({ consumed: true }),
  decide(c, s, now) {
    if (s.consumed) throw new SamlResponseRefused('the assertion was already used to sign in (a replay)');
    const { type: _type, ...data } = c;
    return [{ type: 'SamlAssertionConsumed', data: { ...data, consumedAt: now.toISOString() } }];
  },
};
