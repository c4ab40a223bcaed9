import { PlatformConfig } from '../config/platform-config';
import { BadRequest } from '../ddd/errors';
import { OutboundGuard, type Resolve } from './network-guard';

/** Bound of the DNS lookup at submission: a slow resolver delays the answer, never refuses by itself. */
const LOOKUP_TIMEOUT_MS = 2000;

/**
 * The reason the network guard refuses `url` now (`"<field>: …"`), or null. Checks the scheme
 * (http(s)), metadata names and literal addresses, then the name's DNS answers. A name that does
 * not resolve passes: the connection checks again whatever it resolves to then (and every
 * redirect), so this check is for the user's sake, not the only line of defence.
 */
export async function outboundUrlProblem(config: PlatformConfig, field: string, url: unknown, resolve?: Resolve): Promise<string | null> {
  if (typeof url !== 'string' || !URL.canParse(url)) return `${field}: must be an absolute http(s) URL`;
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return `${field}: must be an http(s) URL, not ${parsed.protocol}`;
  const guard = new OutboundGuard(config.outboundAllowedHosts, resolve);
  if (!(await guard.refuses(parsed.hostname, Math.min(LOOKUP_TIMEOUT_MS, config.fetchTimeoutMs)))) return null;
  return (
    `${field}: ${parsed.hostname} is a loopback, private, link-local or cloud metadata address, ` +
    'which this server does not connect to (unless OUTBOUND_ALLOWED_HOSTS lists it)'
  );
}

/**
 * Throws a 400 naming `field` when the network guard refuses `url` (see outboundUrlProblem). Call
 * it where a user submits a URL the server will request later: spec URLs, JWKS URLs, webhook
 * URLs, git remotes, websites to import.
 */
export async function assertOutboundUrlAllowed(config: PlatformConfig, field: string, url: unknown): Promise<void> {
  const problem = await outboundUrlProblem(config, field, url);
  if (problem) throw new BadRequest(problem);
}
