import { Injectable, OnModuleInit } from '@nestjs/common';
import * as path from 'path';
import { Clock } from '../clock/clock';
import { PlatformConfig } from '../config/platform-config';
import { PreconditionFailed } from '../ddd/errors';
import { currentKey, generateKey, KeyRing, keyIdOf, parseRing, rotateRing, serializeRing, verifyingKey } from './key-ring';
import { SecretFile } from './secret-file';
import { macMatches, parseSignedPath, signPath } from './signed-path';

export const SIGNING_KEY_FILE = path.join('secrets', 'content-signing-keys.json');
const MIN_ENV_KEY_LENGTH = 32;
const HOW_TO_SET = 'set it to the same random value on every API and CLI process, e.g. CONTENT_SIGNING_KEY=$(openssl rand -hex 32)';

/**
 * Called when the platform module is composed, before any store connects, so a server
 * deployment without a key fails at start with the fix in the message.
 */
export function checkSigningKeyConfig(config: PlatformConfig): void {
  if (!Number.isSafeInteger(config.signedUrlTtlSeconds) || config.signedUrlTtlSeconds < 1) {
    throw new Error(`SIGNED_URL_TTL_SECONDS: must be a whole number of seconds, at least 1 (got ${config.signedUrlTtlSeconds})`);
  }
  if (config.contentSigningKey !== null && config.contentSigningKey.length < MIN_ENV_KEY_LENGTH) {
    throw new Error(`CONTENT_SIGNING_KEY is too short (at least ${MIN_ENV_KEY_LENGTH} characters): ${HOW_TO_SET}`);
  }
  if (config.contentSigningKey === null && config.eventStoreConnectionString) {
    throw new Error(
      `CONTENT_SIGNING_KEY is required when EVENTSTORE_CONNECTION_STRING is set (API instances share no data folder to keep a key file in): ${HOW_TO_SET}`,
    );
  }
}

export type VerifiedPath = { ok: true; path: string } | { ok: false; reason: 'invalid' | 'expired' };

export interface Rotation {
  keyId: string;
  previousKeyId: string;
  /** Until when links signed with the previous key still verify (null: they stopped at once). */
  graceUntil: string | null;
}

/**
 * The keys that sign URLs (PDF links, file downloads). They live in a secret store, never in the
 * event store: CONTENT_SIGNING_KEY from the environment (required with EventStoreDB, where API
 * instances share no folder), or else a key file in DATA_DIR (mode 0600). The file holds the
 * current key and the previous ones still in their grace period; every sign and verify checks
 * whether the file changed (one stat), so a rotation by the CLI applies to a running API at once.
 */
@Injectable()
export class SigningKeys implements OnModuleInit {
  private ring: KeyRing | null = null;
  private version: string | null = null;
  private readonly file: SecretFile;

  constructor(
    private readonly config: PlatformConfig,
    private readonly clock: Clock,
  ) {
    this.file = new SecretFile(path.join(config.dataDir, SIGNING_KEY_FILE));
  }

  /** Rotating without a grace keeps links already handed out working for their normal lifetime. */
  get defaultGraceSeconds(): number {
    return this.config.signedUrlTtlSeconds;
  }

  get source(): 'environment' | 'file' {
    return this.config.contentSigningKey ? 'environment' : 'file';
  }

  /** At start: a missing or weak configuration fails here, not at the first signed link. */
  onModuleInit(): void {
    this.keys();
  }

  /** Signs `path` for `method`; the link expires after `ttlSeconds` (SIGNED_URL_TTL_SECONDS by default). */
  signPath(method: string, path: string, ttlSeconds = this.config.signedUrlTtlSeconds): string {
    const key = currentKey(this.keys());
    const expires = Math.floor(this.clock.now().getTime() / 1000) + ttlSeconds;
    return signPath(key.secret, key.id, method, path, expires);
  }

  verifyPath(method: string, signed: string): VerifiedPath {
    const parts = parseSignedPath(signed);
    if (!parts) return { ok: false, reason: 'invalid' };
    const now = this.clock.now().getTime();
    const key = verifyingKey(this.keys(), parts.keyId, now);
    if (!key || !macMatches(key.secret, method, parts)) return { ok: false, reason: 'invalid' };
    if (now > parts.expires * 1000) return { ok: false, reason: 'expired' };
    return { ok: true, path: parts.path };
  }

  /** A new key signs from now on; the previous one verifies for `graceSeconds` more (0: not at all). */
  rotate(graceSeconds: number): Rotation {
    if (this.config.contentSigningKey) {
      throw new PreconditionFailed(
        'The signing key comes from CONTENT_SIGNING_KEY: rotate it by setting a new value on every process and restarting them (links signed with the old value stop working)',
      );
    }
    const now = this.clock.now();
    const before = this.keys();
    const next = generateKey(now);
    const ring = rotateRing(before, next, graceSeconds * 1000, now.getTime());
    this.file.replace(serializeRing(ring));
    this.ring = ring;
    this.version = this.file.version();
    const graceUntil = graceSeconds > 0 ? new Date(now.getTime() + graceSeconds * 1000).toISOString() : null;
    return { keyId: next.id, previousKeyId: currentKey(before).id, graceUntil };
  }

  private keys(): KeyRing {
    if (this.config.contentSigningKey) return (this.ring ??= this.fromEnvironment(this.config.contentSigningKey));
    const version = this.file.version();
    if (this.ring && version === this.version) return this.ring;
    return this.loadFile();
  }

  private fromEnvironment(value: string): KeyRing {
    checkSigningKeyConfig(this.config);
    const secret = Buffer.from(value, 'utf8');
    return { keys: [{ id: keyIdOf(secret), secret, createdAt: new Date(0).toISOString(), retiresAt: null }] };
  }

  private loadFile(): KeyRing {
    checkSigningKeyConfig(this.config);
    for (let attempt = 0; attempt < 3; attempt++) {
      const version = this.file.version();
      const text = this.file.read();
      if (text !== null) {
        this.ring = parseRing(text, this.file.file);
        this.version = version;
        return this.ring;
      }
      // No key yet (a new data folder, or one whose only key was in its event history): make one.
      this.file.create(serializeRing({ keys: [generateKey(this.clock.now())] }));
    }
    throw new Error(`could not read or create the signing key file ${this.file.file}`);
  }
}
