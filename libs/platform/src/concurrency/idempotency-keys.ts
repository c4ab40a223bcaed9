import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'crypto';
import { SealedIds } from '../secrets/sealed-ids';

/** What is replayed: the first answer's body and the headers that matter (Location). */
export interface RecordedAnswer {
  location?: string;
  body?: unknown;
}

export interface IdempotencyRecordKeys {
  /** `platform.idempotency-<digest>`: one stream per caller and key. */
  stream: string;
  /** Keyed hash of the request (method, path and query, body with its keys sorted). */
  fingerprint(method: string, url: string, body: unknown): string;
  seal(answer: RecordedAnswer): string;
  open(sealed: string): RecordedAnswer;
}

/**
 * Keys of one caller's Idempotency-Key, derived from the platform's sealing key (secret store or
 * CONTENT_SIGNING_KEY): the stream name, the request fingerprint and the encryption of the
 * recorded answer. So the event store holds no key, no request and no answer in clear — an
 * answer may carry a secret (an invite link's id) — and two users' equal keys are two records.
 * The sealing key's MAC of (caller, key) is the input keying material of HKDF.
 */
export function idempotencyRecordKeys(sealedIds: SealedIds, userId: string, key: string): IdempotencyRecordKeys {
  const ikm = sealedIds.seal('idempotency-key', userId, key).slice(key.length);
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', ikm, 'docs-platform idempotency', info, 32));
  const encryption = derive('answer encryption');
  const fingerprintKey = derive('request fingerprint');
  return {
    stream: `platform.idempotency-${derive('stream name').toString('base64url').slice(0, 32)}`,
    fingerprint: (method, url, body) =>
      createHmac('sha256', fingerprintKey)
        .update(`${method.toUpperCase()}\n${url}\n${body === undefined ? '' : canonicalJson(body)}`)
        .digest('base64url'),
    seal(answer) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encryption, iv);
      const data = Buffer.concat([cipher.update(JSON.stringify(answer), 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url');
    },
    open(sealed) {
      const raw = Buffer.from(sealed, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', encryption, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')) as RecordedAnswer;
    },
  };
}

/** JSON with object keys sorted, so `{"a":1,"b":2}` and `{"b":2,"a":1}` are one request. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
