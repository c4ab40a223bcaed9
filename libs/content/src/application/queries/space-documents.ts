import { Injectable } from '@nestjs/common';
import { ReadStore } from '@app/platform';
import { Lru } from '../storage/lru';
import { RevisionStore } from '../storage/revision-store';
import { REVISIONS, RevisionDoc } from './content.projection';

/** Shape of a document id: the hash naming a body (base64url SHA-256). */
export const DOCUMENT_ID = /^[A-Za-z0-9_-]{43}$/;

/**
 * Which documents (page and reusable-content bodies, named by their hash) belong to a space.
 * Bodies are shared by every space holding the same text, so reading one by id is allowed only
 * when some revision of the space holds it: otherwise anyone could learn that a text exists
 * somewhere on the server by asking for its hash. Revisions are searched newest first (main's
 * head before anything else), each revision's set of documents cached by its root.
 */
@Injectable()
export class SpaceDocuments {
  private readonly byRoot = new Lru<string, Set<string>>(64);

  constructor(
    private readonly store: ReadStore,
    private readonly revisions: RevisionStore,
  ) {}

  async holds(spaceId: string, mainRoot: string, doc: string): Promise<boolean> {
    if (!DOCUMENT_ID.test(doc)) return false;
    if (await this.inRoot(mainRoot, doc)) return true;
    const seen = new Set([mainRoot]);
    const size = 100;
    for (let after: unknown[] | undefined; ;) {
      const batch = await this.store.find<RevisionDoc>(REVISIONS, { spaceId }, { sort: [['createdAt', -1]], limit: size, ...(after ? { after } : {}) });
      for (const r of batch) {
        if (seen.has(r.root)) continue;
        seen.add(r.root);
        if (await this.inRoot(r.root, doc)) return true;
      }
      if (batch.length < size) return false;
      const last = batch[batch.length - 1];
      after = [last.createdAt, last.id];
    }
  }

  private async inRoot(root: string, doc: string): Promise<boolean> {
    let docs = this.byRoot.get(root);
    if (!docs) {
      const s = await this.revisions.structure(root, 'read');
      docs = new Set([...[...s.pages.values()].map((p) => p.doc), ...[...(s.reusables?.values() ?? [])].map((r) => r.doc)]);
      this.byRoot.set(root, docs);
    }
    return docs.has(doc);
  }
}
