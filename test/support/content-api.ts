/**
 * Helpers for the content e2e suites: every call validates the answer against the reference
 * (0.146 for reads and change requests, 0.202 for the content write) before returning it.
 */
import { bearer, TestApp } from './test-app';
import { expectErrorResponse, expectMatches0202, expectMatchesOperation } from './reference-schema';

export interface Res {
  status: number;
  body: any;
  headers: Record<string, string>;
}

export function api(t: TestApp) {
  const check = (operationId: string, res: Res, v0202 = false) => {
    if (res.status < 400) (v0202 ? expectMatches0202 : expectMatchesOperation)(operationId, res.status, res.body);
    else if (v0202) expect(res.body).toEqual({ error: { code: res.status, message: expect.any(String) } });
    else expectErrorResponse(operationId, res.status, res.body);
    return res;
  };
  const get = async (operationId: string, url: string, token: string, query: Record<string, unknown> = {}) =>
    check(operationId, await t.http.get(url).query(query).set(bearer(token)));
  const send = async (
    operationId: string,
    method: 'post' | 'patch' | 'delete',
    url: string,
    token: string,
    body?: unknown,
    query: Record<string, unknown> = {},
  ) =>
    check(
      operationId,
      await t.http[method](url)
        .query(query)
        .set(bearer(token))
        .send(body as object),
      operationId === 'updateChangeRequestContent',
    );
  const cr = (s: string, c: string) => `/v1/spaces/${s}/change-requests/${c}`;
  return {
    get,
    send,
    createSpace: async (org: string, token: string, title = 'Docs') =>
      (await t.http.post(`/v1/orgs/${org}/spaces`).set(bearer(token)).send({ title }).expect(201)).body,
    createCR: (space: string, token: string, body: Record<string, unknown> = {}) =>
      send('createChangeRequest', 'post', `/v1/spaces/${space}/change-requests`, token, body),
    getCR: (space: string, ref: string, token: string) => get('getChangeRequestById', cr(space, ref), token),
    patchCR: (space: string, ref: string, token: string, body: unknown) => send('updateChangeRequestById', 'patch', cr(space, ref), token, body),
    write: (space: string, ref: string, token: string, changes: unknown[], compat?: boolean) =>
      send('updateChangeRequestContent', 'post', `${cr(space, ref)}/content`, token, { changes }, compat === undefined ? {} : { compat: String(compat) }),
    merge: (space: string, ref: string, token: string) => send('mergeChangeRequest', 'post', `${cr(space, ref)}/merge`, token),
    update: (space: string, ref: string, token: string) => send('updateChangeRequest', 'post', `${cr(space, ref)}/update`, token),
    listCRs: (space: string, token: string, query: Record<string, unknown> = {}) =>
      get('listChangeRequestsForSpace', `/v1/spaces/${space}/change-requests`, token, query),
    crPages: (space: string, ref: string, token: string) => get('listPagesInChangeRequest', `${cr(space, ref)}/content/pages`, token),
    crPage: (space: string, ref: string, page: string, token: string, query: Record<string, unknown> = {}) =>
      get('getPageInChangeRequestById', `${cr(space, ref)}/content/page/${page}`, token, query),
    mainPages: (space: string, token: string) => get('listPages', `/v1/spaces/${space}/content/pages`, token),
    mainPage: (space: string, page: string, token: string, query: Record<string, unknown> = {}) =>
      get('getPageById', `/v1/spaces/${space}/content/page/${page}`, token, query),
  };
}

/** Titles of a page tree, depth first, children indented by two spaces. */
export function outline(pages: any[], depth = 0): string[] {
  return pages.flatMap((p) => [`${'  '.repeat(depth)}${p.title}`, ...outline(p.pages ?? [], depth + 1)]);
}

/** All pages of a tree, flattened. */
export const flatten = (pages: any[]): any[] => pages.flatMap((p) => [p, ...flatten(p.pages ?? [])]);
