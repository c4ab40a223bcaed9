import { Doc, ProjectionContext, ProjectionDefinition, RecordedEvent } from '@app/platform';
import { evolve, initialSiteState, SITE_EVENT_TYPES, SiteEvent, SiteState } from '../../domain/site';
import { levelDefault } from '../../domain/structure/structure';
import {
  SITE_SECTION_GROUPS,
  SITE_SECTIONS,
  SITE_SPACES,
  SITE_STATES,
  SiteDoc,
  SITES,
  SITES_PROJECTION,
  SiteStateDoc,
  SectionDoc,
  SectionGroupDoc,
  SiteSpaceDoc,
} from './sites.read-model';

/** The documents a site's state amounts to, by collection. */
function documents(state: SiteState, seqs: Record<string, number>, siteSeq: number): Array<[string, Doc]> {
  const site = state.site!;
  const s = state.structure;
  const base = (id: string) => ({ id, siteId: site.siteId, organizationId: site.organizationId, seq: seqs[id] ?? siteSeq });
  const out: Array<[string, Doc]> = [];
  const siteDoc: SiteDoc = {
    id: site.siteId,
    organizationId: site.organizationId,
    seq: siteSeq,
    type: site.type,
    title: site.title,
    visibility: site.visibility,
    basename: site.basename,
    hostname: site.hostname,
    proxy: site.proxy,
    published: state.published,
    adaptiveContent: site.adaptiveContent,
    agentsContext: site.agentsContext,
    createdAt: site.createdAt,
    siteSpaces: Object.keys(s.siteSpaces).length,
  };
  out.push([SITES, siteDoc]);
  for (const n of Object.values(s.siteSpaces)) {
    const doc: SiteSpaceDoc = { ...base(n.id), spaceId: n.spaceId, status: 'live', section: n.section, default: levelDefault(s, n.section) === n.id };
    out.push([SITE_SPACES, doc]);
  }
  for (const { node } of Object.values(s.detached)) {
    out.push([SITE_SPACES, { ...base(node.id), spaceId: node.spaceId, status: 'detached', section: node.section, default: false } satisfies SiteSpaceDoc]);
  }
  for (const sec of Object.values(s.sections))
    out.push([SITE_SECTIONS, { ...base(sec.id), group: sec.group, default: s.defaultSection === sec.id } satisfies SectionDoc]);
  for (const g of Object.values(s.groups)) out.push([SITE_SECTION_GROUPS, { ...base(g.id), parent: g.parent } satisfies SectionGroupDoc]);
  return out;
}

const STRUCTURE_COLLECTIONS = [SITE_SPACES, SITE_SECTIONS, SITE_SECTION_GROUPS];

/**
 * Sites, their structure and customization. Each event is folded into the site's state with the
 * aggregate's own evolve (so the read side cannot disagree with the write side on defaults or
 * order), and the site's documents are written again from that state; documents of items that
 * left the state are deleted. A site is small (tens of items), so rewriting them is cheap.
 */
export const sitesProjection: ProjectionDefinition = {
  name: SITES_PROJECTION,
  collections: [
    { name: SITES, indexes: [['organizationId', 'seq']] },
    { name: SITE_STATES },
    {
      name: SITE_SPACES,
      indexes: [
        ['siteId', 'status', 'seq'],
        ['spaceId', 'status'],
      ],
    },
    { name: SITE_SECTIONS, indexes: [['siteId', 'seq']] },
    { name: SITE_SECTION_GROUPS, indexes: [['siteId', 'seq']] },
  ],
  handles: [...SITE_EVENT_TYPES],
  async apply(e: RecordedEvent, ctx: ProjectionContext) {
    const event = e as RecordedEvent & SiteEvent;
    const siteId = event.data.siteId;
    const stored = await ctx.get<SiteStateDoc>(SITE_STATES, siteId);
    const before = stored?.state ?? initialSiteState;
    const state = evolve(before, event);
    const previous = new Map<string, string>();
    for (const c of STRUCTURE_COLLECTIONS) for (const d of await ctx.find(c, { siteId })) previous.set(`${c}/${d.id}`, d.id);
    if (state.status !== 'active' || !state.site) {
      ctx.delete(SITE_STATES, siteId);
      ctx.delete(SITES, siteId);
      for (const key of previous.keys()) ctx.delete(key.slice(0, key.lastIndexOf('/')), previous.get(key)!);
      return;
    }
    const known = stored?.seqs ?? { [siteId]: e.position };
    const s = state.structure;
    const ids = [siteId, ...Object.keys(s.siteSpaces), ...Object.keys(s.detached), ...Object.keys(s.sections), ...Object.keys(s.groups)];
    // Only what the site holds keeps a position: the map does not grow with every item ever added.
    const seqs = Object.fromEntries(ids.map((id) => [id, known[id] ?? e.position]));
    ctx.put(SITE_STATES, { id: siteId, organizationId: state.site.organizationId, state, seqs, position: e.position } satisfies SiteStateDoc);
    for (const [collection, doc] of documents(state, seqs, seqs[siteId])) {
      previous.delete(`${collection}/${doc.id}`);
      ctx.put(collection, doc);
    }
    for (const [key, id] of previous) ctx.delete(key.slice(0, key.lastIndexOf('/')), id);
  },
};
