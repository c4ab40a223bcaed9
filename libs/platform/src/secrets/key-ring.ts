import { createHash, randomBytes } from 'crypto';

/** One signing key. `retiresAt` (epoch ms) is set once a newer key replaced it: it verifies until then. */
export interface SigningKey {
  id: string;
  secret: Buffer;
  createdAt: string;
  retiresAt: number | null;
}

/** The current key first, then the previous keys still inside their grace period. */
export interface KeyRing {
  keys: SigningKey[];
}

/**
 * A key id names a key without revealing it: a truncated hash under its own label, so ids can go
 * into events, logs and URLs. (Anyone holding a signed URL could brute-force a weak key from its
 * MAC just as well, so the id adds nothing to an attack.)
 */
export const keyIdOf = (secret: Buffer): string => createHash('sha256').update('docs-platform signing key id\0').update(secret).digest('hex').slice(0, 16);

export const generateKey = (now: Date): SigningKey => {
  const secret = randomBytes(32);
  return { id: keyIdOf(secret), secret, createdAt: now.toISOString(), retiresAt: null };
};

export const currentKey = (ring: KeyRing): SigningKey => ring.keys[0];

/** The key with this id if it may still verify at `now`. */
export const verifyingKey = (ring: KeyRing, id: string, now: number): SigningKey | undefined =>
  ring.keys.find((k) => k.id === id && (k.retiresAt === null || now < k.retiresAt));

/**
 * Rotation: `next` signs from now on; the old current key keeps verifying for `graceMs`.
 * A grace of 0 is the answer to a leak: only the new key verifies, older keys still in an
 * earlier grace go too. Keys whose grace is over are dropped, so the ring does not grow.
 */
export function rotateRing(ring: KeyRing, next: SigningKey, graceMs: number, now: number): KeyRing {
  if (graceMs <= 0) return { keys: [next] };
  const [current, ...older] = ring.keys;
  const kept = older.filter((k) => k.retiresAt !== null && k.retiresAt > now);
  return { keys: [next, ...(current ? [{ ...current, retiresAt: now + graceMs }] : []), ...kept] };
}

/** The on-disk form: hex secrets in JSON, read only by this process's user (mode 0600). */
interface KeyFile {
  version: 1;
  keys: Array<{ id: string; secret: string; createdAt: string; retiresAt: string | null }>;
}

export const serializeRing = (ring: KeyRing): string =>
  JSON.stringify(
    {
      version: 1,
      keys: ring.keys.map((k) => ({
        id: k.id,
        secret: k.secret.toString('hex'),
        createdAt: k.createdAt,
        retiresAt: k.retiresAt === null ? null : new Date(k.retiresAt).toISOString(),
      })),
    } satisfies KeyFile,
    null,
    2,
  ) + '\n';

export function parseRing(text: string, file: string): KeyRing {
  let parsed: KeyFile;
  try {
    parsed = JSON.parse(text) as KeyFile;
  } catch {
    throw new Error(`${file}: not a signing key file (invalid JSON); move it away to have a new key created`);
  }
  if (parsed?.version !== 1 || !Array.isArray(parsed.keys) || parsed.keys.length === 0) {
    throw new Error(`${file}: not a signing key file (expected {"version":1,"keys":[…]}); move it away to have a new key created`);
  }
  return {
    keys: parsed.keys.map((k) => {
      const secret = Buffer.from(String(k.secret), 'hex');
      if (secret.length < 32) throw new Error(`${file}: key ${k.id} is shorter than 32 bytes`);
      return { id: keyIdOf(secret), secret, createdAt: k.createdAt, retiresAt: k.retiresAt === null ? null : Date.parse(k.retiresAt) };
    }),
  };
}
