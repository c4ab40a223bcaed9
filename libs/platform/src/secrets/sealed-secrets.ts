import { Injectable } from '@nestjs/common';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'crypto';
import { SealedIds } from './sealed-ids';

const VERSION = 'v1';

/**
 * Secrets of records (share-link keys, MCP server header values, webhook secrets, git credentials) sealed with
 * AES-256-GCM under a key derived from the platform's sealing key, which lives in the secret
 * store (DATA_DIR/secrets, or CONTENT_SIGNING_KEY on servers) and never in the event store. The
 * event store holds only the sealed form, so history can be rebuilt on any instance that shares
 * the key, and a sealed value is bound to its purpose and record (it cannot be moved to another).
 * As with the idempotency records, the sealing key's MAC of (purpose, record) is the HKDF input.
 */
@Injectable()
export class SealedSecrets {
  constructor(private readonly sealedIds: SealedIds) {}

  seal(purpose: string, recordId: string, plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key(purpose, recordId), iv);
    cipher.setAAD(Buffer.from(`${purpose}\0${recordId}`));
    const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url')}`;
  }

  /** The plaintext, or null when it does not open (another sealing key, another record, tampered). */
  open(purpose: string, recordId: string, sealed: string): string | null {
    if (typeof sealed !== 'string' || !sealed.startsWith(`${VERSION}.`)) return null;
    const raw = Buffer.from(sealed.slice(VERSION.length + 1), 'base64url');
    if (raw.length < 28) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key(purpose, recordId), raw.subarray(0, 12));
      decipher.setAAD(Buffer.from(`${purpose}\0${recordId}`));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }

  private key(purpose: string, recordId: string): Buffer {
    const ikm = this.sealedIds.seal(`sites-secret:${purpose}`, recordId, '');
    return Buffer.from(hkdfSync('sha256', ikm, 'docs-platform sites secrets', purpose, 32));
  }
}
