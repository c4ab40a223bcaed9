import type { LookupAddress } from 'dns';
import { PlatformConfig } from '../config/platform-config';
import { canonicalHost, isMetadataName, isPrivateAddress, OutboundGuard, PrivateAddressRefused, type Resolve } from './network-guard';
import { assertOutboundUrlAllowed, outboundUrlProblem } from './outbound-url.check';

/** A DNS answering `answers` for every name. */
const fakeDns =
  (answers: (name: string) => LookupAddress[]): Resolve =>
  (name, _options, callback) =>
    setImmediate(() => callback(null, answers(name)));

const REFUSED = 'is a loopback, private, link-local or cloud metadata address, which this server does not connect to (unless OUTBOUND_ALLOWED_HOSTS lists it)';

describe('network guard', () => {
  it.each([
    ['loopback', ['127.0.0.1', '127.255.0.9', '::1', '[::1]', '0.0.0.0', '::']],
    ['private (RFC 1918)', ['10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1']],
    ['link-local', ['169.254.1.1', 'fe80::1', 'fec0::1']],
    ['unique-local', ['fd00::1', 'fc00::5']],
    ['CGNAT', ['100.64.0.1', '100.127.255.254']],
    ['cloud metadata', ['169.254.169.254', 'fd00:ec2::254', '100.100.100.200', '192.0.0.192']],
    ['multicast and reserved', ['224.0.0.1', '255.255.255.255', 'ff02::1', '198.18.0.1']],
    // ::127.0.0.1 as the URL parser writes it, mapped, NAT64 and 6to4 around a private address.
    ['embedded IPv4', ['::ffff:127.0.0.1', '::ffff:7f00:1', '[::ffff:7f00:1]', '::7f00:1', '64:ff9b::a9fe:a9fe', '2002:7f00:1::', '2002:a9fe:a9fe::1']],
  ])('refuses %s addresses', (_class, addresses) => {
    for (const a of addresses) expect([a, isPrivateAddress(a)]).toEqual([a, true]);
  });

  it('leaves public addresses and names alone (names are checked when they resolve)', () => {
    for (const a of [
      '93.184.216.34',
      '8.8.8.8',
      '::ffff:8.8.8.8',
      '::ffff:808:808',
      '2002:808:808::1',
      '2606:4700::1111',
      'example.com',
      '172.32.0.1',
      '100.128.0.1',
    ])
      expect([a, isPrivateAddress(a)]).toEqual([a, false]);
  });

  it('refuses cloud metadata names whatever they resolve to, unless listed', () => {
    for (const name of ['metadata.google.internal', 'METADATA.google.internal.', 'metadata.goog', 'metadata', 'instance-data.ec2.internal'])
      expect([name, isMetadataName(name), new OutboundGuard([]).refusesHost(name)]).toEqual([name, true, true]);
    expect(new OutboundGuard(['metadata.google.internal']).refusesHost('metadata.google.internal')).toBe(false);
  });

  it('matches listed hosts in their canonical form: case, brackets, trailing dots, IPv6 and IPv4 spellings', () => {
    expect(['LocalHost.', '[0:0:0:0:0:0:0:1]', '0x7f.1', ' 10.0.0.1 '].map(canonicalHost)).toEqual(['localhost', '::1', '127.0.0.1', '10.0.0.1']);
    const guard = new OutboundGuard(['127.0.0.1', 'localhost', '::1']);
    for (const host of ['127.0.0.1', 'LOCALHOST', '[::1]', '0:0::1']) expect([host, guard.refusesHost(host)]).toEqual([host, false]);
    expect(guard.refusesHost('127.0.0.2')).toBe(true);
    expect(guard.refusesHost('[::ffff:7f00:1]')).toBe(true);
  });

  it('refuses a name when any of its answers is refused, at lookup time; a listed name or listed answer passes', async () => {
    const dns = fakeDns(() => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ]);
    const lookup = (guard: OutboundGuard, all: boolean) =>
      new Promise<{ err: Error | null; addresses: unknown }>((resolve) =>
        guard.lookup('intranet.example', { all }, (err: Error | null, addresses: LookupAddress[] | string) => resolve({ err, addresses })),
      );
    for (const all of [true, false]) {
      const { err } = await lookup(new OutboundGuard([], dns), all);
      expect(err).toBeInstanceOf(PrivateAddressRefused);
      expect(err!.message).toBe(`intranet.example ${REFUSED}`);
    }
    expect(await lookup(new OutboundGuard(['intranet.example'], dns), false)).toEqual({ err: null, addresses: '93.184.216.34' });
    expect((await lookup(new OutboundGuard(['10.0.0.7'], dns), true)).err).toBeNull();
  });

  it('checks a submitted URL after DNS resolution and names the field', async () => {
    const dns = fakeDns((name) => (name === 'meta.example' ? [{ address: '169.254.169.254', family: 4 }] : [{ address: '93.184.216.34', family: 4 }]));
    const config = PlatformConfig.fromEnv({}, { outboundAllowedHosts: ['127.0.0.1'] });
    expect(await outboundUrlProblem(config, 'url', 'https://docs.example/openapi.json', dns)).toBeNull();
    expect(await outboundUrlProblem(config, 'url', 'http://127.0.0.1:9/x')).toBeNull();
    expect(await outboundUrlProblem(config, 'url', 'http://meta.example/x', dns)).toBe(`url: meta.example ${REFUSED}`);
    // The system's DNS, offline: /etc/hosts names localhost; a listed answer lets the name through.
    expect(await outboundUrlProblem(new PlatformConfig(), 'url', 'http://localhost:9/x')).toBe(`url: localhost ${REFUSED}`);
    expect(await outboundUrlProblem(config, 'url', 'http://localhost:9/x')).toBeNull();
    expect(await outboundUrlProblem(config, 'source.url', 'http://[fd00:ec2::254]/latest')).toBe(`source.url: [fd00:ec2::254] ${REFUSED}`);
    expect(await outboundUrlProblem(config, 'jwksURL', 'http://metadata.google.internal/')).toBe(`jwksURL: metadata.google.internal ${REFUSED}`);
    expect(await outboundUrlProblem(config, 'url', 'file:///etc/passwd')).toBe('url: must be an http(s) URL, not file:');
    expect(await outboundUrlProblem(config, 'url', 'nope')).toBe('url: must be an absolute http(s) URL');
    await expect(assertOutboundUrlAllowed(config, 'url', 'http://10.0.0.1/')).rejects.toMatchObject({ status: 400, message: `url: 10.0.0.1 ${REFUSED}` });
  });

  it('lets a submitted name that does not resolve pass: the connection checks it again', async () => {
    const missing: Resolve = (_n, _o, callback) => setImmediate(() => callback(Object.assign(new Error('nope'), { code: 'ENOTFOUND' }), []));
    const silent: Resolve = () => undefined;
    expect(await outboundUrlProblem(new PlatformConfig(), 'url', 'https://not-yet.example/', missing)).toBeNull();
    expect(await outboundUrlProblem(Object.assign(new PlatformConfig(), { fetchTimeoutMs: 20 }), 'url', 'https://slow.example/', silent)).toBeNull();
  });
});
