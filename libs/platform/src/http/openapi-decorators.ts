import { applyDecorators } from '@nestjs/common';
import { ApiHeader, ApiPropertyOptional, ApiResponse } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';

/*
 * What the platform's HTTP conventions add to a route, said where the route says it: the
 * decorators that switch a behaviour on (ResourceStream, RepresentedBy, the asOf DTOs) also write
 * it into the server's OpenAPI document, so the document cannot drift from the routes. Conventions
 * every route shares (Idempotency-Key, X-Request-Id, 429/503) are added to the whole document by
 * apps/api/src/openapi/service-additions.ts, which also marks these additions as this server's.
 */

/** The extension that marks what this server adds to (or has beside) the GitBook reference. */
export const OWN_EXTENSION = 'x-docs-platform';
export const OWN_ADDITION = { [OWN_EXTENSION]: { own: true } } as const;

const ERROR_SCHEMA = { $ref: '#/components/schemas/Error' };
export const ETAG_HEADER = {
  description: 'The entity tag of the current representation (strong; compare with If-Match on a write).',
  schema: { type: 'string' as const },
};

export const IF_NONE_MATCH = 'If-None-Match';
export const IF_MATCH = 'If-Match';
export const AS_OF_PARAM = 'asOf';

/** The header parameters and responses of conditional requests, as the document carries them. */
export const IF_NONE_MATCH_PARAMETER = {
  name: IF_NONE_MATCH,
  in: 'header' as const,
  required: false,
  description:
    'This server\'s addition. `*` or a comma-separated list of entity tags (`"…"` or `W/"…"`, compared weakly): when one matches the current ETag the answer is 304 without a body. Malformed: 400.',
  schema: { type: 'string' as const },
};
export const IF_MATCH_PARAMETER = {
  name: IF_MATCH,
  in: 'header' as const,
  required: false,
  description:
    "This server's addition. `*` (the resource exists) or a comma-separated list of strong entity tags from the resource's ETag: the write runs only when one equals the current ETag, and answers 412 with nothing written otherwise, also when another writer lands between the check and the write. Optional: without it the last writer wins (never 428). Malformed: 400; read models catching up: 503.",
  schema: { type: 'string' as const },
};
export const NOT_MODIFIED_RESPONSE = {
  description: 'Not modified: the If-None-Match tag matches the current ETag. No body.',
  headers: { ETag: ETAG_HEADER },
  ...OWN_ADDITION,
};
export const PRECONDITION_FAILED_RESPONSE = {
  description: 'Precondition failed: If-Match does not match the current ETag (sent back in `ETag`); nothing was written.',
  headers: { ETag: ETAG_HEADER },
  content: { 'application/json': { schema: ERROR_SCHEMA } },
  ...OWN_ADDITION,
};

/*
 * The conditional-request decorators add the header parameter alone: an ApiResponse would replace
 * the status Nest documents by default (200, or the route's @HttpCode). service-additions.ts
 * completes the operations that carry these parameters (ETag on the 200, 304, 412) with the
 * responses below.
 */

/** A GET answering a single resource with a strong ETag (see ResourceStream, ImmutableResource). */
export const ApiConditionalGet = () => ApiHeader(IF_NONE_MATCH_PARAMETER);

/**
 * A PATCH, PUT or DELETE whose If-Match is checked against the ETag of a resource's GET (the
 * holder `RepresentedBy` names; writes at the path of such a GET are found by service-additions).
 */
export const ApiConditionalWrite = () => ApiHeader(IF_MATCH_PARAMETER);

export const AS_OF_DESCRIPTION =
  "This server's addition (time travel): the resource as it was at this point — an ISO 8601 instant not in the future (`2026-03-03T00:00:00Z`, an offset or fractional seconds allowed), or the id (a UUID) of an audit event of the organization, meaning just after that event. The answer has the shape its GET had then and carries `X-As-Of` with the point; a resource that did not exist then answers 404. Malformed, in the future or an unknown event id: 400 naming `asOf`.";

/** The `asOf` query property of the DTOs of routes that answer the past (AsOfResolver checks its rules). */
export const AsOfQueryProperty = () =>
  applyDecorators(
    IsOptional(),
    IsString(),
    ApiPropertyOptional({ type: String, description: AS_OF_DESCRIPTION, example: '2026-03-03T00:00:00Z', ...OWN_ADDITION }),
  );

export const NDJSON_DESCRIPTION =
  "With `Accept: application/x-ndjson` (this server's addition): every match, unpaged, one JSON object per line, streamed as the client reads.";

/**
 * A list that also streams every match as NDJSON with `Accept: application/x-ndjson` (one JSON
 * object per line, unpaged). `itemSchema` is a component name, e.g. `AuditEvent`.
 */
export const ApiNdjsonAlternative = (itemSchema: string) =>
  ApiResponse({
    status: 200,
    description: NDJSON_DESCRIPTION,
    content: { 'application/x-ndjson': { schema: { $ref: `#/components/schemas/${itemSchema}` }, ...OWN_ADDITION } },
  });

/**
 * A server-sent events stream (`Accept: text/event-stream`, else 406); `dataSchema` is the
 * component each event's `data` line holds, `limit` says when opening one more answers 429.
 */
export const ApiEventStream = (description: string, dataSchema: string, limit: string) =>
  applyDecorators(
    ApiHeader({
      name: 'Last-Event-ID',
      required: false,
      description:
        'Resume right after the event with this `id` (a resume token this stream sent): nothing lost, nothing repeated. An id this stream did not send: 400.',
    }),
    ApiResponse({
      status: 200,
      description,
      content: {
        'text/event-stream': {
          // One event of the stream (OpenAPI 3.1 has no item schema for streams: the fields of each event).
          schema: {
            type: 'object',
            description: 'Each event: `id`, `event` and `data` lines, then a blank line; comment lines (`:`) keep the connection alive.',
            properties: {
              id: { type: 'string', description: 'Opaque resume token: send it back as Last-Event-ID to resume after this event.' },
              event: { type: 'string', description: 'The action id of the event, e.g. `space.created`.' },
              data: { $ref: `#/components/schemas/${dataSchema}` },
            },
            required: ['id', 'event', 'data'],
          },
        },
      },
      ...OWN_ADDITION,
    }),
    ApiResponse({
      status: 406,
      description: 'Not acceptable: the request does not accept `text/event-stream` (send `Accept: text/event-stream`).',
      schema: ERROR_SCHEMA,
      ...OWN_ADDITION,
    }),
    ApiResponse({
      status: 429,
      description: `Too many streams: ${limit}; or over the rate limit. \`Retry-After\` says when to retry.`,
      schema: ERROR_SCHEMA,
      ...OWN_ADDITION,
    }),
  );
