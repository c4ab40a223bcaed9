import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { SignJWT } from 'jose';
import { ManualClock, PlatformConfig, ReadStore, SealedIds } from '@app/platform';
import { GivenEvent, projectEvents, withEmbeddedReadStore } from '@app/platform/testing/projection-spec';
import { created, ev } from '../../domain/testing/site.fixtures';
import { adaptiveSchemasProjection } from '../adaptive-schema.projection';
import { AdaptiveSchemas } from '../adaptive-schemas';
import { PublishingAuthKeys } from '../publishing-auth-keys';
import { publishingAuthProjection } from '../publishing-auth.projection';
import { sitesProjection } from '../queries/sites.projection';
import { SealedSecrets } from '@app/platform';
import { shareLinksProjection } from '../share-link.projection';
import { hashShareKey } from '../share-link-keys';
import { unsignedClaimsOf, VisitorAdmissions } from './visitor-admissions';
import { VisitorTokens } from './visitor-tokens';

const NOW = new Date('2026-03-01T10:00:00.000Z');
const SITE = 'site1';
const ids = { siteId: SITE, organizationId: 'org1' };
const published = ev('SitePublished', { organizationId: 'org1', publishedAt: NOW.toISOString() });
const visibility = (v: string) => ev('SiteUpdated', { organizationId: 'org1', changes: { visibility: v as never }, updatedAt: NOW.toISOString() });
const shareLink = (id: string, key: string) => ({
  type: 'SiteShareLinkCreated',
  data: { shareLinkId: id, ...ids, name: id, keyHash: hashShareKey(key), sealedKey: 'v1.x', createdAt: NOW.toISOString() },
});
const schema = {
  type: 'SiteAdaptiveSchemaUpdated',
  data: {
    ...ids,
    updatedAt: NOW.toISOString(),
    jsonSchema: {
      type: 'object',
      additionalProperties: false,
      properties: {
        beta: { type: 'boolean', description: 'Beta' },
        unsigned: {
          type: 'object',
          description: 'Unsigned claims of the site visitor.',
          additionalProperties: false,
          properties: { language: { type: 'string', description: 'Language' } },
        },
      },
    },
  },
};

