import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'crypto';
import { SealedSecrets } from '@app/platform';

const PURPOSE = 'share-link-key';

/**
 * Share-link keys: 256 bits from the CSPRNG, base64url. Events and read models hold the key's
 * SHA-256 (a lookup by key hashes what it is given) and the key sealed for this link, which only
 * the API opens to build `urls.published`.
 */
@Injectable()
export class ShareLinkKeys {
  constructor(private readonly secrets: SealedSecrets) {}

  generate(shareLinkId: string): { key: string; keyHash: string; sealedKey: string } {
    const key = randomBytes(32).toString('base64url');
    return { key, keyHash: hashShareKey(key), sealedKey: this.secrets.seal(PURPOSE, shareLinkId, key) };
  }

  open(shareLinkId: string, sealedKey: string): string | null {
    return this.secrets.open(PURPOSE, shareLinkId, sealedKey);
  }
}

/** A key of 256 random bits needs no salt or stretching: its hash cannot be reversed by guessing. */
export const hashShareKey = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');
