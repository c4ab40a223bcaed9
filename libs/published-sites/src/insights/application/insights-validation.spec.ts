import * as path from 'path';
import { expectMatchesSchema } from '../../../../../test/support/reference-schema';
import { COLUMN_NAMES, ColumnName } from '../domain/insights-columns';
import { EVENT_TYPES, InsightsEvent } from '../domain/insights-event';
import { sampleEvent } from '../testing/insights-event.fixtures';
import { aggregationFieldProblems, eventsProblem } from './insights-validation';

interface Variant {
  $ref?: string;
  properties: { column: { enum: string[] } };
}
interface ReferenceSchemas {
  SiteInsightsEventType: { enum: string[] };
  SiteInsightsQueryEventsColumn: { oneOf: Variant[] };
  SiteInsightsQueryDateTimeColumn: Variant;
  SiteInsightsQueryEventsValues: { oneOf: Variant[] };
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const reference = require(path.join(path.dirname(require.resolve('@gitbook/api')), '..', 'spec', 'openapi.json')) as {
  components: { schemas: ReferenceSchemas };
};
const schemas = reference.components.schemas;
const enumOf = (variants: Variant[]) => variants.map((v) => v.properties.column.enum[0]).sort();

const OWN: Record<InsightsEvent['type'], Record<string, unknown>> = {
  page_view: {},
  search_open: {},
  search_type_query: { query: 'install' },
  search_open_result: { query: 'install', result: { spaceId: 's', pageId: 'p' } },
  page_post_feedback: { feedback: { rating: 'good' } },
  page_post_feedback_comment: { feedback: { rating: 'bad', comment: 'Outdated' } },
  ask_question: { query: 'How?' },
  ask_view: {},
  ask_rate_response: { query: 'How?', rating: 1, responseId: 'resp-1' },
  link_click: { link: { target: { kind: 'url', url: 'https://example.org' }, position: 'content' } },
  api_client_open: { operation: { path: '/pets', method: 'get' } },
  api_client_request: { operation: { path: '/pets', method: 'post' } },
  ad_click: { ad: { domain: 'ads.example', zoneId: 'z1', placement: 'aside' } },
  ad_display: { ad: { domain: 'ads.example', zoneId: 'z1', placement: 'aside' } },
  trademark_click: { placement: 'footer' },
};

const SAMPLE_VALUE: Record<ColumnName, unknown> = {
  datetime: '2026-03-01T00:00:00.000Z',
  url: 'https://docs.example.com/a',
  eventType: 'page_view',
  eventsCount: 1,
  sessionsCount: 1,
  visitorsCount: 1,
  siteSection: null,
  siteSpace: 'ss',
  siteShareKey: 'k',
  displayContext: 'embed',
  page: { page: 'p', space: 's' },
  visitorGeoCountry: 'FR',
  visitorGeoPoint: null,
  visitorDevice: 'mobile',
  visitorBrowser: 'safari',
  visitorOS: 'ios',
  visitorBot: '',
  visitorLanguage: 'fr',
  eventLinkTargetValue: { kind: 'page', page: 'p' },
  eventLinkTargetKind: 'page',
  eventLinkTargetDomain: 'example.org',
  eventLinkPosition: 'header',
  eventAPIOperationPath: '/pets',
  eventAPIOperationMethod: 'get',
  eventSearchQuery: 'install',
  eventPageFeedbackRating: 'ok',
  eventPageFeedbackComment: 'nice',
  eventAskResponseRating: 1,
  pageFeedbackRating: { ok: 1, good: 2, bad: 0 },
  askResponseRating: { positive: 1, negative: 0 },
  referrer: 'https://ref.example',
  referrerDomain: 'ref.example',
  utmSource: 'news',
  utmMedium: 'mail',
  utmCampaign: 'spring',
  utmTerm: 'docs',
  utmContent: 'banner',
  visitorClaimProperty: 'plan',
  visitorClaim: 'pro',
  eventAdDomain: 'ads.example',
  eventAdPlacement: 'aside',
  eventTrademarkPlacement: 'pdf',
};
const columnRef = (column: ColumnName) => ({ column, ...(column === 'visitorClaim' ? { claim: 'plan' } : {}) });

describe('the insights schemas agree with the reference', () => {
  it('cover its event types and every column of its select/groupBy and where variants', () => {
    expect([...EVENT_TYPES].sort()).toEqual([...schemas.SiteInsightsEventType.enum].sort());
    expect([...COLUMN_NAMES].sort()).toEqual(
      enumOf(schemas.SiteInsightsQueryEventsColumn.oneOf.map((v) => (v.$ref ? schemas.SiteInsightsQueryDateTimeColumn : v))),
    );
    expect([...COLUMN_NAMES].sort()).toEqual(enumOf(schemas.SiteInsightsQueryEventsValues.oneOf));
  });

  it.each(EVENT_TYPES)('a %s event valid here is valid there', (type) => {
    const event = { ...sampleEvent(type), ...OWN[type], timestamp: '2026-03-01T10:00:00.000Z' };
    event.session = { ...event.session, visitorAuthClaims: { plan: 'pro', seats: 3, beta: true, user: { role: 'admin' }, tags: ['a', 1] } };
    expect(eventsProblem([event], 'events')).toBeNull();
    expectMatchesSchema('SiteInsightsEvent', event);
  });

  it.each(COLUMN_NAMES)('%s: as a selected column and as a filter, valid here and there', (column) => {
    const body = {
      range: 'last7Days',
      select: [columnRef(column)],
      where: [{ ...columnRef(column), operator: 'in', values: [SAMPLE_VALUE[column]] }],
      order: { by: columnRef(column), direction: 'desc' },
      limit: 10,
    };
    for (const [field, value] of Object.entries(body)) expect(aggregationFieldProblems[field](value, field)).toBeNull();
    expectMatchesSchema('SiteInsightsQueryEventsAggregation', body);
  });
});

describe('what is refused, naming the field and the rule', () => {
  const problem = (events: unknown[]) => eventsProblem(events, 'events');
  const e = (patch: Record<string, unknown>) => ({ ...sampleEvent(), ...patch });

  it.each<[string, unknown[], string]>([
    ['an unknown type', [e({ type: 'page_scroll' })], 'events[0].type: must be one of page_view, search_open'],
    ['a missing session field', [e({ session: { ...sampleEvent().session, visitorId: undefined } })], 'events[0].session.visitorId: is required'],
    ['a missing field of the type', [e({ type: 'search_type_query' })], 'events[0].query: is required'],
    ['an unknown field', [e({ colour: 'red' })], 'events[0].colour: unknown field'],
    ['a field of another type', [e({ query: 'x' })], 'events[0].query: unknown field'],
    [
      'a bad referrer',
      [e({ session: { ...sampleEvent().session, referrer: 'not a url' } })],
      'events[0].session.referrer: must be null, "" or an absolute URL',
    ],
    ['a bad timestamp', [e({ timestamp: 'yesterday' })], 'events[0].timestamp: must be an ISO 8601 date-time'],
    ['a bad location url', [e({ location: { ...sampleEvent().location, url: 'nope' } })], 'events[0].location.url: must be an absolute URL'],
    ['a missing location field', [e({ location: { url: 'https://d.example' } })], 'events[0].location.siteSection: is required'],
    ['a bad rating', [e({ type: 'page_post_feedback', feedback: { rating: 'great' } })], 'events[0].feedback.rating: must be one of "bad", "ok", "good"'],
    [
      'a bad link target',
      [e({ type: 'link_click', link: { target: { kind: 'page' }, position: 'content' } })],
      'events[0].link.target: must be a content reference',
    ],
    [
      'bad claims',
      [e({ session: { ...sampleEvent().session, visitorAuthClaims: { a: null } } })],
      'events[0].session.visitorAuthClaims.a: must be a string, number, boolean',
    ],
    ['not an event', ['page_view'], 'events[0]: must be object'],
    ['too many events', Array.from({ length: 501 }, () => sampleEvent()), 'events: must have at most 500 items'],
  ])('%s', (_, events, message) => expect(problem(events)).toContain(message));

  it.each<[string, string, unknown, string]>([
    ['an unknown column', 'select', [{ column: 'colour' }], 'select[0].column: must be one of datetime, url'],
    ['a parameter of another column', 'groupBy', [{ column: 'url', interval: 'day' }], 'groupBy[0].interval: unknown field'],
    ['visitorClaim without its claim', 'select', [{ column: 'visitorClaim' }], 'select[0].claim: is required'],
    ['a claim name with a quote', 'groupBy', [{ column: 'visitorClaim', claim: 'a"b' }], 'groupBy[0].claim: must not contain " or \\'],
    ['a bad interval', 'select', [{ column: 'datetime', interval: 'minute' }], 'select[0].interval: must be one of "hour", "day", "week", "month"'],
    ['a value of the wrong type', 'where', [{ column: 'eventsCount', values: ['many'] }], 'where[0].values[0]: must be number'],
    ['a bad operator', 'where', [{ column: 'url', operator: 'like', values: [] }], 'where[0].operator: must be one of "in", "notIn"'],
    ['an unknown range', 'range', 'lastWeek', 'range: must be one of lastYear, last3Months, last30Days, last7Days, last24Hours or {from, to}'],
    ['a limit over 1000', 'limit', 1001, 'limit: must be <= 1000'],
    ['an order without direction', 'order', { by: { column: 'url' } }, 'order.direction: is required'],
  ])('%s', (_, field, value, message) => expect(aggregationFieldProblems[field](value, field)).toContain(message));
});
