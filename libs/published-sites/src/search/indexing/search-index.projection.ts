import { createHash } from 'crypto';
import { LRUCache } from 'lru-cache';
import type { QueryBus } from '@nestjs/cqrs';
import { NotFound, ProjectionContext, ProjectionDefinition, RecordedEvent } from '@app/platform';
import { GetReaderContentQuery, GetReaderPageQuery, ReaderContent, ReaderLinks, ReaderPage } from '@app/content';
import { MAIN_CONTENT_EVENTS, MainContentPayload } from '@app/content/contracts';
import { SpaceCreatedPayload, SpaceEvents, SpaceLifecyclePayload, SpaceTransferredPayload } from '@app/spaces/contracts';
import {
  pageKey,
  SEARCH_PAGES,
  SEARCH_PROJECTION,
  SEARCH_SPACES,
  SEARCH_STAMPS,
  SearchPageDoc,
  SearchSpaceDoc,
  SearchStampsDoc,
} from '../index/search-documents';
import { boundedSections } from './bounded-sections';

/** The text of a body is all search needs: links are not rendered anywhere. */
const NO_LINKS: ReaderLinks = { page: () => null, file: () => '' };
/** Bodies read at once while a space is indexed. */
const PARALLEL_READS = 8;
/** Pages looked at between chances for the event loop (ProjectionContext.pause). */
const PAUSE_EVERY_PAGES = 200;

/** Spaces whose last indexing is remembered (see Indexed). */
const REMEMBERED_SPACES = 8;

type Reader = Pick<QueryBus, 'execute'>;
/**
 * What indexing a space at a revision computed: the stamps, a function of the revision alone
 * (so valid in any generation, and whatever happened to the unit of work), and each page's
 * metadata JSON with its digest. The next revision of the space (a merge) then needs neither
 * to read and parse the stamps document again nor to hash the metadata of every unchanged page.
 */
interface Indexed {
  revision: string;
  stamps: SearchStampsDoc['pages'];
  meta: Map<string, { json: string; digest: string }>;
}
type Meta = Pick<SearchPageDoc, 'title' | 'description' | 'path' | 'ancestors' | 'listed' | 'conditions'>;

const digestOf = (json: string) => createHash('sha256').update(json).digest('base64url').slice(0, 16);

/**
 * What a reader sees of a page besides its body: a page under a hidden page is unlisted too, and
 * under a conditional page it carries that condition as well as its own.
 */
function metaOf(page: ReaderPage, byId: Map<string, ReaderPage>): Meta {
  const ancestors: ReaderPage[] = [];
  for (let p = page.parentId ? byId.get(page.parentId) : undefined; p; p = p.parentId ? byId.get(p.parentId) : undefined) ancestors.unshift(p);
  const line = [...ancestors, page];
  return {
    title: page.title,
    description: page.description ?? '',
    path: page.path,
    ancestors: ancestors.map((a) => a.title),
    listed: !page.noIndex && line.every((p) => !p.hidden),
    conditions: line.map((p) => p.condition).filter((c): c is string => !!c),
  };
}

/**
 * The search index's read model (see search-documents.ts), kept from the events that move main's
 * head: for each new head it reads the pages through content's reader queries and writes only
 * pages whose body or metadata changed, and deletes pages that are gone. A page's body is
 * compared by its `bodyVersion` (its markdown and the reusable contents it may include; else
 * its `updatedAt`), so an unchanged page is neither read nor written again. It runs once the content read models include the event
 * (afterReadModels) and is rebuilt like any projection (`projections rebuild search-index`);
 * the adapters' text index follows its collection.
 */
