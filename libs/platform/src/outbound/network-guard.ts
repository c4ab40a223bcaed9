import * as dns from 'dns';
import { BlockList, isIP, type LookupFunction } from 'net';

/**
 * Addresses an outbound fetch must not reach unless the operator allows it
 * (FETCH_ALLOW_PRIVATE_NETWORKS): any member can hand the server a URL (an OpenAPI spec, an
 * embed, a JWKS), and the server must not read its own loopback services, the private network
 * it sits in or a cloud metadata endpoint (169.254.169.254, fd00:ec2::254) and hand the answer back.
 */
const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  BLOCKED.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  // Unspecified, loopback and the deprecated IPv4-compatible form (::127.0.0.1 is [::7f00:1]).
  ['::', 96],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  BLOCKED.addSubnet(net, prefix, 'ipv6');

const MAPPED_V4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;
/** 6to4 (2002::/16) carries an IPv4 address in its next 32 bits; a private one is refused like the address itself. */
const SIX_TO_FOUR = /^2002:([0-9a-f]{1,4}):([0-9a-f]{1,4})(?::|$)/i;

/** Whether `address` (an IP literal, brackets allowed) is loopback, private, link-local, multicast or otherwise not public. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const mapped = MAPPED_V4.exec(bare);
  if (mapped) return BLOCKED.check(mapped[1], 'ipv4');
  const family = isIP(bare);
  if (family === 4) return BLOCKED.check(bare, 'ipv4');
  if (family !== 6) return false;
  // BlockList also matches IPv4-mapped IPv6 (::ffff:7f00:1) against the IPv4 subnets.
  if (BLOCKED.check(bare, 'ipv6')) return true;
  const sixToFour = SIX_TO_FOUR.exec(bare);
  if (!sixToFour) return false;
  const [hi, lo] = [parseInt(sixToFour[1], 16), parseInt(sixToFour[2], 16)];
  return BLOCKED.check([hi >> 8, hi & 255, lo >> 8, lo & 255].join('.'), 'ipv4');
}

export class PrivateAddressRefused extends Error {
  constructor(readonly host: string) {
    super(`${host} is a loopback, private or link-local address, which this server does not fetch from (FETCH_ALLOW_PRIVATE_NETWORKS=true allows it)`);
  }
}

/**
 * A DNS lookup for http.request that refuses private answers (or those `isRefused` names). It
 * runs at connection time, on the addresses actually dialled, so a name that resolves elsewhere
 * later (DNS rebinding) cannot slip past an earlier check. Any refused answer refuses the name:
 * with several answers, the one dialled is not ours to choose (happy eyeballs tries them all).
 */
export const refusingLookup =
  (isRefused: (address: string) => boolean): LookupFunction =>
  (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      const fail = callback as (e: Error | null) => void;
      if (err) return fail(err);
      if (addresses.length === 0 || addresses.some((a) => isRefused(a.address))) return fail(new PrivateAddressRefused(hostname));
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      (callback as (e: null, a: string, f: number) => void)(null, addresses[0].address, addresses[0].family);
    });
  };

export const guardedLookup: LookupFunction = refusingLookup(isPrivateAddress);
