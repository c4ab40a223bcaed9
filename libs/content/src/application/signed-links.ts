import { Injectable } from '@nestjs/common';
import { createHmac, randomBytes, timingSafeEqual } from 'crypto';
import { EventStore, newEventId, WrongExpectedRevisionError } from '@app/platform';

const KEY_STREAM = 'content.signing-key';

/**
 * Tokens for URLs that work without the bearer header (file downloads, PDF links): a JSON
 * payload and its HMAC. The key is created once and kept in the event store, so every API
 * instance on the same store signs and verifies alike and tokens survive restarts.
 */
@Injectable()
export class SignedLinks {
  private key: Promise<Buffer> | null = null;

  constructor(private readonly events: EventStore) {}

  private loadKey(): Promise<Buffer> {
    this.key ??= (async () => {
      for (let attempt = 0; attempt < 3; attempt++) {
        const [e] = await this.events.readStream(KEY_STREAM, { maxCount: 1 });
        if (e) return Buffer.from((e.data as { key: string }).key, 'hex');
        try {
          await this.events.append(KEY_STREAM, [{
            id: newEventId(), type: 'ContentSigningKeyCreated', data: { key: randomBytes(32).toString('hex') },
            metadata: { actor: null, occurredAt: new Date(0).toISOString(), correlationId: newEventId(), causationId: null, schemaVersion: 1 },
          }], 'no_stream');
        } catch (err) {
          if (!(err instanceof WrongExpectedRevisionError)) throw err;
        }
      }
      throw new Error('could not load the content signing key');
    })().catch((err) => { this.key = null; throw err; });
    return this.key;
  }

  async sign(payload: Record<string, unknown>): Promise<string> {
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${createHmac('sha256', await this.loadKey()).update(body).digest('base64url')}`;
  }

  async verify<T>(token: string): Promise<T | null> {
    const [body, mac] = token.split('.');
    if (!body || !mac) return null;
    const expected = createHmac('sha256', await this.loadKey()).update(body).digest();
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T;
    } catch {
      return null;
    }
  }
}
