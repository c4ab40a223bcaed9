import { BadRequest, Decider, DomainEvent, httpUrlProblem } from '@app/platform';

/**
 * A site's visitor authentication settings (reference SitePublishingAuth, tag
 * site-publishing-auth): the backend (only `custom` here: no integration can be installed), the
 * URL visitors are sent to when their token is refused, an optional JWKS URL (our extension: the
 * visitor's identity provider signs with its own keys), and the key the server generated for
 * HS256 visitor tokens. The key never enters an event in clear: the handler seals it per site and
 * key (`sealedKey`); `keyId` is random, so audits tell regenerations apart without the key.
 */
export const PUBLISHING_AUTH_BACKENDS = ['custom', 'integration'] as const;
export type PublishingAuthBackend = (typeof PUBLISHING_AUTH_BACKENDS)[number];

export interface PublishingAuthSettings {
  backend: PublishingAuthBackend;
  fallbackURL: string | null;
  jwksURL: string | null;
}

export interface PublishingAuthKey {
  keyId: string;
  sealedKey: string;
}

type AuthEv<T extends string, D> = DomainEvent<T, D & { siteId: string; organizationId: string }>;

export type PublishingAuthEvent =
  | AuthEv<'SitePublishingAuthUpdated', { changes: Partial<PublishingAuthSettings>; updatedAt: string }>
  | AuthEv<'SitePublishingAuthKeyRegenerated', PublishingAuthKey & { regeneratedAt: string }>;

export const PUBLISHING_AUTH_EVENT_TYPES: ReadonlyArray<PublishingAuthEvent['type']> = ['SitePublishingAuthUpdated', 'SitePublishingAuthKeyRegenerated'];

export type PublishingAuthCommand =
  | { type: 'UpdatePublishingAuth'; siteId: string; organizationId: string; changes: Partial<PublishingAuthSettings> }
  | ({ type: 'RegeneratePublishingAuthKey'; siteId: string; organizationId: string } & PublishingAuthKey);

export interface PublishingAuthState extends PublishingAuthSettings {
  key: PublishingAuthKey | null;
}

export const DEFAULT_PUBLISHING_AUTH: PublishingAuthSettings = { backend: 'custom', fallbackURL: null, jwksURL: null };

export const publishingAuthStream = (siteId: string) => `sites.publishing-auth-${siteId}`;

/** Loopback hosts may serve a JWKS over plain http (a local identity provider, the tests). */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A JWKS URL must be https: keys fetched over plain http could be swapped on the way, and a
 * swapped key signs any visitor in. Only loopback hosts are spared.
 */
export function jwksUrlProblem(v: unknown, field: string): string | null {
  const problem = httpUrlProblem(v, field);
  if (problem) return problem;
  const url = new URL(v as string);
  return url.protocol === 'https:' || LOOPBACK.has(url.hostname) ? null : `${field}: must be an https URL (plain http only on localhost)`;
}

/** The contract's rules for the settings a command sets (the bodies check them too). */
export function publishingAuthProblem(c: Partial<PublishingAuthSettings>): string | null {
  if (c.backend !== undefined && !PUBLISHING_AUTH_BACKENDS.includes(c.backend)) return `backend: must be one of ${PUBLISHING_AUTH_BACKENDS.join(', ')}`;
  if (c.backend === 'integration')
    return 'backend: "integration" needs an installed authenticated-access integration, and none can be installed on this server; use "custom"';
  if (typeof c.fallbackURL === 'string') {
    const p = httpUrlProblem(c.fallbackURL, 'fallbackURL');
    if (p) return p;
  }
  return typeof c.jwksURL === 'string' ? jwksUrlProblem(c.jwksURL, 'jwksURL') : null;
}

export const publishingAuth: Decider<PublishingAuthState, PublishingAuthCommand, PublishingAuthEvent> = {
  initialState: { ...DEFAULT_PUBLISHING_AUTH, key: null },
  evolve(s, e) {
    switch (e.type) {
      case 'SitePublishingAuthUpdated':
        return { ...s, ...e.data.changes };
      case 'SitePublishingAuthKeyRegenerated':
        return { ...s, key: { keyId: e.data.keyId, sealedKey: e.data.sealedKey } };
    }
  },
  decide(c, s, now) {
    const ids = { siteId: c.siteId, organizationId: c.organizationId };
    switch (c.type) {
      case 'UpdatePublishingAuth': {
        const problem = publishingAuthProblem(c.changes);
        if (problem) throw new BadRequest(problem);
        const changes: Partial<PublishingAuthSettings> = {};
        for (const k of ['backend', 'fallbackURL', 'jwksURL'] as const) {
          if (c.changes[k] !== undefined && c.changes[k] !== s[k]) Object.assign(changes, { [k]: c.changes[k] });
        }
        if (Object.keys(changes).length === 0) return [];
        return [{ type: 'SitePublishingAuthUpdated', data: { ...ids, changes, updatedAt: now.toISOString() } }];
      }
      case 'RegeneratePublishingAuthKey':
        // Every regeneration replaces the key, even with the same settings: the old key may have leaked.
        if (s.key?.keyId === c.keyId) return [];
        return [{ type: 'SitePublishingAuthKeyRegenerated', data: { ...ids, keyId: c.keyId, sealedKey: c.sealedKey, regeneratedAt: now.toISOString() } }];
    }
  },
};
