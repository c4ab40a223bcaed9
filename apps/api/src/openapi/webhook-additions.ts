import * as fs from 'fs';
import { PlatformConfig } from '@app/platform';
import { Document, ensureComponent, Json, markOwn, Ref } from './additions-document';

/** The newer reference (0.202.0), where `AuditEvent` is defined. */
const REFERENCE_0_202 = 'gitbook-api-0-202/spec/openapi.json';
let reference: { components: { schemas: Record<string, Json> } } | undefined;

/**
 * A schema of the 0.202 reference, by the name the builder gives it when an operation uses it
 * (it keeps the reference's names where they do not collide with 0.146's, and AuditEvent's do
 * not); copied with what it refers to when no operation brought it in.
 */
export function referenceSchema(doc: Document, name: string): Ref {
  const schemas = ((doc.components ??= {}).schemas ??= {});
  if (!(name in schemas)) {
    reference ??= JSON.parse(fs.readFileSync(require.resolve(REFERENCE_0_202), 'utf8')) as typeof reference;
    const copy = (n: string) => {
      if (n in schemas) return;
      const schema = reference!.components.schemas[n];
      if (!schema) throw new Error(`The 0.202 reference has no schema ${n}`);
      schemas[n] = structuredClone(schema);
      for (const m of JSON.stringify(schema).matchAll(/"#\/components\/schemas\/([^"/]+)"/g)) copy(m[1]);
    };
    copy(name);
  }
  return { $ref: `#/components/schemas/${name}` };
}

const duration = (ms: number) =>
  ms === 0 ? 'at once' : ms % 3_600_000 === 0 ? `${ms / 3_600_000} h` : ms % 60_000 === 0 ? `${ms / 60_000} min` : `${ms / 1000} s`;

const signatureHeader = (name: string, description: string, example: string) =>
  markOwn({ name, in: 'header', required: true, description, schema: { type: 'string' }, example });

/**
 * The signed webhooks (OpenAPI 3.1 `webhooks`): one entry for every delivery, whatever the
 * action, since every payload has the same shape — the audit event, and the resource as its GET
 * answered just after it. Standard Webhooks 1.0 headers; the retry schedule is the default of
 * WEBHOOK_RETRY_SCHEDULE (the document describes the software, not one deployment).
 */
export function addWebhooks(doc: Document): void {
  const c = new PlatformConfig();
  const auditEvent = referenceSchema(doc, 'AuditEvent');
  const payload = ensureComponent(
    doc,
    'schemas',
    'WebhookPayload',
    markOwn({
      type: 'object',
      description: 'The body of every delivery (and of a ping, whose action is `webhook.pinged`).',
      properties: {
        type: {
          type: 'string',
          description: 'The action id of the audit event, e.g. `space.created` (the list: GET /v1/orgs/{organizationId}/audit-event-actions).',
        },
        timestamp: { type: 'string', format: 'date-time', description: "When the change happened (the audit event's `occurredAt`)." },
        data: {
          type: 'object',
          properties: {
            auditEvent: auditEvent,
            object: {
              description:
                "The resource the event is about, as its GET answered just after the event (the shape of that GET's 200), or null when it cannot be read then (deleted, not readable as of a point).",
              type: ['object', 'null'],
            },
          },
          required: ['auditEvent', 'object'],
        },
      },
      required: ['type', 'timestamp', 'data'],
    }),
  );
  const schedule = c.webhookRetryScheduleMs.map(duration).join(', ');
  (doc.webhooks ??= {}).auditEvent = {
    post: markOwn({
      operationId: 'receiveAuditEventWebhook',
      tags: ['webhooks'],
      summary: 'A delivery of an audit event to a webhook endpoint',
      description: [
        'Sent as `POST <url>` to every active endpoint of the organization whose `events` match the action (an action id, or a prefix ending in `*`), in order per resource and endpoint; writes never wait for deliveries.',
        'Verify the signature before trusting the body (the `standardwebhooks` package does): `webhook-signature` holds `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the secret (`whsec_…`, shown once when the webhook is created or its secret rotated); during the grace after a rotation (WEBHOOK_ROTATION_GRACE_MS) it holds two signatures, separated by a space, one per secret. Refuse a timestamp far from now (replays), and deduplicate by `webhook-id`: a delivery may arrive more than once.',
        `Answer any 2xx within WEBHOOK_TIMEOUT_MS (${c.webhookTimeoutMs / 1000} s by default). A timeout, a connection error or any other status (redirects are not followed) is retried after ${schedule} (the default WEBHOOK_RETRY_SCHEDULE, ±20% jitter); then the delivery is marked failed. After WEBHOOK_DISABLE_AFTER_FAILURES (${c.webhookDisableAfterFailures}) failed deliveries in a row the endpoint is disabled with the reason; \`PATCH active: true\` resumes where it stopped. Attempts are listed by GET /v1/orgs/{organizationId}/webhooks/{webhookId}/deliveries and can be sent again with …/redeliver.`,
      ].join('\n\n'),
      parameters: [
        signatureHeader('webhook-id', 'The message id (`msg_…`): the same for every attempt of one event to one endpoint.', 'msg_2b9d6f0c1e4a4c8f9a7b3e5d'),
        signatureHeader('webhook-timestamp', 'When this attempt was signed, in epoch seconds.', '1767225600'),
        signatureHeader(
          'webhook-signature',
          "Space-separated `v1,<base64 signature>` entries: one per active secret (two during a rotation's grace).",
          'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
        ),
      ],
      requestBody: { required: true, content: { 'application/json': { schema: payload } } },
      responses: {
        '2XX': { description: 'Received: the delivery is recorded as succeeded.' },
        default: { description: 'Any other answer, a timeout or a connection error: the delivery is retried on the schedule above.' },
      },
    }),
  };
}
