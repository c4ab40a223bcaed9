import { EVENT_TYPES, EventType } from './insights-event';
import { CONTENT_REF } from './insights-event.schema';
import type { RecordField } from './insights-record';

/**
 * The reference's SiteInsightsQueryEventsColumn catalog: what each column reads of a stored
 * event, and the JSON Schema of one of its values (in `where` filters and in results, as
 * SiteInsightsQueryEventsValues has it). Dimensions group; metrics aggregate a group.
 */
type Schema = Record<string, unknown>;

export type Metric = 'events' | 'sessions' | 'visitors' | 'feedback' | 'ask';
export type DimensionSource =
  | { source: 'field'; field: RecordField }
  | { source: 'datetime' }
  /** The page with its space: `{space, page}`, null without a space. */
  | { source: 'page' }
  /** One claim's value as text ('' when the visitor has no such claim). */
  | { source: 'claim' }
  /** The names of the visitor's claims: an event counts once per claim it has. */
  | { source: 'claimProperty' }
  /** Needs a GeoIP database this server does not have: always null. */
  | { source: 'none' };

export type ColumnSpec =
  /** `types`: only events of these types have a value (grouping or filtering by it keeps only them); `present`: groups leave out events without a value. */
  | ({ kind: 'dimension'; value: Schema; comparable: boolean; types?: readonly EventType[]; present?: boolean } & DimensionSource)
  | { kind: 'metric'; metric: Metric; value: Schema; comparable: boolean };

const str: Schema = { type: 'string', maxLength: 2048 };
const nullableStr: Schema = { type: ['string', 'null'], maxLength: 2048 };
const num: Schema = { type: 'number' };
const oneOf = (...values: unknown[]): Schema => ({ enum: values });

export const CONTENT_REF_KINDS = ['url', 'page', 'file', 'anchor', 'space', 'collection', 'user', 'reusable-content'] as const;
const LINK = ['link_click'] as const;
const API = ['api_client_open', 'api_client_request'] as const;
const SEARCH = ['search_type_query', 'search_open_result'] as const;
const FEEDBACK = ['page_post_feedback', 'page_post_feedback_comment'] as const;
const AD = ['ad_click', 'ad_display'] as const;

const field = (f: RecordField, value: Schema, types?: readonly EventType[]): Extract<ColumnSpec, { kind: 'dimension' }> => ({
  kind: 'dimension',
  source: 'field',
  field: f,
  value,
  comparable: true,
  ...(types ? { types } : {}),
});
const metric = (m: Metric, value: Schema, comparable = true): ColumnSpec => ({ kind: 'metric', metric: m, value, comparable });

export const COLUMNS = {
  datetime: { kind: 'dimension', source: 'datetime', value: { type: 'string', format: 'date-time' }, comparable: true },
  url: field('url', { type: 'string', format: 'uri', maxLength: 2048 }),
  eventType: field('type', oneOf(...EVENT_TYPES)),
  eventsCount: metric('events', num),
  sessionsCount: metric('sessions', num),
  visitorsCount: metric('visitors', num),
  siteSection: field('siteSection', nullableStr),
  siteSpace: field('siteSpace', nullableStr),
  siteShareKey: field('siteShareKey', nullableStr),
  displayContext: field('displayContext', oneOf('site', 'embed')),
  page: {
    kind: 'dimension',
    source: 'page',
    comparable: false,
    value: {
      description: 'must be null or {space, page}',
      anyOf: [{ type: 'null' }, { type: 'object', required: ['page', 'space'], properties: { page: nullableStr, space: str }, additionalProperties: false }],
    },
  },
  visitorGeoCountry: { kind: 'dimension', source: 'none', value: nullableStr, comparable: true },
  visitorGeoPoint: {
    kind: 'dimension',
    source: 'none',
    comparable: false,
    value: {
      type: ['object', 'null'],
      required: ['latitude', 'longitude', 'h3'],
      properties: { latitude: num, longitude: num, h3: str },
      additionalProperties: false,
    },
  },
  visitorDevice: field('device', oneOf('desktop', 'tablet', 'mobile', 'unknown')),
  visitorBrowser: field('browser', oneOf('chrome', 'firefox', 'safari', 'edge', 'ie', 'opera', 'unknown')),
  visitorOS: field('os', oneOf('windows', 'macos', 'linux', 'android', 'ios', 'unknown')),
  visitorBot: field('bot', oneOf('unknown', 'googlebot', 'bingbot', 'duckduckbot', 'facebookbot', 'applebot', 'chatgpt', 'anthropic', null, '')),
  visitorLanguage: field('language', nullableStr),
  eventLinkTargetValue: { ...field('linkTarget', CONTENT_REF, LINK), comparable: false },
  // The reference's kinds leave out `openapi`: those links are stored without a kind.
  eventLinkTargetKind: { ...field('linkKind', oneOf(...CONTENT_REF_KINDS), LINK), present: true },
  eventLinkTargetDomain: field('linkDomain', nullableStr, LINK),
  eventLinkPosition: field('linkPosition', oneOf('announcement', 'header', 'footer', 'sidebar', 'content'), LINK),
  eventAPIOperationPath: field('apiPath', nullableStr, API),
  eventAPIOperationMethod: field('apiMethod', nullableStr, API),
  eventSearchQuery: field('searchQuery', str, SEARCH),
  eventPageFeedbackRating: field('feedbackRating', oneOf('bad', 'ok', 'good'), FEEDBACK),
  eventPageFeedbackComment: field('feedbackComment', str, ['page_post_feedback_comment']),
  eventAskResponseRating: field('askRating', { type: 'integer' }, ['ask_rate_response']),
  pageFeedbackRating: metric(
    'feedback',
    { type: 'object', required: ['ok', 'good', 'bad'], properties: { ok: num, good: num, bad: num }, additionalProperties: false },
    false,
  ),
  askResponseRating: metric(
    'ask',
    { type: 'object', required: ['positive', 'negative'], properties: { positive: num, negative: num }, additionalProperties: false },
    false,
  ),
  referrer: field('referrer', str),
  referrerDomain: field('referrerDomain', str),
  utmSource: field('utmSource', str),
  utmMedium: field('utmMedium', str),
  utmCampaign: field('utmCampaign', str),
  utmTerm: field('utmTerm', str),
  utmContent: field('utmContent', str),
  visitorClaimProperty: { kind: 'dimension', source: 'claimProperty', value: str, comparable: false },
  visitorClaim: { kind: 'dimension', source: 'claim', value: str, comparable: true },
  eventAdDomain: field('adDomain', str, AD),
  eventAdPlacement: field('adPlacement', oneOf('aside'), AD),
  eventTrademarkPlacement: field('trademarkPlacement', oneOf('sidebar', 'ad', 'footer', 'pdf'), ['trademark_click']),
} satisfies Record<string, ColumnSpec>;

export type ColumnName = keyof typeof COLUMNS;
export const COLUMN_NAMES = Object.keys(COLUMNS) as ColumnName[];
export const columnSpec = (name: ColumnName): ColumnSpec => COLUMNS[name];
export const INTERVALS = ['hour', 'day', 'week', 'month'] as const;
export type Interval = (typeof INTERVALS)[number];
