import { dejaVu, ttfToWoff2 } from '../../libs/fonts/src/testing/woff-encoder';
import { bearer, email, startTestApp, TestApp } from '../support/test-app';
import { testIdp } from '../support/saml-idp';

/**
 * Tenant isolation, route by route: a token of organization A can neither read nor change
 * anything of organization B. Every route the application serves is walked (the list comes
 * from the router, and a route without a row below fails the test: a new route is covered by
 * adding its row). Each row calls the route with B's ids, as an admin of A, with a body that
 * would be valid, so the answer is about access and not about input:
 *   - 404 for everything of B the caller may not see (existence does not leak);
 *   - 403 for what they can see but may not change: B's public space (public spaces are
 *     readable by anyone authenticated, by contract), in the second table;
 *   - a few routes are not about one organization (the caller's own profile, their own
 *     organizations): their row checks that nothing of B shows up.
 */
type Fixture = Record<string, string>;
interface Row {
  /** Ids to use instead of B's (a secret the caller cannot know). */
  ids?: Fixture;
  body?: unknown;
  query?: Record<string, unknown>;
  /** Default 404. */
  status?: number;
  /** Extra assertions on the body (for routes answering 2xx). */
  check?: (body: any, b: Fixture) => void;
}

const RANDOM = 'does-not-exist-123';
const B_FONT = ttfToWoff2(dejaVu('DejaVuSansMono'));
const validMove = { parent: null };
const ROWS: Record<string, Row> = {
  // System and the caller's own things: nothing of B.
  'GET /v1': { status: 200 },
  // Health probes: no token needed, nothing of any organization in them.
  'GET /health/live': { status: 200, check: (body, b) => expect(JSON.stringify(body)).not.toContain(b.organizationId) },
  'GET /health/ready': { status: 200, check: (body, b) => expect(JSON.stringify(body)).not.toContain(b.organizationId) },
  // Prometheus metrics (open without METRICS_TOKEN): labels carry no ids (metrics.e2e-spec.ts scans the text).
  'GET /metrics': { status: 200 },
  // The API reference page (Swagger UI) and its assets: no token, nothing of any organization; an unknown asset is not found.
  'GET /v1/docs': { status: 200, check: (body, b) => expect(JSON.stringify(body)).not.toContain(b.organizationId) },
  'GET /v1/docs/assets/:file': {},
  // The server's own OpenAPI document: no token, the same for everyone, nothing of any organization.
  'GET /v1/openapi.json': { status: 200, check: (body, b) => expect(JSON.stringify(body)).not.toContain(b.organizationId) },
  'GET /v1/openapi.yaml': { status: 200 },
  'GET /v1/user': { status: 200, check: (body, b) => expect(body.id).not.toBe(b.adminId) },
  // A profile (with its email) is visible only to people who share an organization with its owner.
  'GET /v1/users/:userId': {},
  'GET /v1/orgs': { status: 200, check: (body, b) => expect(body.items.map((o: { id: string }) => o.id)).not.toContain(b.organizationId) },
  'GET /v1/email-domains/:emailDomain/orgs': { status: 200, check: (body, b) => expect(JSON.stringify(body)).not.toContain(b.organizationId) },
  // Signed URLs: an unknown token is not found.
  'GET /v1/content/files/:token': {},
  'GET /v1/content/pdf/:token': {},

  // Organizations, members, invites, teams (organizations context): the organization itself is not found.
  'GET /v1/orgs/:organizationId': {},
  'PATCH /v1/orgs/:organizationId': { body: { title: 'Taken over' } },
  // Joining by email domain answers the contract's "email domain is not valid" outcome.
  'POST /v1/orgs/:organizationId/join': { status: 400 },
  'GET /v1/orgs/:organizationId/change-requests': {},
  'POST /v1/orgs/:organizationId/invites': { body: { emails: ['new@example.com'], role: 'admin' } },
  // An invite link's id is its secret: whoever holds it may join (by design), so the caller tries a guess.
  'POST /v1/orgs/:organizationId/invites/:inviteId': { ids: { inviteId: RANDOM } },
  'GET /v1/orgs/:organizationId/link-invites': {},
  'POST /v1/orgs/:organizationId/link-invites': { body: { role: 'admin' } },
  'GET /v1/orgs/:organizationId/link-invites/:inviteId': {},
  'PATCH /v1/orgs/:organizationId/link-invites/:inviteId': { body: { role: 'admin' } },
  'DELETE /v1/orgs/:organizationId/link-invites/:inviteId': {},
  'GET /v1/orgs/:organizationId/members': {},
  'GET /v1/orgs/:organizationId/members/:userId': {},
  'PATCH /v1/orgs/:organizationId/members/:userId': { body: { role: 'admin' } },
  'DELETE /v1/orgs/:organizationId/members/:userId': {},
  'GET /v1/orgs/:organizationId/members/:userId/teams': {},
  'GET /v1/orgs/:organizationId/teams': {},
  'PUT /v1/orgs/:organizationId/teams': { body: { title: 'Intruders' } },
  'GET /v1/orgs/:organizationId/teams/:teamId': {},
  'PATCH /v1/orgs/:organizationId/teams/:teamId': { body: { title: 'Renamed' } },
  'DELETE /v1/orgs/:organizationId/teams/:teamId': {},
  'GET /v1/orgs/:organizationId/teams/:teamId/members': {},
  'PUT /v1/orgs/:organizationId/teams/:teamId/members': { body: { add: [] } },
  'PUT /v1/orgs/:organizationId/teams/:teamId/members/:userId': { body: {} },
  'DELETE /v1/orgs/:organizationId/teams/:teamId/members/:userId': {},
  // Member operations, agent instructions; a profile is only ever its owner's to change (403 for anyone else, existing or not).
  'POST /v1/orgs/:organizationId/members/:userId/sso': {},
  'GET /v1/orgs/:organizationId/members/:userId/spaces': {},
  'POST /v1/orgs/:organizationId/ping': {},
  'GET /v1/orgs/:organizationId/agent-instructions': {},
  'PUT /v1/orgs/:organizationId/agent-instructions': { body: { instructions: { object: 'document', data: {}, nodes: [] } } },
  'PATCH /v1/users/:userId': { body: { displayName: 'Taken over' }, status: 403 },
  // SAML providers (sso context): B's provider is not found.
  // Webhooks (audit context): B's endpoints, their secrets and deliveries are not found.
  'GET /v1/orgs/:organizationId/webhooks': {},
  'POST /v1/orgs/:organizationId/webhooks': { body: { url: 'https://hooks.example.com/planted', events: ['*'] } },
  'GET /v1/orgs/:organizationId/webhooks/:webhookId': {},
  'PATCH /v1/orgs/:organizationId/webhooks/:webhookId': { body: { url: 'https://hooks.example.com/stolen' } },
  'DELETE /v1/orgs/:organizationId/webhooks/:webhookId': {},
  'POST /v1/orgs/:organizationId/webhooks/:webhookId/rotate-secret': {},
  'POST /v1/orgs/:organizationId/webhooks/:webhookId/ping': {},
  'GET /v1/orgs/:organizationId/webhooks/:webhookId/deliveries': {},
  'POST /v1/orgs/:organizationId/webhooks/:webhookId/deliveries/:deliveryId/redeliver': {},
  'GET /v1/orgs/:organizationId/saml': {},
  'POST /v1/orgs/:organizationId/saml': { body: { label: 'Planted' } },
  'GET /v1/orgs/:organizationId/saml/:samlProviderId': {},
  'PATCH /v1/orgs/:organizationId/saml/:samlProviderId': { body: { label: 'Defaced' } },
  'DELETE /v1/orgs/:organizationId/saml/:samlProviderId': {},
  // Signing in is public by design (whoever signs in has no token yet): B's sign-in page lists its
  // providers' start URLs and nothing else, the start URL redirects to B's IdP, the entity ID is
  // B's SP metadata, and an ACS refuses what its IdP did not sign.
  'GET /v1/orgs/:organizationId/sso': {
    status: 200,
    check: (body, b) => expect(body.items).toEqual([{ id: b.samlProviderId, label: 'B IdP', startURL: expect.stringMatching(/\/start$/) }]),
  },
  'GET /v1/orgs/:organizationId/saml/:samlProviderId/start': { status: 302 },
  'GET /v1/orgs/:organizationId/saml/:samlProviderId/metadata': { status: 200 },
  'POST /v1/orgs/:organizationId/saml/:samlProviderId/acs': { body: { SAMLResponse: Buffer.from('<Response/>').toString('base64') }, status: 401 },

  // OpenAPI specs (openapi context): B's spec, its versions and their content; its bytes behind a signed link or, when public, its published link.
  'GET /v1/orgs/:organizationId/openapi': {},
  'POST /v1/orgs/:organizationId/openapi': { body: { slug: 'planted', source: { text: 'openapi: 3.0.3' } } },
  'GET /v1/orgs/:organizationId/openapi/:specSlug': {},
  'PUT /v1/orgs/:organizationId/openapi/:specSlug': { body: { source: { url: 'https://evil.example.com/openapi.json' } } },
  'PATCH /v1/orgs/:organizationId/openapi/:specSlug': { body: { visibility: 'public' } },
  'DELETE /v1/orgs/:organizationId/openapi/:specSlug': {},
  'GET /v1/orgs/:organizationId/openapi/:specSlug/versions': {},
  'GET /v1/orgs/:organizationId/openapi/:specSlug/versions/latest': {},
  'GET /v1/orgs/:organizationId/openapi/:specSlug/versions/latest/content': {},
  'GET /v1/orgs/:organizationId/openapi/:specSlug/versions/:versionId': {},
  'GET /v1/orgs/:organizationId/openapi/:specSlug/versions/:versionId/content': {},
  'GET /v1/openapi/raw/:token': {},
  // Conversations (conversations context): B's conversation, its issue and cluster.
  'GET /v1/orgs/:organizationId/conversations': {},
  'POST /v1/orgs/:organizationId/conversations': { body: { id: 'planted', parts: [{ type: 'message', role: 'user', body: 'Planted' }] } },
  'GET /v1/orgs/:organizationId/conversations/:conversationId': {},
  'GET /v1/orgs/:organizationId/conversations-issues': {},
  'GET /v1/orgs/:organizationId/conversations-issues/:issueId': {},
  'GET /v1/orgs/:organizationId/conversations-clusters': {},
  'GET /v1/orgs/:organizationId/conversations-clusters/:clusterId': {},
  'PATCH /v1/orgs/:organizationId/conversations-clusters/:clusterId': { body: { muted: true } },
  // B's spec is private: not published to anyone.
  'GET /v1/openapi/public/:organizationId/:specSlug': {},
  // Storage and custom fonts: B's font is not found (deleting it "did not exist"); a signed upload URL A cannot forge is refused.
  'POST /v1/orgs/:organizationId/storage/upload': { body: { kind: 'import_file', file: { name: 'a.json', type: 'application/json', size: 2 } } },
  'PUT /v1/storage/uploads/:token': { status: 403 },
  'POST /v1/storage/uploads/:token': { status: 403 },
  'GET /v1/orgs/:organizationId/fonts': {},
  'PUT /v1/orgs/:organizationId/fonts': { body: { fontFamily: 'Planted', fontFaces: [{ weight: 400, storageKey: 'orgs/x/planted.woff2' }] } },
  'GET /v1/orgs/:organizationId/fonts/:fontId': {},
  'POST /v1/orgs/:organizationId/fonts/:fontId': { body: { fontFamily: 'Defaced' } },
  'DELETE /v1/orgs/:organizationId/fonts/:fontId': { status: 204 },
  // A face's file is public (browsers load it without a token): a name that is not one of its files is not found.
  'GET /v1/orgs/:organizationId/fonts/:fontId/files/:file': {},
  // Translations and the glossary (translations context): B's translation is not found (deleting it "did not exist").
  'GET /v1/orgs/:organizationId/translations': {},
  'POST /v1/orgs/:organizationId/translations': { body: { source: { space: 'planted', language: 'en' }, language: 'fr' } },
  'GET /v1/orgs/:organizationId/translations/:translationId': {},
  'PUT /v1/orgs/:organizationId/translations/:translationId': { body: { instructions: { object: 'document', data: {}, nodes: [] } } },
  'DELETE /v1/orgs/:organizationId/translations/:translationId': { status: 204 },
  'POST /v1/orgs/:organizationId/translations/:translationId/run': {},
  'GET /v1/orgs/:organizationId/translations-glossary': {},
  'PUT /v1/orgs/:organizationId/translations-glossary': { body: { operations: [{ type: 'insert', translations: { en: 'Planted' } }] } },
  'GET /v1/orgs/:organizationId/translations-glossary/:glossaryEntryId': {},
  // Content imports (imports context): B's organization and its runs are not found.
  'GET /v1/org/:organizationId/imports': {},
  'POST /v1/org/:organizationId/imports': { body: { source: { type: 'website', url: 'https://93.184.215.14/' }, target: { space: 'planted' } } },
  'GET /v1/org/:organizationId/imports/:importRunId': {},
  'POST /v1/org/:organizationId/imports/:importRunId/cancel': {},
  // Sites (sites context): B's site, its structure and customization. Deletes of what A cannot see "did not exist".
  'GET /v1/orgs/:organizationId/sites': {},
  'POST /v1/orgs/:organizationId/sites': { body: { title: 'Planted' } },
  'GET /v1/orgs/:organizationId/sites/:siteId': {},
  'PATCH /v1/orgs/:organizationId/sites/:siteId': { body: { title: 'Defaced' } },
  'DELETE /v1/orgs/:organizationId/sites/:siteId': { status: 204 },
  'POST /v1/orgs/:organizationId/sites/:siteId/publish': {},
  'POST /v1/orgs/:organizationId/sites/:siteId/unpublish': {},
  'GET /v1/orgs/:organizationId/sites/:siteId/published': {},
  'GET /v1/orgs/:organizationId/sites/:siteId/publishing/preview': {},
  'GET /v1/orgs/:organizationId/sites/:siteId/publishing/auth': {},
  'PATCH /v1/orgs/:organizationId/sites/:siteId/publishing/auth': { body: { backend: 'custom', fallbackURL: 'https://evil.example.com/login' } },
  'POST /v1/orgs/:organizationId/sites/:siteId/publishing/auth/regenerate': {},
  'GET /v1/orgs/:organizationId/sites/:siteId/structure': {},
  'GET /v1/orgs/:organizationId/sites/:siteId/permissions/aggregate': {},
  'GET /v1/orgs/:organizationId/sites/:siteId/customization': {},
  'PUT /v1/orgs/:organizationId/sites/:siteId/customization': { body: { title: 'Defaced' } },
  'GET /v1/orgs/:organizationId/sites/:siteId/site-spaces': {},
  'POST /v1/orgs/:organizationId/sites/:siteId/site-spaces': { body: { spaceId: RANDOM } },
  'PATCH /v1/orgs/:organizationId/sites/:siteId/site-spaces/:siteSpaceId': { body: { hidden: true } },
  'DELETE /v1/orgs/:organizationId/sites/:siteId/site-spaces/:siteSpaceId': { status: 204 },
  'POST /v1/orgs/:organizationId/sites/:siteId/site-spaces/:siteSpaceId/move': { body: { position: { before: { type: 'site-space', siteSpace: RANDOM } } } },
  'GET /v1/orgs/:organizationId/sites/:siteId/site-spaces/:siteSpaceId/customization': {},
  'PATCH /v1/orgs/:organizationId/sites/:siteId/site-spaces/:siteSpaceId/customization': { body: { title: 'Defaced' } },
  'DELETE /v1/orgs/:organizationId/sites/:siteId/site-spaces/:siteSpaceId/customization': { status: 204 },
  'GET /v1/orgs/:organizationId/sites/:siteId/sections': {},
  'POST /v1/orgs/:organizationId/sites/:siteId/sections': { body: { spaceId: RANDOM } },
  'PATCH /v1/orgs/:organizationId/sites/:siteId/sections/:siteSectionId': { body: { title: 'Defaced' } },
  'DELETE /v1/orgs/:organizationId/sites/:siteId/sections/:siteSectionId': { status: 204 },
  'POST /v1/orgs/:organizationId/sites/:siteId/sections/:siteSectionId/move': { body: { position: { before: { type: 'site-section', siteSection: RANDOM } } } },
  'GET /v1/orgs/:organizationId/sites/:siteId/section-groups': {},
  'POST /v1/orgs/:organizationId/sites/:siteId/section-groups': { body: { title: 'Planted' } },
  'PATCH /v1/orgs/:organizationId/sites/:siteId/section-groups/:siteSectionGroupId': { body: { title: 'Defaced' } },
  'DELETE /v1/orgs/:organizationId/sites/:siteId/section-groups/:siteSectionGroupId': { status: 204 },
  'POST /v1/orgs/:organizationId/sites/:siteId/section-groups/:siteSectionGroupId/sections': { body: { sectionId: RANDOM } },
  'DELETE /v1/orgs/:organizationId/sites/:siteId/section-groups/:siteSectionGroupId/sections/:siteSectionId': { status: 204 },
  'POST /v1/orgs/:organizationId/sites/:siteId/section-groups/:siteSectionGroupId/move': {
    body: { position: { before: { type: 'site-section', id: RANDOM } } },
  },
  // Site services (sites context): share links, MCP servers, adaptive schema, redirects, hostnames, subdomains.
  'GET /v1/orgs/:organizationId/sites/:siteId/share-links': {},
  'POST /v1/orgs/:organizationId/sites/:siteId/share-links': { body: { name: 'Planted' } },
  'PATCH /v1/orgs/:organizationId/sites/:siteId/share-links/:shareLinkId': { body: { active: false } },
  'DELETE /v1/orgs/:organizationId/sites/:siteId/share-links/:shareLinkId': {},
  'GET /v1/orgs/:organizationId/sites/:siteId/mcp-servers': {},
  'POST /v1/orgs/:organizationId/sites/:siteId/mcp-servers': { body: { name: 'Planted', url: 'https://mcp.example.com' } },
  'GET /v1/orgs/:organizationId/sites/:siteId/mcp-servers/:siteMcpServerId': {},
  'PATCH /v1/orgs/:organizationId/sites/:siteId/mcp-servers/:siteMcpServerId': { body: { name: 'Defaced' } },
  'DELETE /v1/orgs/:organizationId/sites/:siteId/mcp-servers/:siteMcpServerId': {},
  'GET /v1/orgs/:organizationId/sites/:siteId/adaptive-schema': {},
  'PUT /v1/orgs/:organizationId/sites/:siteId/adaptive-schema': { body: { jsonSchema: { type: 'object', properties: {}, additionalProperties: false } } },
  'GET /v1/orgs/:organizationId/sites/:siteId/adaptive-schema/template-conditions': {},
  'GET /v1/orgs/:organizationId/sites/:siteId/redirects': {},
  'POST /v1/orgs/:organizationId/sites/:siteId/redirects': { body: { source: '/planted', destination: { kind: 'site-space', siteSpaceId: RANDOM } } },
  'PATCH /v1/orgs/:organizationId/sites/:siteId/redirects/:siteRedirectId': { body: { source: '/defaced' } },
  'DELETE /v1/orgs/:organizationId/sites/:siteId/redirects/:siteRedirectId': {},
  'GET /v1/orgs/:organizationId/sites/:siteId/redirect': { query: { source: '/old' } },
  // Site insights: visitors send events without a token (as in the reference: anyone may track a
  // page view of B's site, by design); the figures are for B's members only.
  'POST /v1/orgs/:organizationId/sites/:siteId/insights/events': { status: 204, body: { events: [] } },
  'POST /v1/orgs/:organizationId/sites/:siteId/insights/events/aggregate': { body: { range: 'last7Days' } },
  'GET /v1/orgs/:organizationId/sites/:siteId/insights/visitor-segments': {},
  // A hostname or subdomain of B is "not found" for A; removing one A cannot see "did not exist" (no site in its path).
  'GET /v1/custom-hostnames/:hostname': { ids: { hostname: 'docs.b.example.com' } },
  'PATCH /v1/custom-hostnames/:hostname': { ids: { hostname: 'docs.b.example.com' } },
  'DELETE /v1/custom-hostnames/:hostname': { ids: { hostname: 'docs.b.example.com' }, status: 204 },
  'GET /v1/subdomains/:subdomain': { ids: { subdomain: 'org-b' } },

  // Spaces and collections (this context). Deletes of what the caller cannot see "did not exist".
  'GET /v1/orgs/:organizationId/spaces': {},
  'POST /v1/orgs/:organizationId/spaces': { body: { title: 'Planted' } },
  'GET /v1/orgs/:organizationId/collections': {},
  'POST /v1/orgs/:organizationId/collections': { body: { title: 'Planted' } },
  'GET /v1/spaces/:spaceId': {},
  'PATCH /v1/spaces/:spaceId': { body: { title: 'Defaced' } },
  'DELETE /v1/spaces/:spaceId': { status: 204 },
  'POST /v1/spaces/:spaceId/duplicate': {},
  'POST /v1/spaces/:spaceId/restore': {},
  'POST /v1/spaces/:spaceId/move': { body: validMove },
  'POST /v1/spaces/:spaceId/transfer': { body: { organization: '{ownOrg}' } },
  'POST /v1/spaces/:spaceId/permissions': { body: { role: 'admin', users: ['{adminA}'] } },
  'GET /v1/spaces/:spaceId/permissions/users': {},
  'PATCH /v1/spaces/:spaceId/permissions/users/:userId': { body: { role: 'admin' } },
  'DELETE /v1/spaces/:spaceId/permissions/users/:userId': {},
  'GET /v1/spaces/:spaceId/permissions/teams': {},
  'PATCH /v1/spaces/:spaceId/permissions/teams/:teamId': { body: { role: 'admin' } },
  'DELETE /v1/spaces/:spaceId/permissions/teams/:teamId': {},
  'GET /v1/spaces/:spaceId/permissions/aggregate': {},
  'GET /v1/collections/:collectionId': {},
  'PATCH /v1/collections/:collectionId': { body: { title: 'Defaced' } },
  'DELETE /v1/collections/:collectionId': { status: 204 },
  'GET /v1/collections/:collectionId/spaces': {},
  'POST /v1/collections/:collectionId/move': { body: validMove },
  'POST /v1/collections/:collectionId/transfer': { body: { organization: '{ownOrg}' } },
  'POST /v1/collections/:collectionId/permissions': { body: { role: 'admin', users: ['{adminA}'] } },
  'GET /v1/collections/:collectionId/permissions/users': {},
  'PATCH /v1/collections/:collectionId/permissions/users/:userId': { body: { role: 'admin' } },
  'DELETE /v1/collections/:collectionId/permissions/users/:userId': {},
  'GET /v1/collections/:collectionId/permissions/teams': {},
  'PATCH /v1/collections/:collectionId/permissions/teams/:teamId': { body: { role: 'admin' } },
  'DELETE /v1/collections/:collectionId/permissions/teams/:teamId': {},
  'GET /v1/collections/:collectionId/permissions/aggregate': {},

  // Content (content context).
  'GET /v1/spaces/:spaceId/change-requests': {},
  'POST /v1/spaces/:spaceId/change-requests': { body: { subject: 'Planted' } },
  'GET /v1/spaces/:spaceId/change-requests/:changeRequestId': {},
  'PATCH /v1/spaces/:spaceId/change-requests/:changeRequestId': { body: { subject: 'Defaced' } },
  'GET /v1/spaces/:spaceId/change-requests/:changeRequestId/content': {},
  'POST /v1/spaces/:spaceId/change-requests/:changeRequestId/content': { body: { changes: [{ operation: 'delete_page', page: RANDOM }] } },
  'GET /v1/spaces/:spaceId/change-requests/:changeRequestId/content/files': {},
  'GET /v1/spaces/:spaceId/change-requests/:changeRequestId/content/files/:fileId': {},
  'GET /v1/spaces/:spaceId/change-requests/:changeRequestId/content/page/:pageId': {},
  'GET /v1/spaces/:spaceId/change-requests/:changeRequestId/content/pages': {},
  'GET /v1/spaces/:spaceId/change-requests/:changeRequestId/content/path/*pagePath': {},
  'GET /v1/spaces/:spaceId/change-requests/:changeRequestId/contributors': {},
  'POST /v1/spaces/:spaceId/change-requests/:changeRequestId/merge': {},
  'POST /v1/spaces/:spaceId/change-requests/:changeRequestId/update': {},
  'GET /v1/spaces/:spaceId/change-requests/:changeRequestId/pdf': {},
  'GET /v1/spaces/:spaceId/change-requests/:changeRequestId/requested-reviewers': {},
  'POST /v1/spaces/:spaceId/change-requests/:changeRequestId/requested-reviewers': { body: { users: ['{adminA}'] } },
  'DELETE /v1/spaces/:spaceId/change-requests/:changeRequestId/requested-reviewers/:userId': {},
  'GET /v1/spaces/:spaceId/change-requests/:changeRequestId/reviews': {},
  'POST /v1/spaces/:spaceId/change-requests/:changeRequestId/reviews': { body: { status: 'approved' } },
  'GET /v1/spaces/:spaceId/change-requests/:changeRequestId/reviews/:reviewId': {},
  'GET /v1/spaces/:spaceId/content': {},
  'GET /v1/spaces/:spaceId/content/files': {},
  'GET /v1/spaces/:spaceId/content/files/:fileId': {},
  'GET /v1/spaces/:spaceId/content/page/:pageId': {},
  'GET /v1/spaces/:spaceId/content/pages': {},
  'GET /v1/spaces/:spaceId/content/path/*pagePath': {},
  'GET /v1/spaces/:spaceId/pdf': {},
  'GET /v1/spaces/:spaceId/links': {},
  // Search (published-sites context): B's private space, B's organization, B's site.
  'GET /v1/spaces/:spaceId/search': { query: { query: 'secret' } },
  'GET /v1/orgs/:organizationId/search': { query: { query: 'secret' } },
  'POST /v1/orgs/:organizationId/sites/:siteId/search': { body: { query: 'secret' } },
  // Published-URL resolution (published-sites context): B's site, by its custom hostname, is not published.
  'POST /v1/urls/published': { body: { url: 'https://docs.b.example.com/' } },
  'GET /v1/urls/published': { query: { url: 'https://docs.b.example.com/' } },
  // URL resolution and embeds (published-sites context): B's site by its custom hostname; an embed of it is the bare link.
  'GET /v1/urls/content': { query: { url: 'https://docs.b.example.com/' } },
  'GET /v1/urls/embed': {
    query: { url: 'https://docs.b.example.com/' },
    status: 200,
    check: (body) => expect(body).toEqual({ type: 'link', title: 'https://docs.b.example.com/', site: 'docs.b.example.com' }),
  },
  'GET /v1/spaces/:spaceId/embed': { query: { url: 'https://docs.b.example.com/' } },
  'GET /v1/spaces/:spaceId/content/page/:pageId/links': {},
  'GET /v1/spaces/:spaceId/content/page/:pageId/backlinks': {},
  'GET /v1/spaces/:spaceId/content/files/:fileId/backlinks': {},
  'GET /v1/spaces/:spaceId/change-requests/:changeRequestId/content/page/:pageId/links': {},
  'GET /v1/spaces/:spaceId/change-requests/:changeRequestId/content/page/:pageId/backlinks': {},
  'GET /v1/spaces/:spaceId/change-requests/:changeRequestId/content/files/:fileId/backlinks': {},
  'GET /v1/spaces/:spaceId/revisions/:revisionId': {},
  'GET /v1/spaces/:spaceId/revisions/:revisionId/files': {},
  'GET /v1/spaces/:spaceId/revisions/:revisionId/files/:fileId': {},
  'GET /v1/spaces/:spaceId/revisions/:revisionId/page/:pageId': {},
  'GET /v1/spaces/:spaceId/revisions/:revisionId/pages': {},
  'GET /v1/spaces/:spaceId/revisions/:revisionId/path/*pagePath': {},
  'GET /v1/spaces/:spaceId/documents/:documentId': {},
  'GET /v1/spaces/:spaceId/revisions/:revisionId/page/:pageId/document': {},
  'GET /v1/spaces/:spaceId/content/reusable-contents/:reusableContentId': {},
  'GET /v1/spaces/:spaceId/change-requests/:changeRequestId/content/reusable-contents/:reusableContentId': {},
  'GET /v1/spaces/:spaceId/revisions/:revisionId/reusable-contents/:reusableContentId': {},
  'GET /v1/spaces/:spaceId/revisions/:revisionId/reusable-contents/:reusableContentId/document': {},
  'GET /v1/spaces/:spaceId/revisions/:revisionId/changes': {},
  'POST /v1/spaces/:spaceId/content/template': { body: { id: 'product-docs' } },
  'POST /v1/spaces/:spaceId/content/computed/document': { body: { source: { type: 'integration:a:b', props: {} }, seed: 's' } },
  'POST /v1/spaces/:spaceId/content/computed/revision': { body: { source: { type: 'integration:a:b', props: {} }, seed: 's' } },
  // Git sync (git-sync context): another organization's space is not found, before any remote is contacted.
  'POST /v1/spaces/:spaceId/git/import': { body: { url: 'https://git.example.com/evil.git', ref: 'refs/heads/main' } },
  'POST /v1/spaces/:spaceId/git/export': { body: { url: 'https://git.example.com/evil.git', ref: 'refs/heads/main', commitMessage: 'Planted' } },
  'GET /v1/spaces/:spaceId/git/info': {},
  'DELETE /v1/spaces/:spaceId/git/legacy-installation': {},

  // Comments (comments context): B's comment and reply in its private space, and its change request's.
  'GET /v1/spaces/:spaceId/comments': {},
  'POST /v1/spaces/:spaceId/comments': { body: { body: { markdown: 'Planted' } } },
  'GET /v1/spaces/:spaceId/comments/:commentId': {},
  'PUT /v1/spaces/:spaceId/comments/:commentId': { body: { resolved: true, addedReactions: ['👍'] } },
  'DELETE /v1/spaces/:spaceId/comments/:commentId': {},
  'GET /v1/spaces/:spaceId/comments/:commentId/replies': {},
  'POST /v1/spaces/:spaceId/comments/:commentId/replies': { body: { body: { markdown: 'Planted' } } },
  'GET /v1/spaces/:spaceId/comments/:commentId/replies/:commentReplyId': {},
  'PUT /v1/spaces/:spaceId/comments/:commentId/replies/:commentReplyId': { body: { body: { markdown: 'Defaced' } } },
  'DELETE /v1/spaces/:spaceId/comments/:commentId/replies/:commentReplyId': {},
  'GET /v1/spaces/:spaceId/commenters': {},
  'GET /v1/spaces/:spaceId/change-requests/:changeRequestId/comments': {},
  'POST /v1/spaces/:spaceId/change-requests/:changeRequestId/comments': { body: { body: { markdown: 'Planted' } } },
  'GET /v1/spaces/:spaceId/change-requests/:changeRequestId/comments/:commentId': {},
  'PUT /v1/spaces/:spaceId/change-requests/:changeRequestId/comments/:commentId': { body: { resolved: true, addedReactions: ['👍'] } },
  'DELETE /v1/spaces/:spaceId/change-requests/:changeRequestId/comments/:commentId': {},
  'GET /v1/spaces/:spaceId/change-requests/:changeRequestId/comments/:commentId/replies': {},
  'POST /v1/spaces/:spaceId/change-requests/:changeRequestId/comments/:commentId/replies': { body: { body: { markdown: 'Planted' } } },
  'GET /v1/spaces/:spaceId/change-requests/:changeRequestId/comments/:commentId/replies/:commentReplyId': {},
  'PUT /v1/spaces/:spaceId/change-requests/:changeRequestId/comments/:commentId/replies/:commentReplyId': { body: { body: { markdown: 'Defaced' } } },
  'DELETE /v1/spaces/:spaceId/change-requests/:changeRequestId/comments/:commentId/replies/:commentReplyId': {},
  'GET /v1/spaces/:spaceId/change-requests/:changeRequestId/commenters': {},
  // The live change feed (audit context): B's stream is not found, before the Accept header is even looked at.
  'GET /v1/orgs/:organizationId/events': {},
  // Audit events and resource histories (audit context): B's log, B's events, B's space and member are not found.
  'GET /v1/orgs/:organizationId/audit-events': {},
  'GET /v1/orgs/:organizationId/audit-events/:auditEventId': {},
  'GET /v1/orgs/:organizationId/audit-event-actions': {},
  'GET /v1/orgs/:organizationId/members/:userId/audit-events': {},
  'GET /v1/spaces/:spaceId/audit-events': {},
};

