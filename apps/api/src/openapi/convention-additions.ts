import {
  AS_OF_DESCRIPTION,
  AS_OF_PARAM,
  IF_MATCH,
  IF_MATCH_PARAMETER,
  IF_NONE_MATCH,
  NOT_MODIFIED_RESPONSE,
  OWN_EXTENSION,
  PRECONDITION_FAILED_RESPONSE,
} from '@app/platform';
import { addConventionComponents, ConventionRefs } from './additions-components';
import { addHeader, addParameter, addResponse, Document, findParameter, isRef, Located, markOwn, operationsOf, Response, WRITES } from './additions-document';

const CONDITIONAL_WRITES = new Set(['patch', 'put', 'delete']);
const isApi = (path: string) => /^\/v1(\/|$)/.test(path);
const isHealth = (path: string) => /^\/health(\/|$)/.test(path);
/** Routes with the platform's Public() metadata (the builder gives them `security: []`): no caller, no idempotency record. */
const isPublic = ({ operation }: Located) => Array.isArray(operation.security) && operation.security.length === 0;
const inlineResponses = ({ operation }: Located, statuses: RegExp): Response[] =>
  Object.entries(operation.responses ?? {})
    .filter(([status, r]) => statuses.test(status) && !isRef(r))
    .map(([, r]) => r as Response);

/**
 * The HTTP conventions, operation by operation, from what the document already says about each
 * route (the parameters the platform's decorators put there, the method, `security`):
 * - every route: X-Request-Id; every /v1 route: X-RateLimit-* and 429; every route but the
 *   health probes: 503;
 * - a GET with If-None-Match (ResourceStream): ETag on its 200, 304;
 * - a PATCH, PUT or DELETE where the GET of its path answers an ETag (the resource the
 *   ConditionalRequestsInterceptor compares with), or with RepresentedBy: If-Match, 412;
 * - a write that needs a token: Idempotency-Key, 422, 409, Idempotent-Replayed;
 * - a route with the `asOf` query parameter: its rules and X-As-Of;
 * - a route that needs a token (it reads read models): X-Min-Position; its writes answer X-Position.
 */
export function addConventions(doc: Document): void {
  const refs = addConventionComponents(doc);
  const located = operationsOf(doc);
  const tagged = new Set(located.filter((o) => o.method === 'get' && findParameter(doc, o.operation, IF_NONE_MATCH, 'header')).map((o) => o.path));
  for (const o of located) {
    conditionalGet(doc, o, refs);
    if (CONDITIONAL_WRITES.has(o.method)) conditionalWrite(doc, o, tagged.has(o.path));
    if (isApi(o.path) && WRITES.has(o.method) && !isPublic(o)) idempotency(doc, o, refs);
    asOf(doc, o, refs);
    if (isApi(o.path) && !isPublic(o)) readAfter(doc, o, refs);
    // Last: the headers every response carries go on the responses added above too.
    everyRoute(doc, o, refs);
  }
}

function everyRoute(doc: Document, o: Located, refs: ConventionRefs): void {
  addParameter(doc, o.operation, 'X-Request-Id', 'header', refs.requestIdParameter);
  for (const r of inlineResponses(o, /./)) addHeader(r, 'X-Request-Id', refs.headers.requestId);
  if (isApi(o.path)) {
    addResponse(o.operation, '429', refs.responses.rateLimited);
    for (const r of inlineResponses(o, /^[23]/)) {
      addHeader(r, 'X-RateLimit-Limit', refs.headers.rateLimitLimit);
      addHeader(r, 'X-RateLimit-Remaining', refs.headers.rateLimitRemaining);
      addHeader(r, 'X-RateLimit-Reset', refs.headers.rateLimitReset);
    }
  }
  // Health reads are never shed; /health/ready documents its own 503.
  if (!isHealth(o.path)) addResponse(o.operation, '503', refs.responses.unavailable);
}

function conditionalGet(doc: Document, o: Located, refs: ConventionRefs): void {
  if (o.method !== 'get') return;
  const p = findParameter(doc, o.operation, IF_NONE_MATCH, 'header');
  if (!p) return;
  if (!p[OWN_EXTENSION]) markOwn(p);
  for (const r of inlineResponses(o, /^200$/)) addHeader(r, 'ETag', refs.headers.etag);
  addResponse(o.operation, '304', structuredClone(NOT_MODIFIED_RESPONSE));
}

function conditionalWrite(doc: Document, o: Located, getHasETag: boolean): void {
  const own = findParameter(doc, o.operation, IF_MATCH, 'header');
  if (!own && !getHasETag) return;
  if (own) {
    if (!own[OWN_EXTENSION]) markOwn(own);
  } else addParameter(doc, o.operation, IF_MATCH, 'header', markOwn(structuredClone(IF_MATCH_PARAMETER)));
  addResponse(o.operation, '412', structuredClone(PRECONDITION_FAILED_RESPONSE));
}

function idempotency(doc: Document, o: Located, refs: ConventionRefs): void {
  addParameter(doc, o.operation, 'Idempotency-Key', 'header', refs.idempotencyKeyParameter);
  addResponse(o.operation, '422', refs.responses.keyReused);
  addResponse(o.operation, '409', refs.responses.keyInUse);
  for (const r of inlineResponses(o, /^2/)) addHeader(r, 'Idempotent-Replayed', refs.headers.replayed);
}

function asOf(doc: Document, o: Located, refs: ConventionRefs): void {
  const p = findParameter(doc, o.operation, AS_OF_PARAM, 'query');
  if (!p) return;
  // The DTO's own description when the platform's decorator wrote it; the rules otherwise (DTOs outside the platform).
  if (!p.description) p.description = AS_OF_DESCRIPTION;
  // Not `format: date-time`: seconds may be left out (`2026-03-03T10:00Z`), and an event id is a UUID.
  p.schema = { type: 'string' };
  p.example ??= '2026-03-03T00:00:00Z';
  if (!p[OWN_EXTENSION]) markOwn(p);
  for (const r of inlineResponses(o, /^200$/)) addHeader(r, 'X-As-Of', refs.headers.asOf);
  addResponse(
    o.operation,
    '400',
    markOwn({
      description: 'Bad request: a malformed, future or unknown `asOf` (or another bad input), naming the field.',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    }),
  );
}

/** Read-your-writes across instances (ConsistencyInterceptor): every route that reads read models. */
function readAfter(doc: Document, o: Located, refs: ConventionRefs): void {
  addParameter(doc, o.operation, 'X-Min-Position', 'header', refs.minPositionParameter);
  if (WRITES.has(o.method)) for (const r of inlineResponses(o, /^2/)) addHeader(r, 'X-Position', refs.headers.position);
}
