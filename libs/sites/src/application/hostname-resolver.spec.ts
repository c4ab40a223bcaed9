import { NodeDnsHostnameResolver } from './hostname-resolver';

const failing = (code: string) => ({ resolveCname: () => Promise.reject(Object.assign(new Error(code), { code })) });

describe('the node:dns adapter of the hostname resolver port', () => {
  it('answers the CNAME records found', async () => {
    const seen: string[] = [];
    const resolver = new NodeDnsHostnameResolver({ resolveCname: async (h) => (seen.push(h), ['sites.example.net']) });
    expect(await resolver.cnames('docs.example.com')).toEqual({ kind: 'cname', names: ['sites.example.net'] });
    expect(seen).toEqual(['docs.example.com']);
  });

  it('no record (or no such name) is "none"; a resolver that could not answer is an error with its code', async () => {
    expect(await new NodeDnsHostnameResolver({ resolveCname: async () => [] }).cnames('a.example.com')).toEqual({ kind: 'none' });
    expect(await new NodeDnsHostnameResolver(failing('ENODATA')).cnames('a.example.com')).toEqual({ kind: 'none' });
    expect(await new NodeDnsHostnameResolver(failing('ENOTFOUND')).cnames('a.example.com')).toEqual({ kind: 'none' });
    expect(await new NodeDnsHostnameResolver(failing('ETIMEOUT')).cnames('a.example.com')).toEqual({ kind: 'error', code: 'ETIMEOUT' });
    expect(await new NodeDnsHostnameResolver(failing('ESERVFAIL')).cnames('a.example.com')).toEqual({ kind: 'error', code: 'ESERVFAIL' });
  });

  it('uses node:dns/promises by default', () => {
    expect((new NodeDnsHostnameResolver() as unknown as { lookup: object }).lookup.constructor.name).toBe('Resolver');
  });
});
