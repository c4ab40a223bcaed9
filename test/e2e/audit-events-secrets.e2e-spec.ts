import { bearer, email, startTestApp, TestApp } from '../support/test-app';

/**
 * No secret reaches the audit log: every audit event and every event's details are searched
 * for the API token, the share-link key, the site's visitor authentication key and the MCP
 * header values this test created, and for the sealed forms and hashes that stand for them.
 */
describe('audit events hold no secrets (e2e)', () => {
  let t: TestApp;
  afterAll(async () => t?.close());

  it('searches every audit event and its details for every secret created, and finds none', async () => {
    t = await startTestApp();
    const boot = await t.bootstrap('Secrets', email('ada'));
    const org = boot.organizationId;
    const secrets: string[] = [boot.token];
    const call = (method: 'post' | 'patch' | 'put' | 'delete', url: string, body: object = {}) => t.http[method](url).set(bearer(boot.token)).send(body);

    const [made] = await t.cli('token', 'create', '--user', boot.userId);
    secrets.push(made.token);
    await t.cli('token', 'revoke', '--id', made.tokenId);
    const site = (await call('post', `/v1/orgs/${org}/sites`, { title: 'Secret site', visibility: 'share-link' }).expect(201)).body.id;
    const sv = `/v1/orgs/${org}/sites/${site}`;
    const link = (await call('post', `${sv}/share-links`, { name: 'Reviewers' }).expect(201)).body;
    secrets.push(new URL(link.urls.published).searchParams.get('shareKey')!);
    await call('patch', `${sv}/share-links/${link.id}`, { active: false }).expect(200);
    const headers = ['Bearer mcp-header-secret-1', 'Bearer mcp-header-secret-2'];
    secrets.push(...headers);
    const mcp = (await call('post', `${sv}/mcp-servers`, { name: 'Tools', url: 'https://mcp.example.com', headers: { Authorization: headers[0] } }).expect(201))
      .body.id;
    await call('patch', `${sv}/mcp-servers/${mcp}`, { headers: { Authorization: headers[1] } }).expect(200);
    secrets.push((await call('post', `${sv}/publishing/auth/regenerate`).expect(200)).body.privateKey);
    expect(secrets.every((s) => typeof s === 'string' && s.length >= 16)).toBe(true);

    // What stands for them in the events: sealed values and hashes (the details drop those fields).
    const raw = (await t.app.get(require('@app/platform').EventStore).readAll()) as Array<{ data: Record<string, unknown> }>;
    const derived = raw
      .flatMap((e) => JSON.stringify(e.data).match(/"(?:sealed\w*|keyHash|hash)":"([^"]+)"/g) ?? [])
      .map((m) => m.split('":"')[1].slice(0, -1));
    expect(derived.length).toBeGreaterThanOrEqual(4);

    const exported = await t.http.get(`/v1/orgs/${org}/audit-events`).set(bearer(boot.token)).set('Accept', 'application/x-ndjson').buffer(true).parse(text);
    const events = (exported.body as string)
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const actions = events.map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['site.share-link.created', 'site.mcp-server.updated', 'site.publishing-auth.key.regenerated']));
    const details = await Promise.all(events.map(async (e) => (await t.http.get(new URL(e.urls.location).pathname).set(bearer(boot.token)).expect(200)).body));
    const everything = JSON.stringify([events, details]);
    for (const s of [...secrets, ...derived]) expect(everything).not.toContain(s);
    // The rest of the payload stays: the share link's name, the MCP server's header names.
    expect(details.find((d) => d.action === 'site.share-link.created').payload).toMatchObject({ name: 'Reviewers' });
    expect(details.find((d) => d.action === 'site.mcp-server.created').payload).toMatchObject({ headerNames: ['Authorization'] });
  });
});

function text(res: any, cb: (e: Error | null, body: string) => void) {
  let body = '';
  res.setEncoding('utf8');
  res.on('data', (c: string) => (body += c));
  res.on('end', () => cb(null, body));
}
