import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { GetOrganizationQuery } from '@app/organizations';
import { GetSpaceQuery } from '@app/spaces';
import { ListResponse, NotFound, PageQuery } from '@app/platform';
import { backlinks, linkStatus, LinkStatus, LinkUse } from '../../domain/link-index';
import { LinkTarget } from '../../domain/markdown/links';
import { ContentReader, ContentTarget, ResolvedContent } from './content-reader';
import { pageList, RevisionListCursor } from './content.queries';

type Locate = (t: LinkTarget) => Promise<Record<string, unknown>>;

/*
 * What a location carries: the fields the reference (0.146.0 ContentLocationPage/File) requires
 * of its Organization, Space, RevisionPage and RevisionFile, nothing more. The schema requires
 * whole objects, so ids alone would not validate; the optional fields (settings, hostname,
 * description, dimensions, …) are left out because every location repeats them, and so is a page's
 * body: RevisionPageDocument allows a page without one (Document's "Empty" variant).
 */
const ORGANIZATION_FIELDS = ['object', 'id', 'title', 'createdAt', 'emailDomains', 'type', 'inviteLinks', 'plan', 'mergeRules', 'urls', 'trial', 'permissions'];
const SPACE_FIELDS = [
  'object',
  'id',
  'title',
  'emoji',
  'organization',
  'visibility',
  'revision',
  'createdAt',
  'updatedAt',
  'comments',
  'changeRequests',
  'changeRequestsOpen',
  'changeRequestsDraft',
  'mergeRules',
  'urls',
  'defaultLevel',
  'permissions',
];
const PAGE_FIELDS = ['id', 'title', 'kind', 'type', 'urls', 'slug', 'path', 'pages', 'layout'];
const FILE_FIELDS = ['id', 'name', 'contentType', 'downloadURL', 'size'];
const only = (o: Record<string, unknown>, fields: readonly string[]) => Object.fromEntries(fields.filter((f) => f in o).map((f) => [f, o[f]]));
/** `urls` with its required `location` and `app` (a logo or published URL is optional). */
const requiredUrls = (o: Record<string, unknown>) => ({ ...o, urls: only(o.urls as Record<string, unknown>, ['location', 'app']) });

/**
 * Where a link points or sits, as a reference ContentLocation: a page or a file of this space
 * (typed: with the Organization and Space as the caller sees them), or a URL for external
 * targets, broken targets, and callers who cannot see the organization (guests, or outsiders
 * reading a public space). `versionContext` is optional and left out: it would embed the whole
 * revision in every link. A page location holds the page alone (`pages: []`): its subpages
 * would each need their body too.
 */
async function locator(reader: ContentReader, queries: QueryBus, c: ResolvedContent, userId: string): Promise<Locate> {
  const hidden = (e: unknown) => {
    if (e instanceof NotFound) return null;
    throw e;
  };
  const [fullSpace, fullOrganization] = await Promise.all([
    queries.execute(new GetSpaceQuery(c.space.spaceId, userId)).catch(hidden),
    queries.execute(new GetOrganizationQuery(c.space.organizationId, userId)).catch(hidden),
  ]);
  const space = fullSpace && requiredUrls(only(fullSpace, SPACE_FIELDS));
  const organization = fullOrganization && requiredUrls(only(fullOrganization, ORGANIZATION_FIELDS));
  // A page is rendered once per request, however many links point at it or sit in it.
  const pages = new Map<string, Promise<Record<string, unknown>>>();
  const pageView = (id: string) => {
    let v = pages.get(id);
    if (!v) pages.set(id, (v = reader.pageViews(c, [c.tree.get(id)!], 'markdown', false).then(([p]) => only(p, PAGE_FIELDS))));
    return v;
  };
  return async (t) => {
    if (t.kind === 'page') {
      const entry = c.tree.get(t.page);
      if (!entry) return { kind: 'url', url: `/pages/${t.page}` };
      if (space && organization) return { kind: 'page', organization, space, page: await pageView(t.page) };
      return { kind: 'url', url: c.appUrl(c.tree.path(t.page)) };
    }
    if (t.kind === 'file') {
      const f = c.structure.files.get(t.file);
      if (!f) return { kind: 'url', url: `/files/${t.file}` };
      const file = await reader.fileView(c.space.spaceId, f);
      return space && organization ? { kind: 'file', organization, space, file: only(file, FILE_FIELDS) } : { kind: 'url', url: file.downloadURL };
    }
    return { kind: 'url', url: t.kind === 'url' ? t.url : t.kind === 'path' ? t.path : `#${t.anchor}` };
  };
}

async function usage(locate: Locate, use: { target: LinkTarget; relation: string; status: LinkStatus }, pages: string[]) {
  return {
    status: use.status,
    relation: use.relation,
    targetReference: await locate(use.target),
    locationReferences: await Promise.all(pages.map((page) => locate({ kind: 'page', page }))),
  };
}

