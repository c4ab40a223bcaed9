import * as dns from 'dns';
import { BlockList, isIP, type LookupFunction } from 'net';

/**
 * Addresses an outbound request must not reach unless the operator lists the host in
 * OUTBOUND_ALLOWED_HOSTS: any member can hand the server a URL (an OpenAPI spec, an embed, a JWKS,
 * a webhook, a git remote), and the server must not read its own loopback services, the private
 * network it sits in or a cloud metadata endpoint (169.254.169.254, fd00:ec2::254) and hand the
 * answer back.
 */
const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // CGNAT (also Alibaba's metadata, 100.100.100.200)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (AWS, GCP, Azure, OpenStack metadata: 169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments (Oracle's 192.0.0.192 metadata)
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  BLOCKED.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  // Unspecified, loopback and the deprecated IPv4-compatible form (::127.0.0.1 is [::7f00:1]).
  ['::', 96],
  ['64:ff9b::', 96], // NAT64 (the embedded IPv4 address would be dialled)
  ['100::', 64], // discard
  ['fc00::', 7], // unique-local (AWS's IPv6 metadata, fd00:ec2::254)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  BLOCKED.addSubnet(net, prefix, 'ipv6');

/**
 * Names of cloud metadata services, refused whatever they resolve to: inside their cloud they
 * answer with the metadata address (or through a resolver we cannot second-guess), outside it
 * they mean nothing a user could want.
 */
const METADATA_NAMES = new Set([
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'instance-data',
  'instance-data.ec2.internal',
  'metadata.tencentyun.com',
]);

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

/** Whether `host` is the name of a cloud metadata service (a trailing dot and case do not matter). */
export const isMetadataName = (host: string): boolean => METADATA_NAMES.has(canonicalHost(host));

/**
 * A host as the URL parser writes it, without brackets or a trailing dot: `0:0::1` and `[::1]`
 * are `::1`, `LocalHost.` is `localhost`, `0x7f.1` is `127.0.0.1`. Unparseable: lower-cased as is.
 */
export function canonicalHost(host: string): string {
  const bare = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  const literal = isIP(bare) === 6 ? `[${bare}]` : bare;
  try {
    return new URL(`http://${literal}/`).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return bare;
  }
}

/** A DNS lookup of every address of a name (dns.lookup with `all: true`). */
export type Resolve = (hostname: string, options: dns.LookupAllOptions, callback: (err: Error | null, addresses: dns.LookupAddress[]) => void) => void;
const systemResolve: Resolve = (hostname, options, callback) => dns.lookup(hostname, options, callback);

export class PrivateAddressRefused extends Error {
  constructor(readonly host: string) {
    super(
      `${host} is a loopback, private, link-local or cloud metadata address, which this server does not connect to (unless OUTBOUND_ALLOWED_HOSTS lists it)`,
    );
  }
}

/**
 * The network guard: what an outbound request may dial. A host is refused when it is a metadata
 * name, or an address (a literal, or any DNS answer for a name) that `isPrivateAddress` refuses,
 * unless the operator listed it: a listed name passes whatever it resolves to, a listed address
 * passes whichever name led to it.
 */
export class OutboundGuard {
  private readonly listed: ReadonlySet<string>;

  /** `resolve`: the DNS the guard asks (tests answer for it, e.g. with a rebinding name). */
  constructor(
    allowedHosts: readonly string[],
    private readonly resolve: Resolve = systemResolve,
  ) {
    this.listed = new Set(allowedHosts.map(canonicalHost).filter(Boolean));
  }

  isListed(host: string): boolean {
    return this.listed.has(canonicalHost(host));
  }

  /** Whether a URL's host is refused before any lookup: a metadata name or a refused literal. */
  refusesHost(host: string): boolean {
    return !this.isListed(host) && (isMetadataName(host) || isPrivateAddress(host));
  }

  /** Whether `address`, a DNS answer for `host`, is refused. */
  refusesAnswer(host: string, address: string): boolean {
    return !this.isListed(host) && !this.isListed(address) && isPrivateAddress(address);
  }

  /**
   * A DNS lookup for http.request that refuses private answers. It runs at connection time, on
   * the addresses actually dialled, so a name that resolves elsewhere later (DNS rebinding)
   * cannot slip past an earlier check. Any refused answer refuses the name: with several
   * answers, the one dialled is not ours to choose (happy eyeballs tries them all).
   */
  readonly lookup: LookupFunction = (hostname, options, callback) => {
    this.resolve(hostname, { ...options, all: true }, (err, addresses) => {
      const fail = callback as (e: Error | null) => void;
      if (err) return fail(err);
      if (addresses.length === 0 || addresses.some((a) => this.refusesAnswer(hostname, a.address))) return fail(new PrivateAddressRefused(hostname));
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      (callback as (e: null, a: string, f: number) => void)(null, addresses[0].address, addresses[0].family);
    });
  };

  /**
   * Whether a URL's host is refused now, DNS answers included: for checks at submission. A name
   * that does not resolve (or not within `timeoutMs`) is not refused here: the connection checks
   * whatever it resolves to then.
   */
  async refuses(host: string, timeoutMs: number): Promise<boolean> {
    if (this.refusesHost(host)) return true;
    const bare = host.replace(/^\[|\]$/g, '');
    if (isIP(bare) || this.isListed(host)) return false;
    const answers = await new Promise<dns.LookupAddress[]>((resolve) => {
      const timer = setTimeout(() => resolve([]), timeoutMs);
      this.resolve(bare, { all: true }, (err, addresses) => {
        clearTimeout(timer);
        resolve(err ? [] : addresses);
      });
    });
    return answers.some((a) => this.refusesAnswer(host, a.address));
  }
}
