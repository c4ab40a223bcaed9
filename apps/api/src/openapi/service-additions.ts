import type { OpenAPIObject } from '@nestjs/swagger';
import { Document } from './additions-document';
import { addConventions } from './convention-additions';
import { addHealth } from './health-additions';
import { addWebhooks } from './webhook-additions';

const CONVENTIONS = `

**This server's additions** (marked \`x-docs-platform: {own: true}\`): \`asOf\` time travel with \`X-As-Of\`; \`ETag\`/\`If-None-Match\` (304) on single resources and \`If-Match\` (412) on their writes; \`Idempotency-Key\` (422 when reused with another request) on every write that needs a token; the NDJSON export of audit events; the live change feed as server-sent events; signed webhooks (under \`webhooks\`); the health probes. Every response carries \`X-Request-Id\`, every /v1 response \`X-RateLimit-Limit\`, \`X-RateLimit-Remaining\` and \`X-RateLimit-Reset\` (also the errors); every /v1 route may answer 429 (with \`Retry-After\`) and every route but the probes 503. Errors are \`{"error": {"code", "message"}}\`, the message naming the field and the rule.`;

/**
 * What only this server has, described where a route decorator cannot say it: the conventions
 * every route shares (derived from what the platform's decorators wrote on each operation), the
 * OpenAPI 3.1 `webhooks` (payloads and signature headers), the health probes' bodies. The
 * document builder calls this last, after the reference's shapes were merged in. It works on a
 * copy: the builder's objects (and the decorators' constants they may share) stay untouched.
 */
export function addServiceAdditions(input: OpenAPIObject): OpenAPIObject {
  const doc = structuredClone(input) as unknown as Document;
  addConventions(doc);
  addWebhooks(doc);
  addHealth(doc);
  if (!doc.info.description?.includes("This server's additions")) doc.info.description = `${doc.info.description ?? ''}${CONVENTIONS}`.trim();
  return doc as unknown as OpenAPIObject;
}