/** Links of one page, or of the whole content (reference listPageLinks…, listSpaceLinks), with stats. */
export class ListLinksQuery extends Query<ListResponse<unknown> & { stats: unknown }> {
  constructor(
    readonly spaceId: string,
    readonly target: ContentTarget,
    readonly userId: string,
    readonly pageId: string | null,
    readonly page: PageQuery,
    readonly status?: LinkStatus,
  ) {
    super();
  }
}

@QueryHandler(ListLinksQuery)
export class ListLinksHandler implements IQueryHandler<ListLinksQuery> {
  constructor(
    private readonly reader: ContentReader,
    private readonly queries: QueryBus,
  ) {}

  async execute(q: ListLinksQuery) {
    const paging = new RevisionListCursor('content.links', { space: q.spaceId, target: q.target, page: q.pageId, status: q.status ?? null }, 1);
    const cursor = paging.decode(q.page.page);
    const c = await this.reader.resolve(q.spaceId, cursor ? { kind: 'revision', revision: cursor.r } : q.target, q.userId);
    if (q.pageId && !c.tree.get(q.pageId)) throw new NotFound(`No page with id ${q.pageId} in this content`);
    const index = await this.reader.linkIndex(c);
    const uses: Array<{ key: string; target: LinkTarget; relation: string; pages: string[] }> = q.pageId
      ? (index.byPage.get(q.pageId) ?? []).map((u) => ({ ...u, pages: [q.pageId!] }))
      : [...index.byTarget].map(([key, v]) => ({ key, ...v }));
    const all = uses.map((u) => ({ ...u, status: linkStatus(u.target, c.structure) }));
    const filtered = q.status ? all.filter((u) => u.status === q.status) : all;
    const { revision: _r, ...list } = pageList(filtered, (u) => [u.key], c.revision.id, q.page, paging, cursor?.after);
    const stats = await this.stats(c, q.pageId, all);
    const locate = await locator(this.reader, this.queries, c, q.userId);
    return { ...list, items: await Promise.all(list.items.map((u) => usage(locate, u, u.pages))), stats };
  }

  /** Totals count link uses; for a change request, `changeRequest` counts the broken ones its base did not have. */
  private async stats(c: ResolvedContent, pageId: string | null, all: Array<{ key: string; status: LinkStatus; pages: string[] }>) {
    const count = (xs: typeof all) => xs.reduce((n, u) => n + u.pages.length, 0);
    const broken = all.filter((u) => u.status === 'broken');
    const out = { total: count(all), broken: { total: count(broken) } as { total: number; changeRequest?: number } };
    if (c.changeRequest) {
      const base = await this.reader.resolveRevision(c.space.spaceId, c.changeRequest.base);
      const baseIndex = await this.reader.linkIndex({ ...c, ...base });
      const wasBroken = (u: LinkUse) => linkStatus(u.target, base.structure) === 'broken';
      const before = new Set<string>();
      for (const [page, uses] of baseIndex.byPage) if (!pageId || page === pageId) for (const u of uses) if (wasBroken(u)) before.add(`${page}|${u.key}`);
      out.broken.changeRequest = broken.reduce((n, u) => n + u.pages.filter((p) => !before.has(`${p}|${u.key}`)).length, 0);
    }
    return out;
  }
}

/** Pages linking to a page or a file (reference list…PageBacklinks, list…FileBacklinks). */
export class ListBacklinksQuery extends Query<ListResponse<unknown>> {
  constructor(
    readonly spaceId: string,
    readonly target: ContentTarget,
    readonly userId: string,
    readonly of: { page: string } | { file: string },
    readonly page: PageQuery,
  ) {
    super();
  }
}

@QueryHandler(ListBacklinksQuery)
export class ListBacklinksHandler implements IQueryHandler<ListBacklinksQuery> {
  constructor(
    private readonly reader: ContentReader,
    private readonly queries: QueryBus,
  ) {}

  async execute(q: ListBacklinksQuery) {
    const paging = new RevisionListCursor('content.backlinks', { space: q.spaceId, target: q.target, of: q.of }, 1);
    const cursor = paging.decode(q.page.page);
    const c = await this.reader.resolve(q.spaceId, cursor ? { kind: 'revision', revision: cursor.r } : q.target, q.userId);
    if ('page' in q.of && !c.tree.get(q.of.page)) throw new NotFound(`No page with id ${q.of.page} in this content`);
    if ('file' in q.of && !c.structure.files.get(q.of.file)) throw new NotFound(`No file with id ${q.of.file} in this content`);
    const pages = backlinks(await this.reader.linkIndex(c), q.of);
    const { revision: _r, ...list } = pageList(pages, (p) => [p], c.revision.id, q.page, paging, cursor?.after);
    const locate = await locator(this.reader, this.queries, c, q.userId);
    return { ...list, items: await Promise.all(list.items.map((page) => locate({ kind: 'page', page }))) };
  }
}
