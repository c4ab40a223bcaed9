import type { LookupAddress } from 'dns';
import { guardedLookup, isPrivateAddress, PrivateAddressRefused } from './network-guard';

describe('network guard', () => {
  it('classifies loopback, private, link-local, metadata and other non-public addresses as private', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.100.100.200',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '[::1]',
      '::',
      'fe80::1',
      'fd00::1',
      'fd00:ec2::254',
      'fec0::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '[::ffff:7f00:1]',
      // IPv4-compatible (::127.0.0.1 as the URL parser writes it) and 6to4 around a private address.
      '::7f00:1',
      '2002:7f00:1::',
      '2002:a9fe:a9fe::1',
    ])
      expect([a, isPrivateAddress(a)]).toEqual([a, true]);
  });

  it('leaves public addresses and names alone (names are checked when they resolve)', () => {
    for (const a of ['93.184.216.34', '8.8.8.8', '::ffff:8.8.8.8', '::ffff:808:808', '2002:808:808::1', '2606:4700::1111', 'example.com', '172.32.0.1'])
      expect([a, isPrivateAddress(a)]).toEqual([a, false]);
  });

  it('refuses a name when any of its answers is private, at lookup time', async () => {
    const lookup = (all: boolean) =>
      new Promise<{ err: Error | null; addresses: unknown }>((resolve) =>
        guardedLookup('localhost', { all }, (err: Error | null, addresses: LookupAddress[] | string) => resolve({ err, addresses })),
      );
    for (const all of [true, false]) {
      const { err } = await lookup(all);
      expect(err).toBeInstanceOf(PrivateAddressRefused);
      expect(err!.message).toBe(
        'localhost is a loopback, private or link-local address, which this server does not fetch from (FETCH_ALLOW_PRIVATE_NETWORKS=true allows it)',
      );
    }
  });
});
