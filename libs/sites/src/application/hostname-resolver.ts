import { Resolver } from 'dns/promises';
import type { DnsAnswer } from '../domain/hostname';

/**
 * The port through which custom hostnames are checked: what the hostname's CNAME records say.
 * Tests replace it (no test needs the internet); the adapter below asks the system's resolvers.
 */
export abstract class HostnameResolver {
  abstract cnames(hostname: string): Promise<DnsAnswer>;
}

/** The part of node's dns/promises Resolver the adapter uses (so a unit test can hand in its own). */
export interface CnameLookup {
  resolveCname(hostname: string): Promise<string[]>;
}

/** Answers that mean "no such record", as opposed to a resolver that could not answer. */
const NO_RECORD = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN']);

/** Provided with a factory (useFactory), so its optional constructor argument is for tests only. */
export class NodeDnsHostnameResolver extends HostnameResolver {
  private readonly lookup: CnameLookup;

  /** Bounded: a check waits at most about 2 × 2.5 s, so a revalidation request cannot hang. */
  constructor(lookup?: CnameLookup) {
    super();
    this.lookup = lookup ?? new Resolver({ timeout: 2500, tries: 2 });
  }

  async cnames(hostname: string): Promise<DnsAnswer> {
    try {
      const names = await this.lookup.resolveCname(hostname);
      return names.length ? { kind: 'cname', names } : { kind: 'none' };
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code ?? 'EUNKNOWN';
      return NO_RECORD.has(code) ? { kind: 'none' } : { kind: 'error', code };
    }
  }
}
