import type { EventType } from './insights-event';
import type { Bot, Browser, Device, OperatingSystem } from './user-agent';

/**
 * One visitor event as the analytics store keeps it: flat (one field per column the reference
 * can group or filter by), append-only, and with nothing secret or personal in full — the IP is
 * truncated, the user agent is kept only as what it says (browser, OS, device, bot), a share
 * key is kept as a digest, URLs lose their query strings, cookies and the deprecated
 * `visitorAuthToken` are dropped.
 */
export interface InsightsRecord {
  organizationId: string;
  siteId: string;
  /** When it happened, ms since the epoch (UTC). */
  ts: number;
  type: EventType;
  visitorId: string;
  sessionId: string;
  /** Origin and path of the page the event happened on (no query, no fragment). */
  url: string;
  displayContext: 'site' | 'embed';
  siteSection: string | null;
  siteSpace: string | null;
  /** A digest of the share key the visitor came with (shareKeyDigest), never the key. */
  siteShareKey: string | null;
  space: string | null;
  revision: string | null;
  page: string | null;
  /** Truncated: IPv4 /24, IPv6 /48. */
  ip: string | null;
  language: string | null;
  /** '' when the visit came from nowhere (the reference's values are strings). */
  referrer: string;
  referrerDomain: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
  utmTerm: string;
  utmContent: string;
  browser: Browser;
  device: Device;
  os: OperatingSystem;
  bot: Bot;
  /** The visitor's claims as canonical JSON (sorted keys): one segment per distinct value. */
  claims: string;
  /** Leaf paths of the claims (`plan`, `user.role`), sorted. */
  claimKeys: string[];
  /** Each leaf path's value as text (arrays as JSON). */
  claimValues: Record<string, string>;
  searchQuery: string | null;
  feedbackRating: 'bad' | 'ok' | 'good' | null;
  feedbackComment: string | null;
  askRating: number | null;
  /** The link's target ContentRef as canonical JSON. */
  linkTarget: string | null;
  linkKind: string | null;
  linkDomain: string | null;
  linkPosition: string | null;
  apiPath: string | null;
  apiMethod: string | null;
  adDomain: string | null;
  adPlacement: string | null;
  trademarkPlacement: string | null;
}

/** The record fields a column may read directly (all but the claims'). */
export type RecordField = Exclude<keyof InsightsRecord, 'claimKeys' | 'claimValues' | 'organizationId'>;

/** JSON with object keys sorted, so equal values give equal text whatever the key order. */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map((x) => canonicalJson(x ?? null)).join(',')}]`;
  if (v && typeof v === 'object') {
    const keys = Object.keys(v).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((v as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}
