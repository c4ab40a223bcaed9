import { createHmac } from 'crypto';
import { Webhook } from 'standardwebhooks';
import { newWebhookSecret, signedHeaders } from './webhook-signature';

describe('Standard Webhooks signatures', () => {
  it('secrets are whsec_ + base64 of 32 random bytes, each new', () => {
    const s = newWebhookSecret();
    expect(s).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(s.slice(6), 'base64')).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(s);
  });

  it('v1,<base64 HMAC-SHA256 of id.timestamp.body>, one per secret, verified by the standardwebhooks library', () => {
    const [a, b] = [newWebhookSecret(), newWebhookSecret()];
    const at = new Date();
    const body = JSON.stringify({ type: 'space.created', timestamp: at.toISOString(), data: {} });
    const h = signedHeaders([a, b], 'msg_1', at, body);
    const ts = Math.floor(at.getTime() / 1000);
    const hmac = (secret: string) =>
      createHmac('sha256', Buffer.from(secret.slice(6), 'base64'))
        .update(`msg_1.${ts}.${body}`)
        .digest('base64');
    expect(h).toEqual({
      'content-type': 'application/json',
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(ts),
      'webhook-signature': `v1,${hmac(a)} v1,${hmac(b)}`,
    });
    for (const secret of [a, b]) expect(new Webhook(secret).verify(body, h)).toEqual(JSON.parse(body));
    expect(() => new Webhook(newWebhookSecret()).verify(body, h)).toThrow();
  });
});