export function searchIndexProjection(queries: Reader): ProjectionDefinition {
  const remembered = new LRUCache<string, Indexed>({ max: REMEMBERED_SPACES });

  async function space(ctx: ProjectionContext, spaceId: string): Promise<SearchSpaceDoc> {
    return (await ctx.get<SearchSpaceDoc>(SEARCH_SPACES, spaceId)) ?? { id: spaceId, organizationId: null, revision: null };
  }

  async function stamps(ctx: ProjectionContext, spaceId: string): Promise<SearchStampsDoc['pages']> {
    return (await ctx.get<SearchStampsDoc>(SEARCH_STAMPS, spaceId))?.pages ?? {};
  }

  async function content(spaceId: string, revision: string): Promise<ReaderContent | null> {
    try {
      return await queries.execute(new GetReaderContentQuery(spaceId, revision));
    } catch (e) {
      // A purged space's content is gone: nothing of it is searchable.
      if (e instanceof NotFound) return null;
      throw e;
    }
  }

  async function index(ctx: ProjectionContext, { spaceId, revision }: MainContentPayload): Promise<void> {
    const s = await space(ctx, spaceId);
    if (s.revision === revision) return;
    const read = await content(spaceId, revision);
    const pages = (read?.pages ?? []).filter((p) => p.kind === 'sheet');
    const byId = new Map((read?.pages ?? []).map((p) => [p.id, p]));
    const last = remembered.get(spaceId);
    const known = last?.revision === s.revision ? last : undefined;
    const before = known?.stamps ?? (await stamps(ctx, spaceId));
    const next: SearchStampsDoc['pages'] = {};
    const meta = new Map<string, { json: string; digest: string }>();
    const changed: Array<{ page: ReaderPage; meta: Meta; sameBody: boolean }> = [];
    // A large space takes many milliseconds: requests get a turn now and then (ProjectionContext.pause).
    let looked = 0;
    for (const page of pages) {
      if (++looked % PAUSE_EVERY_PAGES === 0) await ctx.pause?.();
      const pageMeta = metaOf(page, byId);
      const json = JSON.stringify(pageMeta);
      const hashed = known?.meta.get(page.id);
      const digest = hashed?.json === json ? hashed.digest : digestOf(json);
      meta.set(page.id, { json, digest });
      const stamp: [string, string] = [page.bodyVersion ?? page.updatedAt, digest];
      next[page.id] = stamp;
      const was = before[page.id];
      if (was && was[0] === stamp[0] && was[1] === stamp[1]) continue;
      changed.push({ page, meta: pageMeta, sameBody: was?.[0] === stamp[0] });
    }
    for (let i = 0; i < changed.length; i += PARALLEL_READS) {
      // Bodies mostly come from caches: their promises resolve at once, and a large merge would
      // keep the event loop for seconds without the pauses.
      await ctx.pause?.();
      const docs = await Promise.all(
        changed.slice(i, i + PARALLEL_READS).map(async ({ page, meta, sameBody }): Promise<SearchPageDoc> => {
          const id = pageKey(spaceId, page.id);
          const kept = sameBody ? (await ctx.get<SearchPageDoc>(SEARCH_PAGES, id))?.sections : undefined;
          const sections = kept ?? boundedSections((await queries.execute(new GetReaderPageQuery(spaceId, revision, page.id, NO_LINKS))).sections);
          return { id, spaceId, pageId: page.id, ...meta, sections };
        }),
      );
      for (const d of docs) ctx.put(SEARCH_PAGES, d);
    }
    for (const pageId of Object.keys(before)) if (!(pageId in next)) ctx.delete(SEARCH_PAGES, pageKey(spaceId, pageId));
    ctx.put(SEARCH_STAMPS, { id: spaceId, pages: next });
    ctx.put(SEARCH_SPACES, { ...s, revision });
    remembered.set(spaceId, { revision, stamps: next, meta });
  }

  async function apply(event: RecordedEvent, ctx: ProjectionContext): Promise<void> {
    switch (event.type) {
      case SpaceEvents.SpaceCreated: {
        const d = event.data as SpaceCreatedPayload;
        ctx.put(SEARCH_SPACES, { ...(await space(ctx, d.spaceId)), organizationId: d.organizationId });
        return;
      }
      case SpaceEvents.SpaceTransferred: {
        const d = event.data as SpaceTransferredPayload;
        ctx.put(SEARCH_SPACES, { ...(await space(ctx, d.spaceId)), organizationId: d.to });
        return;
      }
      case SpaceEvents.SpacePurged: {
        const d = event.data as SpaceLifecyclePayload;
        for (const pageId of Object.keys(await stamps(ctx, d.spaceId))) ctx.delete(SEARCH_PAGES, pageKey(d.spaceId, pageId));
        ctx.delete(SEARCH_STAMPS, d.spaceId);
        ctx.delete(SEARCH_SPACES, d.spaceId);
        remembered.delete(d.spaceId);
        return;
      }
      default:
        return index(ctx, event.data as MainContentPayload);
    }
  }

  return {
    name: SEARCH_PROJECTION,
    collections: [{ name: SEARCH_PAGES, indexes: [['spaceId']] }, { name: SEARCH_SPACES, indexes: [['organizationId']] }, { name: SEARCH_STAMPS }],
    handles: [...MAIN_CONTENT_EVENTS, SpaceEvents.SpaceCreated, SpaceEvents.SpaceTransferred, SpaceEvents.SpacePurged],
    apply,
    // Search follows writes shortly after (eventually consistent): a merge's answer never waits for its pages to be indexed.
    servesQueries: false,
    afterReadModels: true,
  };
}
