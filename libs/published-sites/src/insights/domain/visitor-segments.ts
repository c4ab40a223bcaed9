import type { PlainObject } from './insights-event';
import { flattenClaims } from './record-event';

/** The reference's SiteInsightsVisitorSegment: visitors whose claims are exactly these. */
export interface VisitorSegment {
  title: string;
  claims: PlainObject;
  events: number;
  visitors: number;
  sessions: number;
}

/** A store's segment row: the claims as canonical JSON (the segment's key and paging key). */
export interface SegmentRow {
  claims: string;
  events: number;
  visitors: number;
  sessions: number;
}

const MAX_TITLE = 200;

/** `plan: pro, user.role: admin` (claims flattened, in key order); anonymous visitors have none. */
export function segmentTitle(claims: PlainObject): string {
  const entries = Object.entries(flattenClaims(claims)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (entries.length === 0) return 'Visitors without claims';
  const title = entries.map(([k, v]) => `${k}: ${v}`).join(', ');
  return title.length > MAX_TITLE ? `${title.slice(0, MAX_TITLE - 1)}…` : title;
}

export const toSegment = (row: SegmentRow): VisitorSegment => {
  const claims = JSON.parse(row.claims) as PlainObject;
  return { title: segmentTitle(claims), claims, events: row.events, visitors: row.visitors, sessions: row.sessions };
};
