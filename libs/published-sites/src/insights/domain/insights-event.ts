/** The reference's SiteInsightsEvent, as it arrives once its shape has been validated (http/insights-event.schema.ts). */

export const EVENT_TYPES = [
  'page_view',
  'search_open',
  'search_type_query',
  'search_open_result',
  'page_post_feedback',
  'page_post_feedback_comment',
  'ask_question',
  'ask_view',
  'ask_rate_response',
  'link_click',
  'api_client_open',
  'api_client_request',
  'ad_click',
  'ad_display',
  'trademark_click',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export type PlainObject = { [key: string]: PlainValue };
export type PlainValue = string | number | boolean | PlainObject | Array<string | number | boolean | PlainObject>;

export interface EventSession {
  visitorId: string;
  sessionId: string;
  cookies: Record<string, string>;
  ip?: string;
  userAgent: string;
  language: string | null;
  referrer: string | null;
  /** Deprecated in the reference; a credential, so it is never stored. */
  visitorAuthToken?: string | null;
  visitorAuthClaims?: PlainObject;
}

export interface EventLocation {
  url: string;
  displayContext?: 'site' | 'embed';
  siteSection: string | null;
  siteSpace: string | null;
  siteShareKey: string | null;
  space: string | null;
  revision: string | null;
  page: string | null;
}

export interface ContentRef {
  kind: string;
  [key: string]: unknown;
}

export interface InsightsEvent {
  type: EventType;
  session: EventSession;
  location: EventLocation;
  timestamp?: string;
  query?: string;
  result?: { spaceId: string; pageId: string };
  feedback?: { rating: 'bad' | 'ok' | 'good'; comment?: string };
  rating?: 1 | -1;
  responseId?: string;
  link?: { target: ContentRef; position: string };
  operation?: { path: string; method: string };
  placement?: string;
  ad?: { domain: string; zoneId: string; placement: string };
}
