import { given } from '@app/platform/testing/given';
import { dnsStatus, hostnameVerification, HostnameCommand, isSiteHostname } from './hostname';

const T0 = '2026-01-01T00:00:00.000Z';
const check = (answer: HostnameCommand['answer'], hostname = 'docs.example.com'): HostnameCommand => ({
  type: 'RecordHostnameCheck',
  siteId: 's1',
  organizationId: 'o1',
  hostname,
  target: 'sites.example.net',
  answer,
});

describe('custom hostname verification', () => {
  it('a CNAME to this server is live, another CNAME is wrong, none is missing, a resolver failure is an internal error', () => {
    expect(dnsStatus({ kind: 'cname', names: ['SITES.example.net.'] }, 'sites.example.net')).toBe('live');
    expect(dnsStatus({ kind: 'cname', names: ['other.example.org', 'sites.example.net'] }, 'sites.example.net')).toBe('live');
    expect(dnsStatus({ kind: 'cname', names: ['other.example.org'] }, 'sites.example.net')).toBe('dns_wrong_cname');
    expect(dnsStatus({ kind: 'none' }, 'sites.example.net')).toBe('dns_no_cname');
    expect(dnsStatus({ kind: 'error', code: 'ETIMEOUT' }, 'sites.example.net')).toBe('internal_error');
  });

  it('records every check with what was found, and the state follows the last one', () => {
    given(hostnameVerification)
      .whenCommand(check({ kind: 'cname', names: ['Sites.Example.net.'] }), new Date(T0))
      .then([
        {
          type: 'CustomHostnameChecked',
          data: {
            siteId: 's1',
            organizationId: 'o1',
            hostname: 'docs.example.com',
            target: 'sites.example.net',
            status: 'live',
            found: ['sites.example.net'],
            checkedAt: T0,
          },
        },
      ]);
    const first = hostnameVerification.decide(check({ kind: 'none' }), hostnameVerification.initialState, new Date(T0));
    const second = hostnameVerification.decide(
      check({ kind: 'cname', names: ['sites.example.net'] }, 'help.example.com'),
      given(hostnameVerification, ...first).state,
      new Date(T0),
    );
    expect(given(hostnameVerification, ...first, ...second).state).toEqual({ hostname: 'help.example.com', status: 'live' });
  });

  it('hostnames follow the reference pattern (three labels at least, lower case)', () => {
    for (const ok of ['docs.example.com', 'a.b.co', 'x-1.docs.example.co.uk']) expect(isSiteHostname(ok)).toBe(true);
    for (const bad of ['example.com', 'a.b.c', 'Docs.example.com', '-a.example.com', 'a..example.com', 'docs.example.com.', `${'a'.repeat(64)}.example.com`]) {
      expect(isSiteHostname(bad)).toBe(false);
    }
  });
});