/**
 * B's public space: readable by anyone authenticated (contract), so reads succeed and every
 * change is 403. Only routes about the space itself; the rest are covered by the table above.
 */
const PUBLIC_SPACE_ROWS: Record<string, Row> = {
  'GET /v1/spaces/:spaceId': { status: 200, check: (body) => expect(body.permissions).toMatchObject({ view: true, admin: false, edit: false }) },
  'GET /v1/spaces/:spaceId/content': { status: 200 },
  'GET /v1/spaces/:spaceId/change-requests': { status: 200 },
  'GET /v1/spaces/:spaceId/search': { query: { query: 'public' }, status: 200 },
  'GET /v1/spaces/:spaceId/embed': { query: { url: 'https://docs.b.example.com/' }, status: 200 },
  'PATCH /v1/spaces/:spaceId': { body: { title: 'Defaced' }, status: 403 },
  'DELETE /v1/spaces/:spaceId': { status: 403 },
  'POST /v1/spaces/:spaceId/duplicate': { status: 403 },
  'POST /v1/spaces/:spaceId/restore': { status: 403 },
  'POST /v1/spaces/:spaceId/move': { body: validMove, status: 403 },
  'POST /v1/spaces/:spaceId/transfer': { body: { organization: '{ownOrg}' }, status: 403 },
  'POST /v1/spaces/:spaceId/permissions': { body: { role: 'admin', users: ['{adminA}'] }, status: 403 },
  'GET /v1/spaces/:spaceId/permissions/users': { status: 403 },
  'GET /v1/spaces/:spaceId/permissions/teams': { status: 403 },
  'GET /v1/spaces/:spaceId/permissions/aggregate': { status: 403 },
  'PATCH /v1/spaces/:spaceId/permissions/users/:userId': { body: { role: 'admin' }, status: 403 },
  'DELETE /v1/spaces/:spaceId/permissions/users/:userId': { status: 403 },
  'PATCH /v1/spaces/:spaceId/permissions/teams/:teamId': { body: { role: 'admin' }, status: 403 },
  'DELETE /v1/spaces/:spaceId/permissions/teams/:teamId': { status: 403 },
  'POST /v1/spaces/:spaceId/change-requests': { body: { subject: 'Planted' }, status: 403 },
  'POST /v1/spaces/:spaceId/content/template': { body: { id: 'product-docs' }, status: 403 },
  // Git sync needs the edit role (triggerGitSync); removing the installation the admin role.
  'POST /v1/spaces/:spaceId/git/import': { body: { url: 'https://git.example.com/evil.git', ref: 'refs/heads/main' }, status: 403 },
  'POST /v1/spaces/:spaceId/git/export': { body: { url: 'https://git.example.com/evil.git', ref: 'refs/heads/main', commitMessage: 'x' }, status: 403 },
  'DELETE /v1/spaces/:spaceId/git/legacy-installation': { status: 403 },
  // Discussions are read with the space; posting needs the comment role.
  'GET /v1/spaces/:spaceId/comments': { status: 200 },
  'GET /v1/spaces/:spaceId/commenters': { status: 200 },
  'POST /v1/spaces/:spaceId/comments': { body: { body: { markdown: 'Planted' } }, status: 403 },
  // A space's history is for its admins.
  'GET /v1/spaces/:spaceId/audit-events': { status: 403 },
};

