import { Decider, DomainEvent } from '@app/platform';

/**
 * The DNS verification of a site's custom hostname. Which hostname a site has is the site's own
 * field (the site aggregate); this stream, one per site, records what each DNS check found, so
 * the state survives restarts and audits see every check. A hostname is verified when its CNAME
 * points at this server's host (PUBLIC_URL); TLS is the reverse proxy's, so a verified hostname
 * is `live`.
 */
export type CustomHostnameStatus = 'live' | 'dns_wrong_cname' | 'dns_no_cname' | 'internal_error';

/** What the resolver port found for the hostname's CNAME records. */
export type DnsAnswer = { kind: 'cname'; names: string[] } | { kind: 'none' } | { kind: 'error'; code: string };

export type HostnameEvent = DomainEvent<
  'CustomHostnameChecked',
  { siteId: string; organizationId: string; hostname: string; target: string; status: CustomHostnameStatus; found: string[]; checkedAt: string }
>;

export const HOSTNAME_EVENT_TYPES: ReadonlyArray<HostnameEvent['type']> = ['CustomHostnameChecked'];

export type HostnameCommand = { type: 'RecordHostnameCheck'; siteId: string; organizationId: string; hostname: string; target: string; answer: DnsAnswer };

export interface HostnameState {
  hostname: string | null;
  status: CustomHostnameStatus | null;
}

export const hostnameStream = (siteId: string) => `sites.hostname-${siteId}`;

/** Reference SiteHostname: at least three dot-separated labels of lower-case letters, digits and inner hyphens; at most 512. */
export const SITE_HOSTNAME = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?[.]){2,}[a-z0-9][a-z0-9-]{0,61}[a-z0-9]$/;
export const isSiteHostname = (v: string) => v.length <= 512 && SITE_HOSTNAME.test(v);

const bare = (name: string) => name.toLowerCase().replace(/\.$/, '');

export function dnsStatus(answer: DnsAnswer, target: string): CustomHostnameStatus {
  switch (answer.kind) {
    case 'cname':
      return answer.names.some((n) => bare(n) === bare(target)) ? 'live' : 'dns_wrong_cname';
    case 'none':
      return 'dns_no_cname';
    case 'error':
      return 'internal_error';
  }
}

export const hostnameVerification: Decider<HostnameState, HostnameCommand, HostnameEvent> = {
  initialState: { hostname: null, status: null },
  evolve: (_s, e) => ({ hostname: e.data.hostname, status: e.data.status }),
  // Every check is recorded, also one that finds what the last one found: it is what the admin asked for.
  decide(c, _s, now) {
    const found = c.answer.kind === 'cname' ? c.answer.names.map(bare) : [];
    return [
      {
        type: 'CustomHostnameChecked',
        data: {
          siteId: c.siteId,
          organizationId: c.organizationId,
          hostname: c.hostname,
          target: c.target,
          status: dnsStatus(c.answer, c.target),
          found,
          checkedAt: now.toISOString(),
        },
      },
    ];
  },
};
