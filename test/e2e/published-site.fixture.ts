import { api } from '../support/content-api';
import { bearer, TestApp } from '../support/test-app';

/**
 * Shared by the published-site suites and the browser test: content written and merged through
 * the API, sites created, structured and published through it, and pages fetched the way a
 * browser does (no bearer token, cookies kept by hand).
 */
export function publishedSites(t: TestApp, organizationId: string, admin: string) {
  const a = api(t);
  const sites = `/v1/orgs/${organizationId}/sites`;
  const ok = async (res: { status: number; body: any }, status = [200, 201]) => {
    if (!status.includes(res.status)) throw new Error(`unexpected ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const post = (path: string, body: unknown) =>
    t.http
      .post(path)
      .set(bearer(admin))
      .send(body as object);
  const patch = (path: string, body: unknown) =>
    t.http
      .patch(path)
      .set(bearer(admin))
      .send(body as object);

  return {
    async space(title: string): Promise<string> {
      return (await a.createSpace(organizationId, admin, title)).id;
    },
    /** Writes `changes` on a change request and merges it into main; answers the write's body. */
    async merged(space: string, changes: unknown[]): Promise<any> {
      const cr = (await a.createCR(space, admin, { subject: 'Edit' })).body.id;
      const body = await ok(await a.write(space, cr, admin, changes, false));
      await ok(await a.merge(space, cr, admin));
      return body;
    },
    async pageIds(space: string): Promise<Record<string, string>> {
      const res = await t.http.get(`/v1/spaces/${space}/content/pages`).set(bearer(admin));
      const flat = (pages: any[]): any[] => pages.flatMap((p) => [p, ...flat(p.pages ?? [])]);
      return Object.fromEntries(flat(res.body.pages).map((p) => [p.title, p.id]));
    },
    async site(title: string, spaces: string[], settings: Record<string, unknown> = {}): Promise<{ id: string; url: string }> {
      const site = await ok(await post(sites, { title, spaces }));
      if (Object.keys(settings).length) await ok(await patch(`${sites}/${site.id}`, settings));
      // urls.published is answered once the site is published; its form is known before.
      return { id: site.id, url: `${t.baseUrl}/published/${organizationId}/${encodeURIComponent(site.basename)}` };
    },
    async publish(siteId: string): Promise<void> {
      await ok(await post(`${sites}/${siteId}/publish`, {}));
    },
    async unpublish(siteId: string): Promise<void> {
      await ok(await post(`${sites}/${siteId}/unpublish`, {}));
    },
    update: (siteId: string, body: Record<string, unknown>) => patch(`${sites}/${siteId}`, body).then((r: any) => ok(r)),
    section: (siteId: string, body: Record<string, unknown>) => post(`${sites}/${siteId}/sections`, body).then((r: any) => ok(r)),
    updateSection: (siteId: string, sectionId: string, body: Record<string, unknown>) =>
      patch(`${sites}/${siteId}/sections/${sectionId}`, body).then((r: any) => ok(r)),
    sections: (siteId: string) =>
      t.http
        .get(`${sites}/${siteId}/sections`)
        .set(bearer(admin))
        .then((r: any) => r.body.items as any[]),
    siteSpaces: (siteId: string) =>
      t.http
        .get(`${sites}/${siteId}/site-spaces`)
        .set(bearer(admin))
        .then((r: any) => r.body.items as any[]),
    addSpace: (siteId: string, body: Record<string, unknown>) => post(`${sites}/${siteId}/site-spaces`, body).then((r: any) => ok(r)),
    updateSiteSpace: (siteId: string, siteSpaceId: string, body: Record<string, unknown>) =>
      patch(`${sites}/${siteId}/site-spaces/${siteSpaceId}`, body).then((r: any) => ok(r)),
    group: (siteId: string, body: Record<string, unknown>) => post(`${sites}/${siteId}/section-groups`, body).then((r: any) => ok(r)),
    redirect: (siteId: string, body: Record<string, unknown>) => post(`${sites}/${siteId}/redirects`, body).then((r: any) => ok(r)),
    shareLink: (siteId: string, name: string) => post(`${sites}/${siteId}/share-links`, { name }).then((r: any) => ok(r)),
    updateShareLink: (siteId: string, linkId: string, body: Record<string, unknown>) =>
      patch(`${sites}/${siteId}/share-links/${linkId}`, body).then((r: any) => ok(r)),
    adaptiveSchema: (siteId: string, jsonSchema: unknown) =>
      t.http
        .put(`${sites}/${siteId}/adaptive-schema`)
        .set(bearer(admin))
        .send({ jsonSchema })
        .then((r: any) => ok(r)),
    /** The site's visitor signing key (answered in full only by regenerate). */
    regenerateKey: (siteId: string) => post(`${sites}/${siteId}/publishing/auth/regenerate`, {}).then((r: any) => ok(r)),
    updateAuth: (siteId: string, body: Record<string, unknown>) => patch(`${sites}/${siteId}/publishing/auth`, body).then((r: any) => ok(r)),
  };
}

/** A path of a published URL on this server (what a browser would request). */
export const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

/** The Set-Cookie values of a response as one Cookie header (name=value pairs, deleted cookies left out). */
export function cookieHeader(res: { headers: Record<string, unknown> }, previous = ''): string {
  const jar = new Map(
    previous
      .split('; ')
      .filter(Boolean)
      .map((c) => [c.split('=')[0], c] as const),
  );
  const set = (res.headers['set-cookie'] as string[] | undefined) ?? [];
  for (const line of set) {
    const pair = line.split(';')[0];
    const name = pair.split('=')[0];
    if (/Max-Age=0(;|$)/.test(line)) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join('; ');
}
