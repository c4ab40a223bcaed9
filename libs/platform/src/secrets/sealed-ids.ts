import { Injectable, OnModuleInit } from '@nestjs/common';
import { createHmac, randomBytes, timingSafeEqual } from 'crypto';
import * as path from 'path';
import { PlatformConfig } from '../config/platform-config';
import { checkSigningKeyConfig } from './signing-keys';
import { SecretFile } from './secret-file';

export const SEALING_KEY_FILE = path.join('secrets', 'sealed-ids.key');
const MAC_LENGTH = 22; // base64url characters: 132 bits

/**
 * Ids that are credentials — whoever holds an invite link's id may join the organization. The
 * events keep a plain record id (so history names the invite without granting anything), and
 * the id handed out is that record id followed by a MAC under a key from the secret store. The
 * key is never rotated by `keys rotate` (that would change every invite link); it comes from
 * CONTENT_SIGNING_KEY when set (changing that variable therefore changes every sealed id too),
 * else from a 0600 file in DATA_DIR (deleting it invalidates every sealed id).
 */
@Injectable()
export class SealedIds implements OnModuleInit {
  private key: Buffer | null = null;
  private readonly file: SecretFile;

  constructor(private readonly config: PlatformConfig) {
    this.file = new SecretFile(path.join(config.dataDir, SEALING_KEY_FILE));
  }

  onModuleInit(): void {
    this.secret();
  }

  /** The id to hand out for `recordId`; `scope` (e.g. the organization) binds it to one place. */
  seal(purpose: string, scope: string, recordId: string): string {
    return `${recordId}${this.mac(purpose, scope, recordId)}`;
  }

  /** The record id inside an id this service sealed, or null (compared in constant time). */
  open(purpose: string, scope: string, sealed: string): string | null {
    if (typeof sealed !== 'string' || sealed.length <= MAC_LENGTH) return null;
    const recordId = sealed.slice(0, -MAC_LENGTH);
    const given = Buffer.from(sealed.slice(-MAC_LENGTH));
    const expected = Buffer.from(this.mac(purpose, scope, recordId));
    return given.length === expected.length && timingSafeEqual(given, expected) ? recordId : null;
  }

  private mac(purpose: string, scope: string, recordId: string): string {
    return createHmac('sha256', this.secret()).update(`${purpose}\0${scope}\0${recordId}`).digest('base64url').slice(0, MAC_LENGTH);
  }

  private secret(): Buffer {
    if (this.key) return this.key;
    checkSigningKeyConfig(this.config);
    if (this.config.contentSigningKey) {
      return (this.key = createHmac('sha256', this.config.contentSigningKey).update('docs-platform sealed ids').digest());
    }
    for (let attempt = 0; attempt < 3 && !this.key; attempt++) {
      const text = this.file.read();
      if (text === null) {
        this.file.create(`${randomBytes(32).toString('hex')}\n`);
        continue;
      }
      const key = Buffer.from(text.trim(), 'hex');
      if (key.length < 32)
        throw new Error(`${this.file.file}: not a key (expected 64 hex digits); restore it from a backup, or delete it to invalidate every invite link`);
      this.key = key;
    }
    if (!this.key) throw new Error(`could not read or create the key file ${this.file.file}`);
    return this.key;
  }
}
