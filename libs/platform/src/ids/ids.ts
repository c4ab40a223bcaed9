import { createHash, randomBytes } from 'crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Injected so tests can get predictable ids. */
export abstract class IdGenerator {
  abstract next(): string;
}

export class RandomIdGenerator extends IdGenerator {
  next(): string {
    const bytes = randomBytes(20);
    let id = '';
    for (const b of bytes) id += ALPHABET[b % ALPHABET.length];
    return id;
  }
}

export class SequentialIdGenerator extends IdGenerator {
  private n = 0;
  constructor(private readonly prefix = 'id') {
    super();
  }
  next(): string {
    this.n += 1;
    return `${this.prefix}${String(this.n).padStart(6, '0')}`;
  }
}

/** A stable id derived from a key: retries of the same logical write produce the same event ids. */
export function deterministicId(...parts: Array<string | number>): string {
  const h = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export function newEventId(): string {
  const h = randomBytes(16).toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