describe('visitor admission (AdmitVisitorQuery)', () => {
  let dataDir: string;
  let keys: PublishingAuthKeys;
  const clock = new ManualClock(NOW);
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'admission-'));
    keys = new PublishingAuthKeys(new SealedSecrets(new SealedIds(PlatformConfig.fromEnv({}, { dataDir }))));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  /** Admissions over read models built from these events (site, share links, auth settings, schema). */
  async function withSite<T>(
    events: { site?: GivenEvent[]; links?: GivenEvent[]; auth?: GivenEvent[]; schema?: GivenEvent[] },
    fn: (a: VisitorAdmissions) => Promise<T>,
  ) {
    return withEmbeddedReadStore(async (store: ReadStore) => {
      await projectEvents(sitesProjection, events.site ?? [created(), published], store);
      await projectEvents(shareLinksProjection, events.links ?? [], store);
      await projectEvents(publishingAuthProjection, events.auth ?? [], store);
      await projectEvents(adaptiveSchemasProjection, events.schema ?? [], store);
      return fn(new VisitorAdmissions(store, new AdaptiveSchemas(store), keys, new VisitorTokens(clock, PlatformConfig.fromEnv({}, { dataDir }))));
    });
  }
  /** A generated site key: the regeneration event (sealed) and the key in clear. */
  const siteKey = (keyId = 'k1') => {
    const { key, sealedKey } = keys.generate(SITE, keyId);
    return { key, event: { type: 'SitePublishingAuthKeyRegenerated', data: { ...ids, keyId, sealedKey, regeneratedAt: NOW.toISOString() } } };
  };
  const token = (secret: string, claims: Record<string, unknown>, expIn = 3600) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(Math.floor(NOW.getTime() / 1000) + expIn)
      .sign(new TextEncoder().encode(secret));

  it('answers 404 for an unknown or unpublished site', async () => {
    await withSite({ site: [created()] }, async (a) => {
      expect(await a.admit(SITE, {})).toEqual({ admitted: false, status: 404, message: 'No published site with id site1' });
      expect(await a.admit('nope', {})).toMatchObject({ admitted: false, status: 404 });
    });
  });

  it('admits anyone to public and unlisted sites; a valid token adds its claims, an invalid one is ignored', async () => {
    const { key, event } = siteKey();
    for (const v of ['public', 'unlisted']) {
      await withSite({ site: [created(), visibility(v), published], auth: [event] }, async (a) => {
        expect(await a.admit(SITE, {})).toEqual({ admitted: true, claims: {}, via: 'public' });
        expect(await a.admit(SITE, { jwtToken: await token(key, { aud: SITE, beta: true }) })).toEqual({
          admitted: true,
          claims: { beta: true },
          via: 'visitor-token',
        });
        expect(await a.admit(SITE, { jwtToken: await token('wrong'.repeat(9), { aud: SITE, beta: true }) })).toEqual({
          admitted: true,
          claims: {},
          via: 'public',
        });
      });
    }
  });

  it('share-link sites need the key of an active link; an unknown, inactive or deleted link is 404', async () => {
    const links = [
      shareLink('l1', 'key-one'),
      shareLink('l2', 'key-two'),
      shareLink('l3', 'key-three'),
      { type: 'SiteShareLinkUpdated', data: { shareLinkId: 'l2', siteId: SITE, changes: { active: false }, updatedAt: NOW.toISOString() } },
      { type: 'SiteShareLinkDeleted', data: { shareLinkId: 'l3', siteId: SITE, deletedAt: NOW.toISOString() } },
    ];
    await withSite({ site: [created(), visibility('share-link'), published], links }, async (a) => {
      expect(await a.admit(SITE, { shareKey: 'key-one' })).toEqual({ admitted: true, claims: {}, via: 'share-link' });
      for (const shareKey of [undefined, '', 'key-two', 'key-three', 'key-four', hashShareKey('key-one')]) {
        expect(await a.admit(SITE, { shareKey })).toEqual({
          admitted: false,
          status: 404,
          message: 'shareKey: no active share link of site site1 has this key',
        });
      }
    });
  });

  it('visitor-auth sites need a valid token (401 otherwise, with the fallback URL when set)', async () => {
    const { key, event } = siteKey();
    const fallback = {
      type: 'SitePublishingAuthUpdated',
      data: { ...ids, changes: { fallbackURL: 'https://example.com/login' }, updatedAt: NOW.toISOString() },
    };
    await withSite({ site: [created(), visibility('visitor-auth'), published], auth: [event, fallback] }, async (a) => {
      expect(await a.admit(SITE, { jwtToken: await token(key, { aud: SITE, sub: 'u1' }) })).toEqual({
        admitted: true,
        claims: { sub: 'u1' },
        via: 'visitor-token',
      });
      const refusals = [
        [{}, /^visitorAuthToken: /],
        [{ jwtToken: await token(key, { aud: SITE }, -10) }, /expired/],
        [{ jwtToken: await token(key, { aud: 'site2' }) }, /aud must be the site id site1/],
        [{ jwtToken: await token('another-key'.repeat(4), { aud: SITE }) }, /signature/],
        [{ shareKey: 'key-one' }, /^visitorAuthToken: /],
      ] as const;
      for (const [credentials, message] of refusals) {
        expect(await a.admit(SITE, credentials)).toEqual({
          admitted: false,
          status: 401,
          message: expect.stringMatching(message),
          fallbackURL: 'https://example.com/login',
        });
      }
    });
  });

  it('a regenerated key ends the tokens signed with the old one', async () => {
    const first = siteKey('k1');
    const second = siteKey('k2');
    await withSite({ site: [created(), visibility('visitor-auth'), published], auth: [first.event, second.event] }, async (a) => {
      expect(await a.admit(SITE, { jwtToken: await token(first.key, { aud: SITE }) })).toMatchObject({ admitted: false, status: 401 });
      expect(await a.admit(SITE, { jwtToken: await token(second.key, { aud: SITE }) })).toMatchObject({ admitted: true });
    });
  });

  it('adds the unsigned claims the schema declares, only when it declares an unsigned object', async () => {
    const { key, event } = siteKey();
    await withSite({ auth: [event], schema: [schema] }, async (a) => {
      const jwtToken = await token(key, { aud: SITE, beta: true });
      expect(await a.admit(SITE, { jwtToken, unsignedClaims: { language: 'fr', admin: true, __proto__: { x: 1 } } })).toEqual({
        admitted: true,
        claims: { beta: true, unsigned: { language: 'fr' } },
        via: 'visitor-token',
      });
      expect(await a.admit(SITE, {})).toEqual({ admitted: true, claims: { unsigned: {} }, via: 'public' });
    });
    await withSite({}, async (a) => {
      expect(await a.admit(SITE, { unsignedClaims: { language: 'fr' } })).toEqual({ admitted: true, claims: {}, via: 'public' });
    });
    expect(unsignedClaimsOf(null, { a: 1 })).toBeNull();
  });
});
