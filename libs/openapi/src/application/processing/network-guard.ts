import * as dns from 'dns';
import { BlockList, isIP, LookupFunction } from 'net';

/**
 * Addresses an outbound fetch must not reach unless the operator allows it: a URL given by a
 * member must not make the server read its own loopback services, the private network it sits
 * in, or a cloud metadata endpoint (169.254.169.254), and hand the answer back as a spec.
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
  ['::', 127],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  BLOCKED.addSubnet(net, prefix, 'ipv6');

const MAPPED_V4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** Whether `address` (an IP literal) is loopback, private, link-local, multicast or otherwise not public. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const mapped = MAPPED_V4.exec(bare);
  if (mapped) return BLOCKED.check(mapped[1], 'ipv4');
  const family = isIP(bare);
  if (family === 4) return BLOCKED.check(bare, 'ipv4');
  if (family === 6) return BLOCKED.check(bare, 'ipv6');
  return false;
}

export class PrivateAddressRefused extends Error {
  constructor(readonly host: string) {
    super(`${host} is a loopback, private or link-local address, which this server does not fetch from (FETCH_ALLOW_PRIVATE_NETWORKS=true allows it)`);
  }
}

/**
 * A DNS lookup for http.request that refuses private answers. Checked at connection time, on
 * the addresses actually dialled, so a name that resolves differently later (DNS rebinding)
 * cannot slip past a check made earlier.
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return (callback as (e: Error | null) => void)(err);
    const list = addresses;
    if (list.some((a) => isPrivateAddress(a.address))) return (callback as (e: Error | null) => void)(new PrivateAddressRefused(hostname));
    if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    (callback as (e: null, a: string, f: number) => void)(null, list[0].address, list[0].family);
  });
};