function routesOf(t: TestApp): string[] {
  const app = t.app.getHttpAdapter().getInstance() as { router?: { stack: any[] }; _router?: { stack: any[] } };
  const stack = (app.router ?? app._router)!.stack;
  return stack.filter((l) => l.route).flatMap((l) => Object.keys(l.route.methods).map((m) => `${m.toUpperCase()} ${l.route.path}`));
}

describe('isolation between organizations: every route (e2e)', () => {
  let t: TestApp;
  let a: { organizationId: string; userId: string; token: string };
  const b: Fixture = {};

  beforeAll(async () => {
    t = await startTestApp();
    a = await t.bootstrap('Org A', email('alice'));
    const boot = await t.bootstrap('Org B', email('bob'));
    const as = (path: string) => ({
      post: (body: unknown) => t.http.post(path).set(bearer(boot.token)).send(body),
      put: (body: unknown) => t.http.put(path).set(bearer(boot.token)).send(body),
    });
    const [member] = await t.cli('user', 'create', '--email', email('bea'), '--name', 'Bea', '--org', boot.organizationId, '--role', 'edit');
    b.organizationId = boot.organizationId;
    b.adminId = boot.userId;
    b.userId = member.userId;
    b.teamId = (await as(`/v1/orgs/${b.organizationId}/teams`).put({ title: 'B team', members: [member.userId] })).body.id;
    b.collectionId = (await as(`/v1/orgs/${b.organizationId}/collections`).post({ title: 'B collection' })).body.id;
    const space = (await as(`/v1/orgs/${b.organizationId}/spaces`).post({ title: 'B private', parent: b.collectionId })).body;
    b.spaceId = space.id;
    b.revisionId = space.revision;
    b.publicSpaceId = (await as(`/v1/orgs/${b.organizationId}/spaces`).post({ title: 'B public', visibility: 'public' })).body.id;
    await as(`/v1/spaces/${b.spaceId}/permissions`).post({ role: 'read', teams: [b.teamId], users: [member.userId] });
    await as(`/v1/spaces/${b.publicSpaceId}/permissions`).post({ role: 'read', teams: [b.teamId], users: [member.userId] });
    await as(`/v1/collections/${b.collectionId}/permissions`).post({ role: 'read', teams: [b.teamId], users: [member.userId] });
    b.changeRequestId = (await as(`/v1/spaces/${b.spaceId}/change-requests`).post({ subject: 'B change' })).body.id;
    await t.http.patch(`/v1/orgs/${b.organizationId}`).set(bearer(boot.token)).send({ inviteLinks: true, hostname: 'org-b' });
    b.inviteId = (await as(`/v1/orgs/${b.organizationId}/link-invites`).post({ role: 'read' })).body.id;
    const site = `/v1/orgs/${b.organizationId}/sites`;
    b.siteId = (await as(site).post({ title: 'B site', spaces: [b.publicSpaceId] })).body.id;
    b.siteSectionId = (await as(`${site}/${b.siteId}/sections`).post({ spaceId: b.spaceId })).body.id;
    b.siteSpaceId = (await t.http.get(`${site}/${b.siteId}/site-spaces`).set(bearer(boot.token))).body.items[0].id;
    b.siteSectionGroupId = (await as(`${site}/${b.siteId}/section-groups`).post({ title: 'B group', sections: [b.siteSectionId] })).body.id;
    // B's site services, so the rows above reach real ids (and B's custom hostname and subdomain exist).
    b.shareLinkId = (await as(`${site}/${b.siteId}/share-links`).post({ name: 'B link' })).body.id;
    b.siteMcpServerId = (await as(`${site}/${b.siteId}/mcp-servers`).post({ name: 'B tools', url: 'https://mcp.example.com', headers: {} })).body.id;
    b.siteRedirectId = (
      await as(`${site}/${b.siteId}/redirects`).post({ source: '/old', destination: { kind: 'site-space', siteSpaceId: b.siteSpaceId } })
    ).body.id;
    await t.http.patch(`${site}/${b.siteId}`).set(bearer(boot.token)).send({ hostname: 'docs.b.example.com' });
    b.commentId = (await as(`/v1/spaces/${b.spaceId}/comments`).post({ body: { markdown: 'B note' } })).body.id;
    b.commentReplyId = (await as(`/v1/spaces/${b.spaceId}/comments/${b.commentId}/replies`).post({ body: { markdown: 'B reply' } })).body.id;
    b.conversationId = 'b-ticket';
    await as(`/v1/orgs/${b.organizationId}/conversations`).post({
      id: b.conversationId,
      parts: [{ type: 'message', role: 'user', body: 'The B guide does not explain the export format.' }],
    });
    b.specSlug = (
      await as(`/v1/orgs/${b.organizationId}/openapi`).post({ slug: 'b-api', source: { text: 'swagger: "2.0"\ninfo: {title: B, version: "1"}\npaths: {}\n' } })
    ).body.slug;
    await t.engine.drain();
    await t.scheduler.runDue();
    await t.engine.drain();
    b.versionId = (await t.http.get(`/v1/orgs/${b.organizationId}/openapi/b-api`).set(bearer(boot.token))).body.lastVersion;
    const bIssue = (await t.http.get(`/v1/orgs/${b.organizationId}/conversations-issues`).set(bearer(boot.token))).body.items[0].issue;
    [b.issueId, b.clusterId] = [bIssue.id, bIssue.cluster];
    // B's custom font, from a WOFF2 file uploaded through a signed URL.
    const upload = (
      await as(`/v1/orgs/${b.organizationId}/storage/upload`).post({
        kind: 'customization_font',
        file: { name: 'b.woff2', type: 'font/woff2', size: B_FONT.length },
      })
    ).body;
    await t.http.put(new URL(upload.url).pathname).set('Content-Type', 'font/woff2').send(B_FONT);
    b.fontId = (await as(`/v1/orgs/${b.organizationId}/fonts`).put({ fontFamily: 'B Sans', fontFaces: [{ weight: 400, storageKey: upload.key }] })).body.id;
    const idp = testIdp(t.clock.now());
    b.samlProviderId = (
      await as(`/v1/orgs/${b.organizationId}/saml`).post({ label: 'B IdP', entityID: idp.entityID, ssoURL: idp.ssoURL, certificate: idp.certificate })
    ).body.id;
    // Inactive: nothing is sent in the background while the walk runs.
    b.webhookId = (await as(`/v1/orgs/${b.organizationId}/webhooks`).post({ url: 'https://hooks.b.example.com/', events: ['*'], active: false })).body.id;
    b.deliveryId = RANDOM;
    b.translationId = (await as(`/v1/orgs/${b.organizationId}/translations`).post({ source: { space: b.spaceId, language: 'en' }, language: 'fr' })).body.id;
    await as(`/v1/orgs/${b.organizationId}/translations-glossary`).put({ operations: [{ type: 'insert', translations: { en: 'Space', fr: 'Espace' } }] });
    b.glossaryEntryId = (await t.http.get(`/v1/orgs/${b.organizationId}/translations-glossary`).set(bearer(boot.token))).body.items[0]?.id;
    // A pending import run (the test fires no timers: the address is never requested).
    b.importRunId = (
      await as(`/v1/org/${b.organizationId}/imports`).post({ source: { type: 'website', url: 'https://93.184.215.14/' }, target: { space: b.spaceId } })
    ).body.id;
    await t.engine.drain();
    b.auditEventId = (await t.http.get(`/v1/orgs/${b.organizationId}/audit-events`).set(bearer(boot.token))).body.items?.[0]?.id;
    for (const [k, v] of Object.entries(b)) if (!v) throw new Error(`fixture ${k} was not created`);
    Object.assign(b, { reviewId: RANDOM, pageId: RANDOM, fileId: RANDOM, token: RANDOM, pagePath: 'intro', emailDomain: 'example.com' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const fill = (route: string, ids: Fixture) => route.split(' ')[1].replace(/[:*](\w+)/g, (_, name) => encodeURIComponent(ids[name] ?? RANDOM));
  const fillBody = (v: unknown): unknown =>
    JSON.parse(
      JSON.stringify(v ?? {})
        .replace('{ownOrg}', a.organizationId)
        .replace('{adminA}', a.userId),
    );

  async function request(route: string, row: Row, ids: Fixture) {
    const method = route.split(' ')[0].toLowerCase();
    let req = t.http[method](fill(route, ids)).set(bearer(a.token));
    if (row.query) req = req.query(row.query);
    return method === 'get' || method === 'delete' ? req : req.send(fillBody(row.body) as object);
  }

  it('every route of the application has a row, and every row is a route', () => {
    const routes = routesOf(t);
    expect(routes.filter((r) => !(r in ROWS))).toEqual([]);
    expect(Object.keys(ROWS).filter((r) => !routes.includes(r))).toEqual([]);
    expect(Object.keys(PUBLIC_SPACE_ROWS).filter((r) => !routes.includes(r))).toEqual([]);
  });

  it.each(Object.keys(ROWS))('%s: nothing of organization B', async (route) => {
    const row = ROWS[route];
    const res = await request(route, row, { ...b, ...row.ids });
    const expected = row.status ?? 404;
    expect([route, res.status]).toEqual([route, expected]);
    if (expected >= 400) expect(res.body).toEqual({ error: { code: expected, message: expect.any(String) } });
    if (expected === 204) expect(res.text).toBe('');
    row.check?.(res.body, b);
  });

  it.each(Object.keys(PUBLIC_SPACE_ROWS))("%s on B's public space: readable, never changeable", async (route) => {
    const row = PUBLIC_SPACE_ROWS[route];
    const res = await request(route, row, { ...b, spaceId: b.publicSpaceId });
    expect([route, res.status]).toEqual([route, row.status]);
    if (row.status! >= 400) expect(res.body.error.code).toBe(row.status);
    row.check?.(res.body, b);
  });

  it("B's data is unchanged after the walk", async () => {
    const [{ token }] = await t.cli('token', 'create', '--user', b.adminId);
    const as = (path: string) => t.http.get(path).set(bearer(token));
    expect((await as(`/v1/spaces/${b.spaceId}`)).body).toMatchObject({ title: 'B private', organization: b.organizationId, parent: b.collectionId });
    expect((await as(`/v1/spaces/${b.publicSpaceId}`)).body).toMatchObject({ title: 'B public', organization: b.organizationId });
    expect((await as(`/v1/collections/${b.collectionId}`)).body).toMatchObject({ title: 'B collection', organization: b.organizationId });
    expect((await as(`/v1/orgs/${b.organizationId}`)).body.title).toBe('Org B');
    expect((await as(`/v1/orgs/${b.organizationId}/spaces`)).body.count).toBe(2);
    expect((await as(`/v1/orgs/${b.organizationId}/members`)).body.count).toBe(2);
    expect((await as(`/v1/spaces/${b.spaceId}/permissions/users`)).body.items.map((i: { user: { id: string } }) => i.user.id)).toEqual([b.userId]);
    expect((await as(`/v1/orgs/${b.organizationId}/teams/${b.teamId}`)).body.title).toBe('B team');
    const site = (await as(`/v1/orgs/${b.organizationId}/sites/${b.siteId}`)).body;
    expect([site.title, site.published, site.siteSpaces]).toEqual(['B site', false, 2]);
    expect((await as(`/v1/orgs/${b.organizationId}/sites/${b.siteId}/section-groups`)).body.items.map((g: { title: string }) => g.title)).toEqual(['B group']);
    expect((await as(`/v1/orgs/${b.organizationId}/sites`)).body.count).toBe(1);
    for (const [list, count] of [
      ['share-links', 1],
      ['mcp-servers', 1],
      ['redirects', 1],
    ] as const)
      expect([list, (await as(`/v1/orgs/${b.organizationId}/sites/${b.siteId}/${list}`)).body.count]).toEqual([list, count]);
    expect((await as('/v1/custom-hostnames/docs.b.example.com')).body.target).toEqual({ type: 'site', site: b.siteId });
    const spec = (await as(`/v1/orgs/${b.organizationId}/openapi/b-api`)).body;
    expect([spec.visibility, spec.sourceURL, spec.lastVersion]).toEqual(['private', undefined, b.versionId]);
    expect((await as(`/v1/orgs/${b.organizationId}/fonts/${b.fontId}`)).body.fontFamily).toBe('B Sans');
    expect((await as(`/v1/orgs/${b.organizationId}/translations/${b.translationId}`)).body.language).toBe('fr');
    expect((await as(`/v1/orgs/${b.organizationId}/translations-glossary`)).body.items.map((e: { translations: object }) => e.translations)).toEqual([
      { en: 'Space', fr: 'Espace' },
    ]);
    expect((await as(`/v1/orgs/${b.organizationId}/saml/${b.samlProviderId}`)).body.label).toBe('B IdP');
    expect((await as(`/v1/orgs/${b.organizationId}/webhooks/${b.webhookId}`)).body).toMatchObject({ url: 'https://hooks.b.example.com/', active: false });
    expect((await as(`/v1/orgs/${b.organizationId}/agent-instructions`)).body.instructions.nodes).toEqual([]);
    const comment = (await as(`/v1/spaces/${b.spaceId}/comments/${b.commentId}`)).body;
    expect([comment.status, comment.body, comment.replies, comment.reactions]).toEqual(['open', { markdown: 'B note' }, 1, []]);
  });
});
