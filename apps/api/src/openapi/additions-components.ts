import { PlatformConfig } from '@app/platform';
import { Document, ensureComponent, markOwn, Ref } from './additions-document';

/*
 * The document-wide pieces of the HTTP conventions every route shares (README "HTTP
 * conventions"), defined once under `components` and referenced from the operations.
 */

const ERROR = { $ref: '#/components/schemas/Error' };
/** The reference's `Error`, the body of every refusal (kept as the builder copied it, when it did). */
const ERROR_SCHEMA = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      properties: { code: { type: 'integer', format: 'int32' }, message: { type: 'string' } },
      required: ['code', 'message'],
    },
  },
};

export interface ConventionRefs {
  requestIdParameter: Ref;
  idempotencyKeyParameter: Ref;
  minPositionParameter: Ref;
  headers: Record<'requestId' | 'rateLimitLimit' | 'rateLimitRemaining' | 'rateLimitReset' | 'retryAfter' | 'etag' | 'asOf' | 'replayed' | 'position', Ref>;
  responses: Record<'rateLimited' | 'unavailable' | 'keyReused' | 'keyInUse', Ref>;
}

const header = (description: string, schema: Record<string, unknown>) => markOwn({ description, schema });
const error = (description: string, headers: Record<string, Ref>) => markOwn({ description, headers, content: { 'application/json': { schema: ERROR } } });

export function addConventionComponents(doc: Document): ConventionRefs {
  const defaults = new PlatformConfig();
  ensureComponent(doc, 'schemas', 'Error', ERROR_SCHEMA);
  const h = (name: string, description: string, schema: Record<string, unknown> = { type: 'string' }) =>
    ensureComponent(doc, 'headers', name, header(description, schema));
  const headers: ConventionRefs['headers'] = {
    requestId: h(
      'X-Request-Id',
      "The request's id: the caller's X-Request-Id when valid (printable ASCII, at most 128 characters), else a generated one. It is logged and becomes the correlationId of the events the request writes.",
    ),
    rateLimitLimit: h(
      'X-RateLimit-Limit',
      `Requests allowed per minute for this token (RATE_LIMIT_PER_MINUTE, ${defaults.rateLimitPerMinute} by default; by address without a token). On every /v1 response while rate limiting is on.`,
      { type: 'integer' },
    ),
    rateLimitRemaining: h('X-RateLimit-Remaining', 'Requests left in the current one-minute window.', { type: 'integer' }),
    rateLimitReset: h('X-RateLimit-Reset', 'When the current window ends, in epoch seconds.', { type: 'integer' }),
    retryAfter: h('Retry-After', 'Seconds to wait before retrying.', { type: 'integer' }),
    etag: h(
      'ETag',
      "Strong entity tag of this representation (the resource's stream revision and its body): send it in If-None-Match (304 when unchanged) or If-Match on a write (412 when it changed).",
      { type: 'string' },
    ),
    position: h(
      'X-Position',
      "This server's addition. The position of the last event this write appended (the answer waited until the read models included it). Send it back as `X-Min-Position` to read the write on another API instance.",
      { type: 'string', pattern: '^[0-9]+$' },
    ),
    asOf: h('X-As-Of', 'The point the answer was read at, when `asOf` was given: the normalised ISO 8601 instant, or the audit event id.'),
    replayed: h('Idempotent-Replayed', '`true` when this is the recorded answer of an earlier request with the same Idempotency-Key (no second effect).', {
      type: 'string',
      enum: ['true'],
    }),
  };
  const parameter = (name: string, description: string, schema: Record<string, unknown>) =>
    ensureComponent(doc, 'parameters', name, markOwn({ name, in: 'header', required: false, description, schema }));
  const requestIdParameter = parameter(
    'X-Request-Id',
    'Your id for this request (printable ASCII, no leading or trailing space, at most 128 characters), echoed in the response and used as the correlationId of the events it writes; another value is replaced by a generated one.',
    {
      type: 'string',
      maxLength: 128,
    },
  );
  const idempotencyKeyParameter = parameter(
    'Idempotency-Key',
    "This server's addition. Any 1 to 255 printable ASCII characters, unique per intended effect: the same user, key, method, path and body within 24 hours answers the first status, body and Location again with `Idempotent-Replayed: true` and no second effect (also after a restart); the key with another method, path or body answers 422; while the first request still runs, 409. A request that failed records nothing and may be retried with its key. Malformed: 400.",
    { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7e]+$' },
  );
  const rateLimitHeaders = {
    'X-RateLimit-Limit': headers.rateLimitLimit,
    'X-RateLimit-Remaining': headers.rateLimitRemaining,
    'X-RateLimit-Reset': headers.rateLimitReset,
  };
  const responses: ConventionRefs['responses'] = {
    rateLimited: ensureComponent(
      doc,
      'responses',
      'RateLimited',
      error('Too many requests: over the rate limit of this token (or address). `Retry-After` says when to retry.', {
        'Retry-After': headers.retryAfter,
        ...rateLimitHeaders,
      }),
    ),
    unavailable: ensureComponent(
      doc,
      'responses',
      'Unavailable',
      error(
        `Service unavailable: overloaded (held about 500 ms, then \`Retry-After: 1\`), shutting down, or the read models have not caught up (a write waits at most CONSISTENCY_TIMEOUT_MS, ${defaults.consistencyTimeoutMs} ms by default, for read-your-writes, then answers this instead of letting a later read see stale data).`,
        { 'Retry-After': headers.retryAfter },
      ),
    ),
    keyReused: ensureComponent(
      doc,
      'responses',
      'IdempotencyKeyReused',
      error('Unprocessable: this Idempotency-Key was used with another method, path or body within 24 hours; nothing was done.', {}),
    ),
    keyInUse: ensureComponent(
      doc,
      'responses',
      'IdempotencyKeyInUse',
      error('Conflict: the first request with this Idempotency-Key is still running (or, where the operation says so, another conflict); retry later.', {}),
    ),
  };
  const minPositionParameter = parameter(
    'X-Min-Position',
    "This server's addition. An `X-Position` a write answered: the request waits (bounded, then 503 with Retry-After) until the read models include that position, on whichever API instance it lands. Malformed, or past the last event written: 400.",
    { type: 'string', pattern: '^[0-9]{1,15}$' },
  );
  return { requestIdParameter, idempotencyKeyParameter, minPositionParameter, headers, responses };
}
