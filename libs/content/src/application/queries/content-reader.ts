import { Injectable } from '@nestjs/common';
import { NotFound, ReadStore, Urls } from '@app/platform';
import { buildLinkIndex, LinkIndex } from '../../domain/link-index';
import { FileEntry, PageEntry, Structure } from '../../domain/page';
import { WorkingTree } from '../../domain/tree';
import { ContentAccess, SpaceAccess } from '../content-access';
import { SignedLinks } from '../signed-links';
import { Lru } from '../storage/lru';
import { RevisionStore } from '../storage/revision-store';
import { ChangeRequestViews } from './change-request-views';
import { ChangeRequestDoc } from './change-requests.projection';
import { HEADS, HeadDoc, REVISIONS, RevisionDoc } from './content.projection';
import { PageFormat, toPageView } from './page.view';
import { reusableContentView } from './reusable-content.view';

/** `main.at`: the revision main had at a point in the past (time travel); without it, main's head now. */
export type ContentTarget = { kind: 'main'; at?: string } | { kind: 'change-request'; ref: string } | { kind: 'revision'; revision: string };

export interface ResolvedContent {
  space: SpaceAccess;
  revision: RevisionDoc;
  changeRequest: ChangeRequestDoc | null;
  structure: Structure;
  tree: WorkingTree;
  appUrl: (path: string) => string;
}

/**
 * Reads content for main, a change request or any revision. A revision never changes, so the
 * tree index built for its root is cached and reused by every later read of that revision.
 */
@Injectable()
export class ContentReader {
  private readonly trees = new Lru<string, WorkingTree>(32);
  private readonly links = new Lru<string, LinkIndex>(16);

  constructor(
    private readonly store: ReadStore,
    readonly revisions: RevisionStore,
    private readonly access: ContentAccess,
    private readonly crs: ChangeRequestViews,
    private readonly urls: Urls,
    private readonly signed: SignedLinks,
  ) {}

  async resolve(spaceId: string, target: ContentTarget, userId: string): Promise<ResolvedContent> {
    const space = await this.access.space(spaceId, userId);
    let changeRequest: ChangeRequestDoc | null = null;
    let revisionId: string;
    let app = `/s/${spaceId}`;
    if (target.kind === 'main') {
      revisionId = target.at ?? (await this.store.get<HeadDoc>(HEADS, spaceId))?.revision ?? space.initialRevision;
    } else if (target.kind === 'change-request') {
      changeRequest = await this.crs.find(spaceId, target.ref);
      revisionId = changeRequest.revision;
      app = `/s/${spaceId}/~/changes/${changeRequest.number}`;
    } else {
      revisionId = target.revision;
      app = `/s/${spaceId}/~/revisions/${revisionId}`;
    }
    const opened = await this.resolveRevision(spaceId, revisionId);
    return { space, changeRequest, ...opened, appUrl: (path) => this.urls.app(`${app}${path ? `/${path}` : ''}`) };
  }

  /** A revision of a space, without access checks (callers hold a signed link or checked access). */
  async resolveRevision(spaceId: string, revisionId: string): Promise<Pick<ResolvedContent, 'revision' | 'structure' | 'tree'>> {
    const revision = await this.store.get<RevisionDoc>(REVISIONS, revisionId);
    if (!revision || revision.spaceId !== spaceId) throw new NotFound(`No revision ${revisionId} in space ${spaceId}`);
    const structure = await this.revisions.structure(revision.root, 'read');
    let tree = this.trees.get(revision.root);
    if (!tree) {
      tree = new WorkingTree(structure.pages);
      this.trees.set(revision.root, tree);
    }
    return { revision, structure, tree };
  }

  /** The link index of a revision (needs every body once; cached by root afterwards). */
  async linkIndex(c: Pick<ResolvedContent, 'revision' | 'structure'>): Promise<LinkIndex> {
    const cached = this.links.get(c.revision.root);
    if (cached) return cached;
    const bodies = await this.bodies(c.structure.pages.values());
    const index = buildLinkIndex(c.structure, (doc) => bodies.get(doc) ?? '');
    this.links.set(c.revision.root, index);
    return index;
  }

  /** Bodies of the given pages, read in parallel (cached objects after the first read). */
  async bodies(pages: Iterable<PageEntry>): Promise<Map<string, string>> {
    const list = [...pages];
    const texts = await Promise.all(list.map((p) => this.revisions.body(p.doc, 'read')));
    return new Map(list.map((p, i) => [p.doc, texts[i]]));
  }

  /** Page views of `roots` with their subtrees. */
  async pageViews(c: ResolvedContent, roots: readonly PageEntry[], format: PageFormat, withChildren = true): Promise<Record<string, unknown>[]> {
    const all = withChildren ? roots.flatMap((r) => [r, ...c.tree.descendants(r.id).map((id) => c.tree.get(id)!)]) : [...roots];
    const bodies = await this.bodies(all);
    const ctx = { tree: c.tree, body: (p: PageEntry) => bodies.get(p.doc) ?? '', appUrl: c.appUrl, format };
    return roots.map((r) => toPageView(r, ctx, withChildren));
  }

  async fileView(spaceId: string, f: FileEntry) {
    const token = await this.signed.sign({ k: 'file', b: f.blob, t: f.contentType, n: f.name });
    return {
      id: f.id,
      name: f.name,
      contentType: f.contentType,
      size: f.size,
      downloadURL: this.urls.api(`/content/files/${token}`),
      ...(f.dimensions ? { dimensions: f.dimensions } : {}),
      ...(f.git ? { git: f.git } : {}),
    };
  }

  async revisionView(c: ResolvedContent) {
    const r = c.revision;
    const files = await Promise.all([...c.structure.files.values()].sort(byCreation).map((f) => this.fileView(c.space.spaceId, f)));
    const mergedFrom = r.type === 'merge' && r.changeRequestId ? await this.crs.one(await this.crs.find(c.space.spaceId, r.changeRequestId)) : null;
    return {
      object: 'revision' as const,
      id: r.id,
      parents: r.parents,
      pages: await this.pageViews(c, c.tree.children(null), 'markdown'),
      files,
      reusableContents: [...(c.structure.reusables?.values() ?? [])].sort(byCreation).map(reusableContentView),
      variables: {},
      createdAt: r.createdAt,
      type: r.type,
      // createdByGitBook: the reference's name for the contract's createdByService (the client reads it).
      ...(r.git ? { git: { ...r.git, createdByGitBook: r.git.createdByService } } : {}),
      ...(mergedFrom ? { mergedFrom } : {}),
      urls: { app: c.appUrl('') },
    };
  }
}

/** Files list in upload order (immutable), then by id. */
export const byCreation = (a: Pick<FileEntry, 'createdAt' | 'id'>, b: Pick<FileEntry, 'createdAt' | 'id'>) =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
