import { Injectable } from '@nestjs/common';
import { ReadStore } from '@app/platform';
import type { AdaptiveSchema } from '../../domain/adaptive/adaptive-schema';
import { AdaptiveSchemas } from '../adaptive-schemas';
import { PublishingAuthKeys } from '../publishing-auth-keys';
import { PUBLISHING_AUTH, PublishingAuthDoc } from '../publishing-auth.projection';
import { SiteDoc, SITES } from '../queries/sites.read-model';
import { SHARE_LINKS } from '../share-link.projection';
import { hashShareKey } from '../share-link-keys';
import type { SiteVisitorCredentials, VisitorAdmission } from './published-site.queries';
import { VisitorTokens } from './visitor-tokens';

type Refusal = Extract<VisitorAdmission, { admitted: false }>;

/**
 * The unsigned claims a visitor may pass: only when the site's visitor schema has an `unsigned`
 * object, and only the claims it declares (anything else is dropped, not refused: the visitor
 * cannot know the schema). Null when the site takes none.
 */
export function unsignedClaimsOf(schema: AdaptiveSchema | null, given: unknown): Record<string, unknown> | null {
  const declared = schema?.jsonSchema.properties.unsigned;
  if (!declared || declared.type !== 'object') return null;
  const names = Object.keys(declared.properties);
  if (typeof given !== 'object' || given === null || Array.isArray(given)) return {};
  return Object.fromEntries(names.filter((n) => Object.prototype.hasOwnProperty.call(given, n)).map((n) => [n, (given as Record<string, unknown>)[n]]));
}

/**
 * Whether a visitor may read a published site, by its visibility (AdmitVisitorQuery):
 *   - public, unlisted: anyone; a visitor token that verifies adds its claims, one that does not is ignored;
 *   - share-link: the key of an active link (compared by its SHA-256), else 404 like an unknown site;
 *   - visitor-auth: a token that verifies (visitor-tokens.ts), else 401 with the site's fallback URL.
 * An unpublished or unknown site is 404. Claims are the token's plus `unsigned` (unsignedClaimsOf).
 */
@Injectable()
export class VisitorAdmissions {
  constructor(
    private readonly store: ReadStore,
    private readonly schemas: AdaptiveSchemas,
    private readonly keys: PublishingAuthKeys,
    private readonly tokens: VisitorTokens,
  ) {}

  async admit(siteId: string, credentials: SiteVisitorCredentials): Promise<VisitorAdmission> {
    const site = await this.store.get<SiteDoc>(SITES, siteId);
    if (!site || !site.published) return { admitted: false, status: 404, message: `No published site with id ${siteId}` };
    const auth = await this.store.get<PublishingAuthDoc>(PUBLISHING_AUTH, siteId);
    const unsigned = unsignedClaimsOf(await this.schemas.current(siteId), credentials.unsignedClaims);
    const withUnsigned = (claims: Record<string, unknown>) => (unsigned === null ? claims : { ...claims, unsigned });
    const token = typeof credentials.jwtToken === 'string' && credentials.jwtToken !== '' ? credentials.jwtToken : null;

    if (site.visibility === 'visitor-auth') {
      const refuse = (message: string): Refusal => ({ admitted: false, status: 401, message, ...(auth?.fallbackURL ? { fallbackURL: auth.fallbackURL } : {}) });
      if (token === null) return refuse('visitorAuthToken: this site is open to authenticated visitors only; send a visitor token (JWT)');
      const check = await this.verify(token, siteId, auth);
      return check.ok ? { admitted: true, claims: withUnsigned(check.claims), via: 'visitor-token' } : refuse(check.reason);
    }
    if (site.visibility === 'share-link' && !(await this.activeShareKey(siteId, credentials.shareKey, credentials.shareKeyDigest))) {
      return { admitted: false, status: 404, message: `shareKey: no active share link of site ${siteId} has this key` };
    }
    const check = token === null ? null : await this.verify(token, siteId, auth);
    const claims = check?.ok ? check.claims : {};
    const via = site.visibility === 'share-link' ? 'share-link' : check?.ok ? 'visitor-token' : 'public';
    return { admitted: true, claims: withUnsigned(claims), via };
  }

  private verify(token: string, siteId: string, auth: PublishingAuthDoc | null) {
    const secret = auth?.key ? this.keys.open(siteId, auth.key) : null;
    return this.tokens.verify(token, siteId, { secret, jwksURL: auth?.jwksURL ?? null });
  }

  private async activeShareKey(siteId: string, key: unknown, digest: unknown): Promise<boolean> {
    const keyHash =
      typeof key === 'string' && key.length > 0 && key.length <= 256
        ? hashShareKey(key)
        : typeof digest === 'string' && /^[0-9a-f]{64}$/.test(digest)
          ? digest
          : null;
    if (keyHash === null) return false;
    return (await this.store.count(SHARE_LINKS, { siteId, keyHash, active: true })) > 0;
  }
}
