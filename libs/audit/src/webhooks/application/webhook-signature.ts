import { randomBytes } from 'crypto';
import { Webhook } from 'standardwebhooks';

export const SECRET_PURPOSE = 'webhook-secret';

/** A new signing secret in the Standard Webhooks form: `whsec_` + base64 of 32 random bytes. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

/**
 * The Standard Webhooks 1.0 headers of one attempt: `webhook-signature` carries a `v1,<base64
 * HMAC-SHA256 of id.timestamp.body>` per secret, space-separated (two during a rotation's grace,
 * so a receiver that has either secret verifies it).
 */
export function signedHeaders(secrets: readonly string[], msgId: string, at: Date, body: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    'webhook-id': msgId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets.map((s) => new Webhook(s).sign(msgId, at, body)).join(' '),
  };
}
