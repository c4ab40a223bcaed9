import { Injectable } from '@nestjs/common';
import { randomBytes } from 'crypto';
import type { PublishingAuthKey } from '../domain/publishing-auth';
import { SealedSecrets } from '@app/platform';

const PURPOSE = 'visitor-auth-key';
/** The masked form GET and PATCH answer in place of the key (the reference's `privateKey` is required). */
export const MASKED_KEY = '********';

/**
 * The site's key for HS256 visitor tokens: 256 bits from the CSPRNG, base64url (43 characters).
 * Visitor tokens are signed with the key's text as the HMAC secret, as `jwt.sign(claims,
 * privateKey)` does. Sealed per site and key id: a sealed key cannot be moved to another site.
 */
@Injectable()
export class PublishingAuthKeys {
  constructor(private readonly secrets: SealedSecrets) {}

  generate(siteId: string, keyId: string): { key: string; sealedKey: string } {
    const key = randomBytes(32).toString('base64url');
    return { key, sealedKey: this.secrets.seal(PURPOSE, `${siteId}/${keyId}`, key) };
  }

  /** The key in clear, for verifying visitor tokens only; null when the sealing key changed since. */
  open(siteId: string, key: PublishingAuthKey): string | null {
    return this.secrets.open(PURPOSE, `${siteId}/${key.keyId}`, key.sealedKey);
  }
}
