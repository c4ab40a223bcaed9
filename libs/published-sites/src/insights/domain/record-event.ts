import { createHash } from 'crypto';
import { BadRequest } from '@app/platform';
import type { InsightsEvent, PlainObject } from './insights-event';
import { canonicalJson, InsightsRecord } from './insights-record';
import { truncateIp } from './ip-address';
import { classifyUserAgent } from './user-agent';

/** The reference: "Must be within 5 minutes of the current time". */
export const TIMESTAMP_WINDOW_MS = 5 * 60 * 1000;
/** Claims are for segments and adaptive content, not a document store (UTF-8 bytes; also bounds the segments cursor). */
export const MAX_CLAIMS_JSON = 4096;

export interface RecordContext {
  organizationId: string;
  siteId: string;
  now: Date;
  /** The address the request came from (the reference's default for `session.ip`). */
  requestIp: string | null;
  /** How the event is named in a 400 (`events[3]`). */
  field: string;
}

/**
 * A share key is a credential: the store keeps a digest, which still groups and filters (a
 * filter value is compared both as given and digested, see aggregation-plan.ts).
 */
export const shareKeyDigest = (key: string) => `sk_${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;

/** Origin and path of a URL: query strings may carry share keys or tokens (`?shareKey=`, `?jwt_token=`). */
export function withoutQuery(raw: string): string {
  try {
    const u = new URL(raw);
    return u.protocol === 'http:' || u.protocol === 'https:' ? `${u.origin}${u.pathname}` : raw.split(/[?#]/)[0];
  } catch {
    return raw.split(/[?#]/)[0];
  }
}

const hostOf = (raw: string): string | null => {
  try {
    return new URL(raw).hostname || null;
  } catch {
    return null;
  }
};

const utm = (url: string) => {
  let params: URLSearchParams;
  try {
    params = new URL(url).searchParams;
  } catch {
    params = new URLSearchParams();
  }
  const get = (k: string) => (params.get(`utm_${k}`) ?? '').slice(0, 256);
  return { utmSource: get('source'), utmMedium: get('medium'), utmCampaign: get('campaign'), utmTerm: get('term'), utmContent: get('content') };
};

/** Leaf paths of a claims object with their values as text (`{user: {role: 'a'}}` → `user.role` = `a`). */
export function flattenClaims(claims: PlainObject, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  for (const [k, v] of Object.entries(claims)) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) flattenClaims(v, path, out);
    else out[path] = typeof v === 'string' ? v : Array.isArray(v) ? canonicalJson(v) : String(v);
  }
  return out;
}

function eventTime(e: InsightsEvent, ctx: RecordContext): number {
  const now = ctx.now.getTime();
  if (e.timestamp === undefined) return now;
  const ts = Date.parse(e.timestamp);
  if (!Number.isFinite(ts) || Math.abs(ts - now) > TIMESTAMP_WINDOW_MS) {
    throw new BadRequest(`${ctx.field}.timestamp: must be within 5 minutes of the current time (${ctx.now.toISOString()})`);
  }
  return ts;
}

function visitorIp(e: InsightsEvent, ctx: RecordContext): string | null {
  if (e.session.ip !== undefined) {
    const ip = truncateIp(e.session.ip);
    if (ip === null) throw new BadRequest(`${ctx.field}.session.ip: must be an IPv4 or IPv6 address`);
    return ip;
  }
  return ctx.requestIp === null ? null : truncateIp(ctx.requestIp);
}

function visitorClaims(e: InsightsEvent, ctx: RecordContext) {
  const claims = e.session.visitorAuthClaims ?? {};
  const json = canonicalJson(claims);
  if (Buffer.byteLength(json) > MAX_CLAIMS_JSON)
    throw new BadRequest(`${ctx.field}.session.visitorAuthClaims: must be at most ${MAX_CLAIMS_JSON} bytes of JSON`);
  const claimValues = flattenClaims(claims);
  return { claims: json, claimKeys: Object.keys(claimValues).sort(), claimValues };
}

/** A validated reference event as the store keeps it (400 naming the field for what the schema cannot check). */
export function toInsightsRecord(e: InsightsEvent, ctx: RecordContext): InsightsRecord {
  const { session: s, location: l } = e;
  const referrer = s.referrer ? withoutQuery(s.referrer) : '';
  const target = e.link?.target;
  return {
    organizationId: ctx.organizationId,
    siteId: ctx.siteId,
    ts: eventTime(e, ctx),
    type: e.type,
    visitorId: s.visitorId,
    sessionId: s.sessionId,
    url: withoutQuery(l.url),
    displayContext: l.displayContext ?? 'site',
    siteSection: l.siteSection,
    siteSpace: l.siteSpace,
    siteShareKey: l.siteShareKey ? shareKeyDigest(l.siteShareKey) : null,
    space: l.space,
    revision: l.revision,
    page: l.page,
    ip: visitorIp(e, ctx),
    language: s.language,
    referrer,
    referrerDomain: s.referrer ? (hostOf(s.referrer) ?? '') : '',
    ...utm(l.url),
    ...classifyUserAgent(s.userAgent),
    ...visitorClaims(e, ctx),
    searchQuery: e.type === 'search_type_query' || e.type === 'search_open_result' ? (e.query ?? null) : null,
    feedbackRating: e.feedback?.rating ?? null,
    feedbackComment: e.feedback?.comment ?? null,
    askRating: e.type === 'ask_rate_response' ? (e.rating ?? null) : null,
    linkTarget: target ? canonicalJson(target) : null,
    linkKind: target && target.kind !== 'openapi' ? target.kind : null,
    linkDomain: target?.kind === 'url' && typeof target.url === 'string' ? hostOf(target.url) : null,
    linkPosition: e.link?.position ?? null,
    apiPath: e.operation?.path ?? null,
    apiMethod: e.operation?.method ?? null,
    adDomain: e.ad?.domain ?? null,
    adPlacement: e.ad?.placement ?? null,
    trademarkPlacement: e.type === 'trademark_click' ? (e.placement ?? null) : null,
  };
}
