import { EVENT_TYPES, EventType } from './insights-event';

/**
 * The reference's SiteInsightsEvent as JSON Schema for ajv (the reference itself ships only with
 * the dev dependencies): fifteen variants told apart by `type`, each the base (session,
 * location, timestamp) plus its own fields. Stricter than the reference in two ways, as every
 * body of this API: unknown fields are refused, and strings have bounds.
 * test: insights-event.schema.spec.ts checks it against the reference.
 */
type Schema = Record<string, unknown>;

const str = (maxLength: number, minLength = 0): Schema => ({ type: 'string', maxLength, ...(minLength ? { minLength } : {}) });
const nullable = (s: Schema): Schema => ({ ...s, type: [s.type as string, 'null'] });
const url: Schema = { type: 'string', format: 'uri', maxLength: 2048 };
const obj = (properties: Record<string, Schema>, required: string[] = []): Schema => ({ type: 'object', properties, required, additionalProperties: false });
const ID = str(256);

/** The reference's PlainObject: claims of strings, numbers, booleans, arrays of them and nested objects. */
export const PLAIN_OBJECT: Schema = {
  $id: 'insights:plain-object',
  type: 'object',
  maxProperties: 100,
  additionalProperties: {
    description: 'must be a string, number, boolean, object or array of them',
    anyOf: [
      str(1024),
      { type: 'number' },
      { type: 'boolean' },
      { $ref: 'insights:plain-object' },
      { type: 'array', maxItems: 100, items: { anyOf: [str(1024), { type: 'number' }, { type: 'boolean' }, { $ref: 'insights:plain-object' }] } },
    ],
  },
};

const session = obj(
  {
    visitorId: str(256, 1),
    sessionId: str(256, 1),
    cookies: { type: 'object', maxProperties: 100, additionalProperties: str(4096) },
    ip: str(64),
    userAgent: str(1024),
    language: nullable(str(64)),
    referrer: { description: 'must be null, "" or an absolute URL', anyOf: [{ type: 'null' }, { const: '' }, url] },
    visitorAuthToken: nullable(str(8192)),
    visitorAuthClaims: { $ref: 'insights:plain-object' },
  },
  ['visitorId', 'sessionId', 'cookies', 'userAgent', 'language', 'referrer'],
);

const location = obj(
  {
    url,
    displayContext: { enum: ['site', 'embed'] },
    siteSection: nullable(ID),
    siteSpace: nullable(ID),
    siteShareKey: nullable(ID),
    space: nullable(ID),
    revision: nullable(ID),
    page: nullable(ID),
  },
  ['url', 'siteSection', 'siteSpace', 'siteShareKey', 'page', 'space', 'revision'],
);

const optionalSpace = { space: ID };
/** The reference's ContentRef. */
export const CONTENT_REF: Schema = {
  description: 'must be a content reference: {kind: file|url|page|anchor|user|collection|space|reusable-content|openapi, and its id}',
  oneOf: [
    obj({ kind: { const: 'file' }, file: ID }, ['kind', 'file']),
    obj({ kind: { const: 'url' }, url: str(2048) }, ['kind', 'url']),
    obj({ kind: { const: 'page' }, page: ID, ...optionalSpace }, ['kind', 'page']),
    obj({ kind: { const: 'anchor' }, anchor: ID, ...optionalSpace, page: ID }, ['kind', 'anchor']),
    obj({ kind: { const: 'user' }, user: ID }, ['kind', 'user']),
    obj({ kind: { const: 'collection' }, collection: ID }, ['kind', 'collection']),
    obj({ kind: { const: 'space' }, space: ID }, ['kind', 'space']),
    obj({ kind: { const: 'reusable-content' }, reusableContent: ID, ...optionalSpace }, ['kind', 'reusableContent']),
    obj({ kind: { const: 'openapi' }, spec: ID }, ['kind', 'spec']),
  ],
};

const rating = { enum: ['bad', 'ok', 'good'] };
const operation = obj({ path: str(2048), method: str(16) }, ['path', 'method']);
const ad = obj({ domain: str(256), zoneId: ID, placement: { enum: ['aside'] } }, ['domain', 'zoneId', 'placement']);
const query = str(1024);

/** Each type's own fields and which of them are required. */
const OWN: Record<EventType, [Record<string, Schema>, string[]]> = {
  page_view: [{}, []],
  search_open: [{}, []],
  search_type_query: [{ query }, ['query']],
  search_open_result: [{ query, result: obj({ spaceId: ID, pageId: ID }, ['spaceId', 'pageId']) }, ['query', 'result']],
  page_post_feedback: [{ feedback: obj({ rating }, ['rating']) }, ['feedback']],
  page_post_feedback_comment: [{ feedback: obj({ rating, comment: str(512, 1) }, ['rating', 'comment']) }, ['feedback']],
  ask_question: [{ query }, ['query']],
  ask_view: [{}, []],
  ask_rate_response: [{ query, rating: { type: 'integer', enum: [1, -1] }, responseId: ID }, ['query', 'rating', 'responseId']],
  link_click: [
    { link: obj({ target: CONTENT_REF, position: { enum: ['announcement', 'header', 'footer', 'sidebar', 'content'] } }, ['target', 'position']) },
    ['link'],
  ],
  api_client_open: [{ operation }, ['operation']],
  api_client_request: [{ operation }, ['operation']],
  ad_click: [{ ad }, ['ad']],
  ad_display: [{ ad }, ['ad']],
  trademark_click: [{ placement: { enum: ['sidebar', 'ad', 'footer', 'pdf'] } }, ['placement']],
};

export const INSIGHTS_EVENT: Schema = {
  type: 'object',
  required: ['type'],
  discriminator: { propertyName: 'type' },
  oneOf: EVENT_TYPES.map((type) => {
    const [own, required] = OWN[type];
    return obj({ type: { const: type }, session, location, timestamp: { type: 'string', format: 'date-time' }, ...own }, [
      'type',
      'session',
      'location',
      ...required,
    ]);
  }),
};

/** At most this many events in one request (the reference sets no bound; a beacon sends a few). */
export const MAX_EVENTS_PER_REQUEST = 500;

export const TRACK_EVENTS: Schema = { type: 'array', maxItems: MAX_EVENTS_PER_REQUEST, items: INSIGHTS_EVENT };
